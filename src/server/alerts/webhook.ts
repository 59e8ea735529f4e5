/**
 * Delivery of a fired usage alert to the account's webhook (the `usage_alert_webhook` queue
 * task): a JSON POST signed like batch callbacks (`Optiq-Signature: t=<unix seconds>,v1=<hex
 * HMAC-SHA256 of "<t>.<body>">`, keyed with the account's webhook secret), under the same
 * address rules (public addresses only, no redirects). A failed try is thrown, so the queue
 * tries again with its exponential backoff; a URL the rules refuse is not retried.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import { safePostJson, type SafeFetchOptions } from '../vision/safe-fetch';
import { SIGNATURE_HEADER, signCallback } from '../batch/callback';

/** The header naming the fired alert (receivers may use it to drop a repeated delivery). */
export const ALERT_EVENT_HEADER = 'Optiq-Event-Id';

export interface AlertWebhookOptions {
  db: Kysely<Database>;
  /** Address rules of the POST (tests allow loopback). */
  fetch?: SafeFetchOptions | undefined;
}

/** The body POSTed for a fired alert. */
export interface AlertWebhookBody {
  type: 'usage_alert.fired';
  id: string;
  alert: { id: string; kind: string; api_id: string | null; threshold: number };
  period: string;
  used: number;
  limit: number;
  fired_at: string;
}

/**
 * Sends one fired alert (a no-op once delivered, failed, or when the webhook was removed);
 * `lastAttempt`: the queue will not try again, so a failure marks the delivery failed.
 */
export async function deliverAlertWebhook(
  opts: AlertWebhookOptions,
  payload: { event_id: string },
  lastAttempt = false,
): Promise<void> {
  const { db } = opts;
  const row = await db
    .selectFrom('usage_alert_events as e')
    .innerJoin('usage_alerts as a', 'a.id', 'e.alert_id')
    .innerJoin('usage_alert_settings as s', 's.user_id', 'e.user_id')
    .select([
      'e.id',
      'e.alert_id',
      // As text: node-postgres reads a date as local midnight.
      sql<string>`to_char(e.period, 'YYYY-MM-DD')`.as('period'),
      'e.used',
      'e.limit_value',
      'e.fired_at',
      'e.webhook_status',
      'a.kind',
      'a.api_id',
      'a.threshold',
      's.webhook_url',
      's.webhook_secret',
    ])
    .where('e.id', '=', payload.event_id)
    .executeTakeFirst();
  if (!row || row.webhook_status !== 'pending') return;
  const mark = (status: 'delivered' | 'failed') =>
    db.updateTable('usage_alert_events').set({ webhook_status: status }).where('id', '=', row.id).execute();
  if (!row.webhook_url) {
    await mark('failed');
    return;
  }
  await db
    .updateTable('usage_alert_events')
    .set({ webhook_attempts: sql<number>`webhook_attempts + 1` })
    .where('id', '=', row.id)
    .execute();
  const message: AlertWebhookBody = {
    type: 'usage_alert.fired',
    id: row.id,
    alert: { id: row.alert_id, kind: row.kind, api_id: row.api_id, threshold: row.threshold },
    period: row.period,
    used: row.used,
    limit: row.limit_value,
    fired_at: new Date(row.fired_at).toISOString(),
  };
  const body = JSON.stringify(message);
  let failure: string;
  try {
    const signature = signCallback(body, row.webhook_secret, Math.floor(Date.now() / 1000));
    const { status } = await safePostJson(
      row.webhook_url,
      body,
      { [SIGNATURE_HEADER]: signature, [ALERT_EVENT_HEADER]: row.id },
      opts.fetch,
    );
    if (status >= 200 && status < 300) {
      await mark('delivered');
      return;
    }
    failure = `the webhook answered ${status}`;
  } catch (error) {
    // A URL the rules refuse will never be delivered: no retries.
    if (error instanceof HttpError && error.code === 'IMAGE_URL_NOT_ALLOWED') {
      await mark('failed');
      return;
    }
    failure = error instanceof Error ? error.message : String(error);
  }
  if (lastAttempt) await mark('failed');
  throw new Error(`usage alert ${row.id} not delivered: ${failure}`);
}
