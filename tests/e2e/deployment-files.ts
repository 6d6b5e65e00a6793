/**
 * What a deployment copies from a built checkout before `npm ci --omit=dev`: the
 * "Deploying" section of docs/operators.md, the Dockerfile's runtime stage and
 * production-install.spec.ts all name these same paths, so a file the server or an
 * operator command reads at runtime but that is missing here fails that test rather
 * than a deployment.
 */
export const DEPLOYMENT_FILES = [
  // The server bundle and the browser assets, both written by `npm run build`.
  "build",
  // Migrations, applied by the server at start.
  "drizzle",
  // The example sites' pictures (app/server/seed/example-pictures), stored on the first
  // start, and the sources that `npm run admin`, `seed` and `db:migrate` run through tsx.
  "app",
  "scripts",
  // tsx resolves the sources' `~/` imports through its paths.
  "tsconfig.json",
  "server.js",
  // Also marks the project root, from which the server finds the paths above.
  "package.json",
  "package-lock.json",
] as const;
