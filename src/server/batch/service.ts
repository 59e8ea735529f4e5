/**
 * What the batch endpoints do with a caller's request: validate the Idempotency-Key, create or
 * find the job, and (on Netlify) wake the background worker that drains the queue.
 */
import type { Kysely } from 'kysely';
import type { ApiCall } from '../account/api-call';
import type { Database } from '../db';
import { HttpError } from '../http/errors';
import type { HandlerContext } from '../http/handler';
import { allowLoopbackFromEnv, urlRefusal } from '../vision/safe-fetch';
import { siteOrigins, siteSampleName } from '../vision/site-images';
import { createBatchJob, type BatchJobRow, type CreateBatchJobInput } from './jobs';
import { getQueueConfig, type QueueConfig } from './queue-config';
import { wakeBackgroundWorker } from './wake';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** The Idempotency-Key header: absent, or 1 to 200 visible ASCII characters (else 400). */
export function idempotencyKey(req: Request): string | null {
  const raw = req.headers.get(IDEMPOTENCY_HEADER);
  if (raw === null) return null;
  const key = raw.trim();
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new HttpError(
      400,
      'INVALID_REQUEST',
      'Idempotency-Key must be 1 to 200 visible ASCII characters.',
      {
        details: {
          fields: [
            { path: 'Idempotency-Key', message: 'Use 1 to 200 visible ASCII characters, e.g. a UUID.' },
          ],
        },
      },
    );
  }
  return key;
}

/** A callback is signed with the API key that created the job: 400 without one. */
export function requireCallbackKey(callbackUrl: string | undefined, keyId: string | null): void {
  if (!callbackUrl || keyId) return;
  throw new HttpError(
    400,
    'INVALID_REQUEST',
    'callback_url needs an API key: callbacks are signed with it.',
    {
      details: { fields: [{ path: 'callback_url', message: 'Call with an API key to use a callback.' }] },
    },
  );
}

/** The queue, or 503 when this deployment has none configured. */
export function requireQueue(): QueueConfig {
  const queue = getQueueConfig();
  if (!queue)
    throw new HttpError(
      503,
      'SERVICE_UNAVAILABLE',
      'Batch jobs are not available on this server (no queue database is configured).',
    );
  return queue;
}

/**
 * The URL rules a batch meets at submission, as `/api/predict` applies them before fetching:
 * every image URL (but the site's own sample photos, read from disk) and the callback URL must
 * pass the checks that need no DNS (scheme, credentials, port, internal host names, literal
 * private addresses), else 422 IMAGE_URL_NOT_ALLOWED naming the fields, and no job is made or
 * billed. What a host name resolves to is checked per image when it is fetched.
 */
export function checkBatchUrls(
  body: { image_urls: readonly string[]; callback_url?: string | undefined },
  siteOrigins: ReadonlySet<string>,
  allowLoopback = allowLoopbackFromEnv(),
): void {
  const fields: Record<string, string[]> = {};
  let first: HttpError | undefined;
  const check = (field: string, url: string, what: string) => {
    const refusal = urlRefusal(url, what, { allowLoopback });
    if (!refusal) return;
    first ??= refusal;
    fields[field] = [refusal.message];
  };
  body.image_urls.forEach((url, i) => {
    if (!siteSampleName(url, siteOrigins)) check(`image_urls.${i}`, url, 'Image URL');
  });
  if (body.callback_url !== undefined) check('callback_url', body.callback_url, 'Callback URL');
  if (first) throw new HttpError(422, 'IMAGE_URL_NOT_ALLOWED', first.message, { details: { fields } });
}

/** What a submitted job adds to the caller's request: its images and options. */
export type JobSubmission = Pick<
  CreateBatchJobInput,
  'apiId' | 'imageUrls' | 'kind' | 'options' | 'uploads'
> & {
  callbackUrl: string | undefined;
  /** The request's Idempotency-Key (read before the body, so a bad key is refused first). */
  idempotencyKey: string | null;
};

/**
 * The submission both batch endpoints share (POST /api/predict_batch, POST /api/v1/inspections):
 * a callback needs a key, URLs meet the address rules (uploads are not URLs), the job is written
 * with its queue entries (the Free tier reserving every image first), and on Netlify the
 * background worker is woken. A replayed Idempotency-Key returns the existing job (`created: false`).
 */
export async function submitJob(
  db: Kysely<Database>,
  req: Request,
  ctx: HandlerContext,
  call: ApiCall,
  input: JobSubmission,
): Promise<{ job: BatchJobRow; created: boolean }> {
  requireCallbackKey(input.callbackUrl, call.keyId);
  const origins = siteOrigins(req);
  checkBatchUrls(
    { image_urls: input.imageUrls.filter((_, i) => !input.uploads?.has(i)), callback_url: input.callbackUrl },
    origins,
  );
  const submitted = await createBatchJob(db, requireQueue(), {
    ...input,
    userId: call.userId,
    apiKeyId: call.keyId,
    callbackUrl: input.callbackUrl ?? null,
    siteOrigins: [...origins],
    // On the Free tier a new job reserves all its images up front (429 when fewer are left).
    freeAllowance: call.free,
    beforeCreate: () => call.claimImages(input.imageUrls.length),
  });
  if (submitted.created) wakeBackgroundWorker(req, ctx);
  return submitted;
}
