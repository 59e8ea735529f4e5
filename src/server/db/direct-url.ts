/**
 * The direct (unpooled) URL of the database the functions use. Neon gives each database two
 * endpoints: the pooled one (PgBouncer in transaction mode) that every function request uses,
 * and a direct one for what a transaction pooler cannot carry: graphile-worker's LISTEN and
 * session state, and schema migrations (long, locking, run once per deploy).
 *
 * Each functions URL has its direct twin: `DATABASE_URL` with `DATABASE_URL_UNPOOLED`, Netlify's
 * Neon extension's `NETLIFY_DATABASE_URL` with `NETLIFY_DATABASE_URL_UNPOOLED`. The twin of the
 * URL the functions use (`DATABASE_URL` first, as `resolveDbTarget`) is taken, so the two always
 * name the same database; without a twin, the functions' URL itself.
 */
export function directDatabaseUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  for (const name of ['DATABASE_URL', 'NETLIFY_DATABASE_URL']) {
    const pooled = env[name]?.trim();
    if (!pooled) continue;
    if (pooled.startsWith('memory://')) return undefined;
    return env[`${name}_UNPOOLED`]?.trim() || pooled;
  }
  return undefined;
}
