/** SQL for the catalogue tables; nothing here knows about HTTP or JSON shapes. */
import type { Kysely } from 'kysely';
import type { ApiRow, Database, UseCaseRow } from '../db';

/** Every API, active ones first, then by name. */
export function listApis(db: Kysely<Database>): Promise<ApiRow[]> {
  return db
    .selectFrom('apis')
    .selectAll()
    .orderBy((eb) => eb.case().when('status', '=', 'active').then(0).else(1).end())
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findApi(db: Kysely<Database>, id: string): Promise<ApiRow | undefined> {
  return db.selectFrom('apis').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every use case by name. */
export function listUseCases(db: Kysely<Database>): Promise<UseCaseRow[]> {
  return db.selectFrom('use_cases').selectAll().orderBy('name').orderBy('id').execute();
}

export function findUseCase(db: Kysely<Database>, id: string): Promise<UseCaseRow | undefined> {
  return db.selectFrom('use_cases').selectAll().where('id', '=', id).executeTakeFirst();
}
