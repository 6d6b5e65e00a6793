/**
 * On PostgreSQL, one migrated template database is made per run; each test
 * file gets its own database copied from it (CREATE DATABASE … TEMPLATE),
 * and the run's databases are dropped at the end. Runs that share the server
 * leave each other's databases alone (see postgres-admin.ts).
 */
import type { TestProject } from "vitest/node";
import { openPostgres } from "../../app/server/db/client.server";
import { databaseUrlFor, startTestRun } from "./postgres-admin";

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const run = await startTestRun(adminUrl);
  try {
    const database = openPostgres(databaseUrlFor(adminUrl, run.templateName));
    await database.migrate();
    await database.close();
  } catch (error) {
    await run.end();
    throw error;
  }

  project.provide("testDatabase", {
    kind: "postgres",
    adminUrl,
    templateName: run.templateName,
  });
  return () => run.end();
}
