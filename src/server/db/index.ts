/**
 * The database module: the one entry point the rest of the server imports.
 *
 * - `getDb(): Kysely<Database>`: the process-wide database, created from the environment on
 *   first use (`DATABASE_URL` / `NETLIFY_DATABASE_URL`: Neon's pool for `*.neon.tech`, `pg`
 *   otherwise; no URL: embedded PGlite in `PGLITE_DIR`, default `.data/pglite`).
 * - `setDb(db)`: replace it (tests inject `createTestDb().db`).
 * - `Database` and per-table `XxxRow` / `NewXxx` / `XxxUpdate` types; `toJson(value)` to write
 *   a `jsonb` column.
 * - `migrateToLatest(db)`: apply pending migrations, throws on failure. Migrations live in
 *   `./migrations/` (timestamp-named, registered in `./migrations/index.ts`) and never run
 *   inside a request handler.
 * - `seed(db)`: idempotent upsert of APIs, use cases and API categories from `content/`.
 *
 * Tests import `createTestDb` from `tests/support/test-db.ts` (not from here, so production bundles do not carry it).
 */
export { closeDb, createDb, getDb, resolveDbTarget, setDb, type DbTarget, type PoolOptions } from './client';
export { appliedMigrations, describeResults, migrateDownToZero, migrateToLatest } from './migrate';
export { loadCatalogue, seed, type Catalogue, type SeedReport } from './seed';
export * from './tables';
