/**
 * An account's usage alerts as the dashboard reads and saves them: the thresholds (replaced as
 * a whole), the webhook URL under the batch callbacks' address rules, its signing secret (made
 * on first save) and the alerts that fired.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import { allowLoopbackFromEnv, urlRefusal } from '../vision/safe-fetch';
import type { z } from 'zod';
import type { AlertSettings, alertSettingsRequestSchema } from '../../shared/schemas/usage-alerts';

/** Fired alerts listed. */
const FIRED_LISTED = 50;

/** A new webhook signing secret. */
const newSecret = () => `whsec_${randomBytes(24).toString('hex')}`;

function invalid(field: string, message: string): HttpError {
  return new HttpError(400, 'INVALID_REQUEST', `${field}: ${message}`, {
    details: { fields: { [field]: [message] } },
  });
}

/** The account's alerts, its webhook and the last 50 alerts fired. */
export async function getAlertSettings(db: Kysely<Database>, userId: string): Promise<AlertSettings> {
  const [settings, rules, fired] = await Promise.all([
    db.selectFrom('usage_alert_settings').selectAll().where('user_id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('usage_alerts')
      .select(['id', 'kind', 'api_id', 'threshold'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('threshold')
      .execute(),
    db
      .selectFrom('usage_alert_events as e')
      .innerJoin('usage_alerts as a', 'a.id', 'e.alert_id')
      .select([
        'e.id',
        'e.alert_id',
        'a.kind',
        'a.api_id',
        'a.threshold',
        // As text: node-postgres reads a date as local midnight.
        sql<string>`to_char(e.period, 'YYYY-MM-DD')`.as('period'),
        'e.used',
        'e.limit_value',
        'e.fired_at',
        'e.webhook_status',
      ])
      .where('e.user_id', '=', userId)
      .orderBy('e.fired_at', 'desc')
      .limit(FIRED_LISTED)
      .execute(),
  ]);
  return {
    webhook_url: settings?.webhook_url ?? null,
    webhook_secret: settings?.webhook_secret ?? null,
    rules,
    fired: fired.map((f) => ({
      id: f.id,
      alert_id: f.alert_id,
      kind: f.kind,
      api_id: f.api_id,
      threshold: f.threshold,
      period: f.period,
      used: f.used,
      limit: f.limit_value,
      fired_at: new Date(f.fired_at).toISOString(),
      webhook_status: f.webhook_status,
    })),
  };
}

/**
 * Saves the account's alerts: 400 INVALID_REQUEST naming the field for a webhook URL the batch
 * callbacks' rules refuse (not http(s), credentials, another port, an internal host name or a
 * private, loopback or link-local address) or an API that does not exist. Rules already set keep
 * their id (and what they fired this month); the others are replaced.
 */
export async function saveAlertSettings(
  db: Kysely<Database>,
  userId: string,
  input: z.output<typeof alertSettingsRequestSchema>,
  allowLoopback = allowLoopbackFromEnv(),
): Promise<AlertSettings> {
  const webhookUrl =
    input.webhook_url === null || input.webhook_url.trim() === '' ? null : input.webhook_url.trim();
  if (webhookUrl !== null) {
    const refusal = urlRefusal(webhookUrl, 'Webhook URL', { allowLoopback });
    if (refusal) throw invalid('webhook_url', refusal.message);
  }
  const apiIds = [...new Set(input.rules.map((r) => r.api_id).filter((id): id is string => id !== null))];
  if (apiIds.length > 0) {
    const known = new Set(
      (await db.selectFrom('apis').select('id').where('id', 'in', apiIds).execute()).map((a) => a.id),
    );
    const unknown = input.rules.findIndex((r) => r.api_id !== null && !known.has(r.api_id));
    if (unknown >= 0)
      throw invalid(`rules.${unknown}.api_id`, `No API has the id "${input.rules[unknown]?.api_id}"`);
  }
  const wanted = new Map(input.rules.map((r) => [`${r.kind}|${r.api_id ?? ''}|${r.threshold}`, r]));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('usage_alert_settings')
      .values({ user_id: userId, webhook_url: webhookUrl, webhook_secret: newSecret() })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ webhook_url: webhookUrl, updated_at: new Date() }),
      )
      .execute();
    const existing = await trx
      .selectFrom('usage_alerts')
      .select(['id', 'kind', 'api_id', 'threshold'])
      .where('user_id', '=', userId)
      .execute();
    const gone = existing.filter((r) => !wanted.delete(`${r.kind}|${r.api_id ?? ''}|${r.threshold}`));
    if (gone.length > 0)
      await trx
        .deleteFrom('usage_alerts')
        .where(
          'id',
          'in',
          gone.map((r) => r.id),
        )
        .execute();
    if (wanted.size > 0)
      await trx
        .insertInto('usage_alerts')
        .values(
          [...wanted.values()].map((r) => ({
            user_id: userId,
            kind: r.kind,
            api_id: r.api_id,
            threshold: r.threshold,
          })),
        )
        .execute();
  });
  return getAlertSettings(db, userId);
}
