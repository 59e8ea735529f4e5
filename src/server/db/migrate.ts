/** Runs the registered migrations; used by `npm run db:migrate`, `npm start` and tests. */
import { inspect } from 'node:util';
import {
  Migrator,
  NO_MIGRATIONS,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type MigrationResult,
  type TableMetadata,
} from 'kysely';
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
    db: withSchemaIntrospection(db, schema),
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
}

/**
 * The migrator only asks whether its two bookkeeping tables exist. Kysely's own introspector
 * answers by reading every column of every table in every schema and calling
 * `pg_get_serial_sequence` and `has_schema_privilege` by name for each, which fails ("relation
 * does not exist") when another session drops a schema mid-query: parallel test runs on one
 * server do exactly that. This one lists the tables of `schema` only, by catalog row.
 */
function withSchemaIntrospection(db: AnyKysely, schema: string): AnyKysely {
  const introspection: DatabaseIntrospector = {
    async getSchemas() {
      const { rows } = await sql<{
        name: string;
      }>`select nspname as name from pg_catalog.pg_namespace`.execute(db);
      return rows;
    },
    async getTables() {
      const { rows } = await sql<{ name: string; schema: string; kind: string }>`
        select c.relname as name, n.nspname as schema, c.relkind as kind
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = ${schema} and c.relkind in ('r', 'v', 'p')`.execute(db);
      return rows.map((r): TableMetadata => ({
        name: r.name,
        schema: r.schema,
        isView: r.kind === 'v',
        columns: [],
      }));
    },
    async getMetadata() {
      return { tables: await this.getTables() };
    },
  };
  // Kysely keeps its state in private fields, so methods run on the real instance.
  return new Proxy(db, {
    get(target, key) {
      if (key === 'introspection') return introspection;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
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
