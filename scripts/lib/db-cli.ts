/** Shared set-up and output of the database scripts: never prints a password. */
import { closeDb, resolveDbTarget, type DbTarget } from '../../src/server/db';
import { directDatabaseUrl } from '../../src/server/db/direct-url';

/**
 * The database `db:migrate` and `db:seed` work on: the functions' database, through its direct
 * (unpooled) URL when one is set (`DATABASE_URL_UNPOOLED`, Netlify's
 * `NETLIFY_DATABASE_URL_UNPOOLED`): a migration holds locks for its whole transaction and runs
 * once per deploy, so it has no business in the pooler the requests share.
 */
export function schemaTarget(env: Record<string, string | undefined> = process.env): DbTarget {
  const direct = directDatabaseUrl(env);
  return direct ? resolveDbTarget({ DATABASE_URL: direct }) : resolveDbTarget(env);
}

/** `user:password@` in a connection string becomes `***@`. */
export function redact(text: string): string {
  return text.replace(/(\w+:\/\/)[^/@\s]+@/g, '$1***@');
}

/** Which database the script works on, without credentials. */
export function describeTarget(target: DbTarget = schemaTarget()): string {
  if (target.kind === 'pglite') return `embedded PGlite in ${target.dataDir}`;
  const url = new URL(target.url);
  return `${target.kind === 'neon' ? 'Neon' : 'PostgreSQL'} at ${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`;
}

/** Prints `<script> failed: <message>` (redacted) and exits 1. */
export async function failAndExit(script: string, error: unknown): Promise<never> {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${script} failed: ${redact(message)}`);
  await closeDb().catch(() => {});
  process.exit(1);
}
