import pg from 'pg';

/** The URL of the same server with another database name. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`refusing unusual database name: ${name}`);
  return `"${name}"`;
}

async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  return withAdmin(url, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    try {
      await client.query(`create database ${quoteIdent(name)}`);
    } catch (error) {
      // Two processes racing to create it: the other one won, which is what we wanted.
      if ((error as { code?: string }).code !== '42P04') throw error;
    }
    return true;
  });
}

export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await withAdmin(url, (client) => client.query(`drop database if exists ${quoteIdent(name)} with (force)`));
}
