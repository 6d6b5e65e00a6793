/**
 * Where the Playwright suite's own server listens and keeps its data. Another port
 * (`E2E_PORT`) gets a data directory of its own, so two runs on one machine stay apart.
 */
import path from "node:path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

export const E2E_DATA_DIR = path.join(".e2e-data", E2E_PORT === 3100 ? "main" : `port-${E2E_PORT}`);
