/** A new, empty database on the run's PostgreSQL server: a deployment of its own. */
import { randomUUID } from 'node:crypto';
import pg from 'pg';

export async function freshDatabase(serverUrl: string, prefix = 'cast_fresh'): Promise<string> {
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
