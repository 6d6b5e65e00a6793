import { defineConfig } from "@playwright/test";
import { E2E_DATA_DIR, E2E_PORT as PORT } from "./tests/e2e/e2e-server";

const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL,
    // A trace records every step of every test, passing ones too; CI keeps only the output,
    // so there it would cost a sixth of the run for nothing anyone reads.
    trace: process.env.CI ? "off" : "retain-on-failure",
    launchOptions: {
      // Debian's headless build of Chromium (the same version as its browser, without the
      // browser's window machinery: a third less CPU per test); no browser is ever downloaded.
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    // The production build on a fresh data directory with the demo seeded.
    command: `rm -rf ${E2E_DATA_DIR} && node server.js`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      PUBLIC_URL: baseURL,
      SEED_DEMO: "true",
      // Each test presents its own client address (see tests/e2e/fixtures.ts), so
      // the sign-in rate limit applies per test as it would per visitor.
      TRUST_PROXY: "1",
      // The line per request would fill the test output; warnings and errors still show.
      LOG_LEVEL: "warn",
    },
  },
});
