/**
 * Loading the image of a one-image request (read by `readImageRequest` in ../upload.ts): the
 * site's own samples from disk, any other URL through the SSRF-safe fetcher, or the upload,
 * within the in-flight image budget.
 */
import { withImageBudget, type BudgetLease } from '../engine/image-budget';
import { allowLoopbackFromEnv, fetchDeadline, safeFetchImage, type SafeFetchOptions } from '../safe-fetch';
import { readSiteSample, siteSampleName } from '../site-images';
import type { ImageSource } from '../upload';

export type { ImageSource } from '../upload';

export interface ImageDeps {
  fetch?: SafeFetchOptions;
  siteOrigins?: ReadonlySet<string>;
}

/** The bytes of a URL: a site sample from disk, anything else through the SSRF-safe fetcher. */
export async function fetchImageBytes(url: string, deps: ImageDeps = {}): Promise<Uint8Array> {
  const sample = deps.siteOrigins && siteSampleName(url, deps.siteOrigins);
  if (sample) return readSiteSample(sample, url);
  return (
    await safeFetchImage(url, {
      allowLoopback: allowLoopbackFromEnv(),
      signal: fetchDeadline(),
      ...deps.fetch,
    })
  ).bytes;
}

/**
 * Runs `analyse` on the image's bytes within the in-flight image budget: an upload with the lease
 * it was read under, a URL with a lease of its own once fetched.
 */
export function withImageBytes<T>(
  image: ImageSource,
  deps: ImageDeps,
  analyse: (bytes: Uint8Array) => Promise<T>,
  lease?: BudgetLease,
): Promise<T> {
  if ('bytes' in image && lease) {
    lease.holdImage(image.bytes.byteLength);
    return analyse(image.bytes);
  }
  return withImageBudget(async (own) => {
    const bytes = 'bytes' in image ? image.bytes : await fetchImageBytes(image.url, deps);
    own.holdImage(bytes.byteLength);
    return analyse(bytes);
  });
}
