/** Runs the registered migrations; used by `npm run db:migrate`, `npm start` and tests. */
import { Migrator, NO_MIGRATIONS, type Kysely, type MigrationResult } from 'kysely';
import { migrations } from './migrations';

// `any`: the migrator works on whatever schema exists, not on today's table types.
type AnyKysely = Kysely<any>;

function migrator(db: AnyKysely): Migrator {
  return new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
}

/** One line per migration that ran, e.g. `up   2026_11_22_000000_initial`. */
export function describeResults(results: readonly MigrationResult[] | undefined): string[] {
  return (results ?? []).map((r) => `${r.direction === 'Up' ? 'up  ' : 'down'} ${r.migrationName} (${r.status})`);
}

function unwrap(result: { error?: unknown; results?: MigrationResult[] }, what: string): MigrationResult[] {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error');
    const cause = result.error instanceof Error ? result.error : new Error(String(result.error));
    throw new Error(`${what} failed${failed ? ` at ${failed.migrationName}` : ''}: ${cause.message}`, { cause });
  }
  return result.results ?? [];
}

/** Applies every pending migration; throws (naming the failing one) on failure. */
export async function migrateToLatest(db: AnyKysely): Promise<MigrationResult[]> {
  return unwrap(await migrator(db).migrateToLatest(), 'Migration');
}

/** Reverts every applied migration, newest first; throws on failure. */
export async function migrateDownToZero(db: AnyKysely): Promise<MigrationResult[]> {
  return unwrap(await migrator(db).migrateTo(NO_MIGRATIONS), 'Rollback');
}

/** Names of the migrations already applied to `db`. */
export async function appliedMigrations(db: AnyKysely): Promise<string[]> {
  const all = await migrator(db).getMigrations();
  return all.filter((m) => m.executedAt !== undefined).map((m) => m.name);
}
