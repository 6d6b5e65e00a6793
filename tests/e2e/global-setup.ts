/**
 * Makes the data directories that preparedDataDir() copies once for the whole run, before the
 * workers start: a first start (migrations, and seeding for the demo's) costs a server several
 * seconds of CPU, which each worker would otherwise spend again, beside the other's tests.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDataDirTemplate, templateName } from "./server-process";

export default async function globalSetup() {
  const root = mkdtempSync(path.join(os.tmpdir(), "portal-e2e-templates-"));
  // One after the other: two first starts at once on a busy two-core machine can pass a
  // start's deadline.
  for (const seedDemo of [false, true]) {
    const dataDir = path.join(root, templateName(seedDemo));
    mkdirSync(dataDir);
    await makeDataDirTemplate(dataDir, seedDemo);
  }
  // The workers inherit it.
  process.env.E2E_DATA_DIR_TEMPLATES = root;
  return () => rmSync(root, { recursive: true, force: true });
}
