/**
 * The benchmark's own databases on a PostgreSQL server: created fresh for a run and
 * dropped after it. Only names starting with `site_builder_bench` are ever touched.
 */
import pg from "pg";

function assertBenchName(name: string) {
  if (!/^site_builder_bench_[a-z_]+$/.test(name)) {
    throw new Error(`Refusing to touch the database "${name}": not one of the benchmark's.`);
  }
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The URL of `name` on the server that `serverUrl` points at. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  assertBenchName(name);
  await withAdmin(serverUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  );
}

/** Drops `name` if a previous run left it, creates it empty and returns its URL. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  await dropDatabase(serverUrl, name);
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return databaseUrl(serverUrl, name);
}
