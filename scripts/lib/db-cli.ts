/** Shared output of the database scripts: never prints a password. */
import { closeDb, resolveDbTarget } from '../../src/server/db';

/** `user:password@` in a connection string becomes `***@`. */
export function redact(text: string): string {
  return text.replace(/(\w+:\/\/)[^/@\s]+@/g, '$1***@');
}

/** Which database the script works on, without credentials. */
export function describeTarget(): string {
  const target = resolveDbTarget();
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
