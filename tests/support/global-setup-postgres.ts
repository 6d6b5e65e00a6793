/**
 * On PostgreSQL, one migrated template database is made per run; each test
 * file gets its own database copied from it (CREATE DATABASE … TEMPLATE),
 * and everything is dropped at the end.
 */
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../../app/server/db/client.server";
import { databaseUrlFor, dropDatabasesWithPrefix, TEST_DATABASE_PREFIX } from "./postgres-admin";

export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const templateName = `${TEST_DATABASE_PREFIX}tpl_${process.pid}`;

  await dropDatabasesWithPrefix(adminUrl, `${TEST_DATABASE_PREFIX}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${templateName}"`);
  await admin.end();

  const database = openPostgres(databaseUrlFor(adminUrl, templateName));
  await database.migrate();
  await database.close();

  project.provide("testDatabase", { kind: "postgres", adminUrl, templateName });
  return () => dropDatabasesWithPrefix(adminUrl, TEST_DATABASE_PREFIX);
}
