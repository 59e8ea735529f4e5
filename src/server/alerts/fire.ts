/**
 * Firing usage alerts: after a call's usage is recorded, one statement compares the account's
 * thresholds with this month's counters and stores each one crossed, once per alert and month
 * (a unique row, so concurrent calls cannot fire it twice); a fired alert with the account's
 * webhook configured gets a queue entry (`usage_alert_webhook`) that delivers it signed.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import type { BillingPeriod } from '../account/usage';
import { getQueueConfig, type QueueConfig } from '../batch/queue-config';

/** The queue task that calls the account's webhook for one fired alert. */
export const ALERT_WEBHOOK_TASK = 'usage_alert_webhook';
/** Queue attempts of a webhook delivery (graphile-worker's exponential backoff between them). */
export const ALERT_WEBHOOK_ATTEMPTS = 8;

export interface FireOptions {
  /** The queue the webhook deliveries go to (default: the process's). */
  queue?: QueueConfig | undefined;
  /** Called when a delivery was queued (on Netlify: wake the background worker). */
  onQueued?: () => void;
}

/**
 * Stores the alerts of `userId` that this month's usage has crossed and not fired yet this
 * month, and queues their webhook calls; the ids of the alerts fired now.
 */
export async function detectUsageAlerts(
  db: Kysely<Database>,
  userId: string,
  period: BillingPeriod,
  { queue = getQueueConfig(), onQueued }: FireOptions = {},
): Promise<string[]> {
  const { rows } = await sql<{ id: string; webhook_status: string | null }>`
    with rules as (
      select a.id, a.threshold, case when a.kind = 'quota_percent'
        then (select m.requests from usage_monthly m
              where m.user_id = a.user_id and m.api_id = a.api_id and m.period = ${period.key}::date)
        else (select coalesce(sum(m.images), 0) from usage_monthly m
              where m.user_id = a.user_id and m.period = ${period.key}::date and (a.api_id is null or m.api_id = a.api_id))
      end as used, case when a.kind = 'quota_percent'
        then (select ceil(s.monthly_quota * a.threshold / 100.0)::integer from subscriptions s
              where s.user_id = a.user_id and s.api_id = a.api_id and s.is_active and s.monthly_quota > 0)
        else a.threshold
      end as limit_value
      from usage_alerts a where a.user_id = ${userId}
    )
    insert into usage_alert_events (alert_id, user_id, period, used, limit_value, webhook_status)
    select id, ${userId}, ${period.key}::date, used, limit_value,
      (select 'pending' from usage_alert_settings s where s.user_id = ${userId} and s.webhook_url is not null)
    from rules where limit_value is not null and used >= limit_value
    on conflict (alert_id, period) do nothing
    returning id, webhook_status`.execute(db);
  const pending = rows.filter((r) => r.webhook_status === 'pending').map((r) => r.id);
  if (pending.length > 0) {
    const failed = (why: string) => {
      console.error(`usage alerts: webhook calls not queued (${why})`);
      return db
        .updateTable('usage_alert_events')
        .set({ webhook_status: 'failed' })
        .where('id', 'in', pending)
        .execute();
    };
    if (!queue) await failed('no queue is configured');
    else {
      try {
        // The queue's schema exists once a worker or a batch ran (graphile-worker installs it);
        // installing it here would load the queue's library into every keyed function.
        for (const id of pending) {
          await sql`select ${sql.id(queue.schema, 'add_job')}(${ALERT_WEBHOOK_TASK}, json_build_object('event_id', ${id}::text), max_attempts => ${ALERT_WEBHOOK_ATTEMPTS}, job_key => 'alert:' || ${id}::text)`.execute(
            db,
          );
        }
      } catch (error) {
        await failed(error instanceof Error ? error.message : String(error));
        return rows.map((r) => r.id);
      }
      onQueued?.();
    }
  }
  return rows.map((r) => r.id);
}

/** `detectUsageAlerts` after a call's usage is recorded: a failure is logged, never thrown. */
export async function fireUsageAlerts(
  db: Kysely<Database>,
  userId: string,
  period: BillingPeriod,
  options: FireOptions = {},
): Promise<void> {
  try {
    await detectUsageAlerts(db, userId, period, options);
  } catch (error) {
    console.error('usage alerts: could not check the thresholds', error);
  }
}
