import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const dbTests = ["app/**/*.db.test.ts", "tests/integration/**/*.test.ts"];
// Behaviour that only a PostgreSQL server has (real connections that can drop).
const postgresOnlyTests = ["app/**/*.pg.test.ts"];

// Database tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const databaseProjects = [
  {
    resolve: { alias },
    test: {
      name: "db:pglite",
      include: dbTests,
      globalSetup: ["tests/support/global-setup-pglite.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          resolve: { alias },
          test: {
            name: "db:postgres",
            include: [...dbTests, ...postgresOnlyTests],
            globalSetup: ["tests/support/global-setup-postgres.ts"],
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ]
    : []),
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.ts", "app/**/*.test.tsx"],
          exclude: [...dbTests, ...postgresOnlyTests],
        },
      },
      ...databaseProjects,
    ],
  },
});
