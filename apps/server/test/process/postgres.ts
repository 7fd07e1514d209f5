import pg from 'pg';

// Process tests on PostgreSQL (where TEST_DATABASE_URL is set): each makes databases of its own
// on that server, so that the processes it starts find them empty, and drops them after.

export const postgresUrl = process.env.TEST_DATABASE_URL;

async function onServer(sql: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new empty database on the test server; its URL and how to drop it. */
export async function createDatabase(prefix: string) {
  const name = `${prefix}_${process.pid}_${Date.now() % 100000}`;
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
