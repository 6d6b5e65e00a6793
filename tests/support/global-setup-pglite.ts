/**
 * Creating a PGlite database costs seconds, so one migrated template is built
 * per run and dumped to a file; each test file loads its own copy.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { openPglite } from "../../app/server/db/client.server";

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "portal-pglite-template-"));
  const database = await openPglite(new PGlite());
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  const templateFile = path.join(dir, "template.tar");
  writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide("testDatabase", { kind: "pglite", templateFile });
  return () => rmSync(dir, { recursive: true, force: true });
}
