/**
 * The request log's rows: one insert per call (after the answer, never failing it), the
 * account's pages newest first with keyset cursors, and the hourly prune (older than 30 days,
 * or beyond the newest 10,000 of an account).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';
import { toJson } from '../db/tables';
import { HttpError } from '../http/errors';
import {
  REQUEST_LOG_DAYS,
  REQUEST_LOG_MAX_ROWS,
  type LoggedRequest,
  type RequestLogPage,
  type RequestLogQuery,
} from '../../shared/schemas/request-log';
import type { CapturedRequest, ShortenedBody } from './capture';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RequestLogEntry {
  userId: string;
  keyId: string | null;
  apiId: string;
  method: string;
  /** Path and query string. */
  path: string;
  status: number;
  durationMs: number;
  images: number;
  at: Date;
  request: CapturedRequest;
  response: ShortenedBody | null;
}

/** Writes one call to the log (one statement). */
export async function insertRequestLog(db: Kysely<Database>, e: RequestLogEntry): Promise<void> {
  await db
    .insertInto('request_log')
    .values({
      user_id: e.userId,
      key_id: e.keyId,
      api_id: e.apiId,
      method: e.method,
      path: e.path.slice(0, 2048),
      status: e.status,
      duration_ms: Math.max(0, Math.round(e.durationMs)),
      images: Math.max(0, Math.floor(e.images)),
      at: e.at,
      request_kind: e.request.kind,
      request_headers: toJson(e.request.headers),
      request_body: e.request.body,
      request_truncated: e.request.truncated,
      uploads: toJson(e.request.uploads),
      response_body: e.response?.body ?? null,
      response_truncated: e.response?.truncated ?? false,
    })
    .execute();
}

const encodeCursor = (at: Date, id: string): string =>
  Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(iso ?? '');
  if (!id || !/^\d{1,19}$/.test(id) || Number.isNaN(at.getTime()))
    throw new HttpError(400, 'INVALID_REQUEST', 'before: not a cursor of this list (use next_cursor)', {
      details: { fields: { before: ['Not a cursor of this list'] } },
    });
  return { at, id };
}

const STATUS_RANGES = { '2xx': [200, 300], '4xx': [400, 500], '5xx': [500, 600] } as const;

/** One page of the account's calls of the last 30 days, newest first, filtered. */
export async function listRequestLog(
  db: Kysely<Database>,
  userId: string,
  query: RequestLogQuery,
  now: Date = new Date(),
): Promise<RequestLogPage> {
  let q = db
    .selectFrom('request_log as r')
    .leftJoin('api_keys as k', 'k.id', 'r.key_id')
    .selectAll('r')
    .select(['k.name as key_name', 'k.prefix as key_prefix', 'k.last4 as key_last4'])
    .where('r.user_id', '=', userId)
    .where('r.at', '>=', new Date(now.getTime() - REQUEST_LOG_DAYS * DAY_MS));
  if (query.api) q = q.where('r.api_id', '=', query.api);
  if (query.key) q = q.where('r.key_id', '=', query.key);
  if (query.status) {
    const [low, high] = STATUS_RANGES[query.status];
    q = q.where('r.status', '>=', low).where('r.status', '<', high);
  }
  if (query.before) {
    const { at, id } = decodeCursor(query.before);
    q = q.where(sql<boolean>`(r.at, r.id) < (${at}::timestamptz, ${id}::bigint)`);
  }
  const rows = await q
    .orderBy('r.at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(query.limit + 1)
    .execute();
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    requests: page.map((r): LoggedRequest => ({
      id: String(r.id),
      at: new Date(r.at).toISOString(),
      api_id: r.api_id,
      key:
        r.key_id && r.key_name !== null
          ? { id: r.key_id, name: r.key_name, prefix: r.key_prefix ?? '', last4: r.key_last4 ?? '' }
          : null,
      method: r.method,
      path: r.path,
      status: r.status,
      duration_ms: r.duration_ms,
      images: r.images,
      request: {
        kind: r.request_kind,
        headers: r.request_headers,
        body: r.request_body,
        truncated: r.request_truncated,
        uploads: r.uploads,
      },
      response: { body: r.response_body, truncated: r.response_truncated },
    })),
    next_cursor: rows.length > query.limit && last ? encodeCursor(new Date(last.at), String(last.id)) : null,
  };
}

/**
 * Deletes calls older than 30 days and, per account, those beyond its newest 10,000 (the
 * scheduled `prune-usage-events` runs it hourly, so an account may pass the cap for an hour).
 */
export async function pruneRequestLog(
  db: Kysely<Database>,
  { now = new Date(), days = REQUEST_LOG_DAYS, maxRows = REQUEST_LOG_MAX_ROWS } = {},
): Promise<{ deleted: number; cutoff: Date }> {
  const cutoff = new Date(now.getTime() - days * DAY_MS);
  const old = await db.deleteFrom('request_log').where('at', '<', cutoff).executeTakeFirst();
  const over = await sql`
    delete from request_log r using (
      select id from (
        select id, row_number() over (partition by user_id order by at desc, id desc) as n from request_log
        -- Only accounts over the cap are ranked.
        where user_id in (select user_id from request_log group by user_id having count(*) > ${maxRows})
      ) ranked where n > ${maxRows}
    ) d where r.id = d.id`.execute(db);
  return { deleted: Number(old.numDeletedRows) + Number(over.numAffectedRows ?? 0), cutoff };
}
