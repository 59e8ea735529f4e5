/** Runs the registered migrations; used by `npm run db:migrate`, `npm start` and tests. */
import { inspect } from 'node:util';
import { Migrator, NO_MIGRATIONS, sql, type Kysely, type MigrationResult } from 'kysely';
import { migrations } from './migrations';

// `any`: the migrator works on whatever schema exists, not on today's table types.
type AnyKysely = Kysely<any>;

/**
 * Kysely looks for its bookkeeping tables in any schema unless told which one, so two schemas
 * on one server (parallel test runs) would see each other's. Pin it to the session's schema.
 */
async function migrator(db: AnyKysely): Promise<Migrator> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema ?? 'public';
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
}

/** One line per migration that ran, e.g. `up   2026_11_22_000000_initial`. */
export function describeResults(results: readonly MigrationResult[] | undefined): string[] {
  return (results ?? []).map(
    (r) => `${r.direction === 'Up' ? 'up  ' : 'down'} ${r.migrationName} (${r.status})`,
  );
}

function unwrap(result: { error?: unknown; results?: MigrationResult[] }, what: string): MigrationResult[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause =
      result.error instanceof Error
        ? result.error
        : new Error(typeof result.error === 'string' ? result.error : inspect(result.error));
    throw new Error(`${what} failed${failed ? ` at ${failed.migrationName}` : ''}: ${cause.message}`, {
      cause,
    });
  }
  return result.results ?? [];
}

/** Applies every pending migration; throws (naming the failing one) on failure. */
export async function migrateToLatest(db: AnyKysely): Promise<MigrationResult[]> {
  return unwrap(await (await migrator(db)).migrateToLatest(), 'Migration');
}

/** Reverts every applied migration, newest first; throws on failure. */
export async function migrateDownToZero(db: AnyKysely): Promise<MigrationResult[]> {
  return unwrap(await (await migrator(db)).migrateTo(NO_MIGRATIONS), 'Rollback');
}

/** Names of the migrations already applied to `db`. */
export async function appliedMigrations(db: AnyKysely): Promise<string[]> {
  const all = await (await migrator(db)).getMigrations();
  return all.filter((m) => m.executedAt !== undefined).map((m) => m.name);
}
