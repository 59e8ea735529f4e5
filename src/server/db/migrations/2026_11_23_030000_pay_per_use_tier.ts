/**
 * Pay per use became a tier of every API (object detection offers it beside its bundles), under
 * its own id `pay-per-use`: subscriptions of APIs without bundles, stored as `standard` until
 * now, take that id. Frozen like every migration: later changes go in a new file.
 */
import { sql, type Kysely } from 'kysely';

// `any`: a migration is frozen in time and must not follow today's application types.
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`
    UPDATE subscriptions SET tier = 'pay-per-use'
    WHERE tier = 'standard'
      AND api_id IN (SELECT id FROM apis WHERE jsonb_array_length(pricing_plans) = 0)
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`
    UPDATE subscriptions SET tier = 'standard'
    WHERE tier = 'pay-per-use'
      AND api_id IN (SELECT id FROM apis WHERE jsonb_array_length(pricing_plans) = 0)
  `.execute(db);
}
