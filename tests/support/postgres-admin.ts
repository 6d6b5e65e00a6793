import pg from "pg";

/** Every database the tests create starts with this, so a run can clean up after a crashed one. */
export const TEST_DATABASE_PREFIX = "portal_test_";

export function databaseUrlFor(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function dropDatabasesWithPrefix(adminUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`${prefix}%`],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

export async function createDatabaseFromTemplate(
  adminUrl: string,
  templateName: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${templateName}"`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrlFor(adminUrl, name),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client
        .query(`drop database if exists "${name}" with (force)`)
        .finally(() => client.end());
    },
  };
}
