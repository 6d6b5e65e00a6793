import { configDefaults, defineConfig } from "vitest/config";
import { browserScriptsPlugin } from "./app/sites/browser-scripts.build";

const alias = { "~": new URL("./app", import.meta.url).pathname };

/**
 * Database tests may render real pages through the HTTP app
 * (tests/support/server-build.ts), which needs:
 * - one copy of React Router: the Express adapter is CommonJS and `require`s its
 *   ES module build, so the app must import that same file (the router checks its
 *   context with instanceof);
 * - stylesheet imports (`?url`) giving their real URL, as in the app;
 * - JSX compiled as for production, so that a file may render with React's
 *   production build.
 */
const pageRendering = {
  resolve: {
    alias: [
      { find: "~", replacement: alias["~"] },
      {
        find: /^react-router$/,
        replacement: new URL(
          "./node_modules/react-router/dist/development/index.mjs",
          import.meta.url,
        ).pathname,
      },
    ],
  },
  esbuild: { jsx: "automatic" as const, jsxDev: false },
  test: {
    css: { include: [/.+/] },
    /**
     * What a database test polls for (a notification, a timer's write, a flush) arrives
     * asynchronously, and on two busy cores with three other workers it may take seconds.
     * How soon it arrives is the benches' business: a poll allows 10 s, not Vitest's 1 s.
     */
    expect: { poll: { timeout: 10_000 } },
  },
};
/** As in vite.config.ts: the public pages' scripts (`virtual:shop-page-script`, …), built as for the app. */
const plugins = [browserScriptsPlugin()];

/**
 * A worker loads the app's modules once for all the files it runs, instead of once per file:
 * loading them (better-auth, Drizzle, React Router, the server build) cost more CPU than many
 * files' tests did. Tests therefore leave no module state behind: each makes its own services
 * and database, and restores any global or timer it stubs. (Each project says so: projects
 * do not inherit the root's test options.)
 */
const isolate = false;

const dbTests = ["app/**/*.db.test.ts", "tests/integration/**/*.test.ts"];
// Behaviour that only a PostgreSQL server has (real connections that can drop, several
// server processes on one database).
const postgresOnlyTests = ["app/**/*.pg.test.ts", "tests/integration/**/*.pg.test.ts"];
// Behaviour of the embedded database alone (backups of DATA_DIR), whichever database the
// run's other tests use: running them again in the PostgreSQL project would repeat them.
const pgliteOnlyTests = ["**/*.pglite.test.ts"];

// Database tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const databaseProjects = [
  {
    plugins,
    resolve: pageRendering.resolve,
    esbuild: pageRendering.esbuild,
    test: {
      ...pageRendering.test,
      name: "db:pglite",
      isolate,
      include: dbTests,
      exclude: [...configDefaults.exclude, ...postgresOnlyTests],
      globalSetup: ["tests/support/global-setup-pglite.ts"],
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          plugins,
          resolve: pageRendering.resolve,
          esbuild: pageRendering.esbuild,
          test: {
            ...pageRendering.test,
            name: "db:postgres",
            isolate,
            include: [...dbTests, ...postgresOnlyTests],
            exclude: [...configDefaults.exclude, ...pgliteOnlyTests],
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
    // Most test files spend their time waiting on a database, a child process or a socket:
    // twice the cores keeps both cores busy (7.5 minutes at the default of one per core, 5 at 4).
    maxWorkers: 4,
    projects: [
      {
        plugins,
        resolve: { alias },
        test: {
          name: "unit",
          isolate,
          // Image and password-strength tests are CPU work that shares the cores with three
          // other workers; speed is the benches' business, not a unit test's.
          testTimeout: 20_000,
          include: [
            "app/**/*.test.ts",
            "app/**/*.test.tsx",
            "bench/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: [...dbTests, ...postgresOnlyTests],
        },
      },
      ...databaseProjects,
    ],
  },
});
