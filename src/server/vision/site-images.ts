/**
 * The site's own sample images, read from disk rather than fetched over HTTP.
 *
 * The demos and the documentation's examples point at `{origin}/images/samples/<file>`. The
 * server must not fetch its own origin (it is loopback locally, and an SSRF rule refuses it), so
 * a URL naming one of these files on the site's own origin is answered from the folder the site
 * is built from: `public/images/samples` in the repository, shipped beside each vision function
 * through netlify.toml's `included_files`. Nothing else changes: every other URL still goes
 * through the SSRF-safe fetcher with its rules untouched.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpError } from '../http/errors';
import { locate } from './model-files';

/** Where the sample files live, relative to the project (and function) root. */
export const SITE_SAMPLES_REL = 'public/images/samples';
/** The URL path they are served under. */
export const SITE_SAMPLES_PATH = '/images/samples/';

/** A plain file name: no folders, no dot segments, one of the accepted image extensions. */
const SAMPLE_NAME = /^[a-z0-9][a-z0-9-]{0,80}\.(?:jpe?g|png|webp)$/;

/**
 * The origins this deployment answers on: the request's own origin, the origin its Host header
 * names (a local server reached as `localhost` rather than `127.0.0.1`), and the configured
 * public origins (`SITE_URL`, Netlify's `URL`, `DEPLOY_URL`, `DEPLOY_PRIME_URL`).
 * Trusting Host here is harmless: a match only ever selects one of our own static files.
 */
export function siteOrigins(
  req: Request,
  env: Record<string, string | undefined> = process.env,
): Set<string> {
  const origins = new Set<string>();
  const add = (value: string | null | undefined) => {
    if (!value) return;
    try {
      origins.add(new URL(value).origin);
    } catch {
      // Not a URL: nothing to add.
    }
  };
  const own = new URL(req.url);
  add(own.origin);
  const host = req.headers.get('host');
  if (host && /^[\w.-]+(?::\d+)?$|^\[[\da-f:.]+\](?::\d+)?$/i.test(host)) add(`${own.protocol}//${host}`);
  for (const name of ['SITE_URL', 'URL', 'DEPLOY_URL', 'DEPLOY_PRIME_URL']) add(env[name]);
  return origins;
}

/** The sample file a URL names on one of `origins`, or undefined for any other URL. */
export function siteSampleName(rawUrl: string, origins: ReadonlySet<string>): string | undefined {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return undefined;
  }
  if (!origins.has(url.origin) || !url.pathname.startsWith(SITE_SAMPLES_PATH)) return undefined;
  const name = url.pathname.slice(SITE_SAMPLES_PATH.length);
  return SAMPLE_NAME.test(name) ? name : undefined;
}

/** Folder of the sample files (override: SITE_SAMPLES_DIR). */
export const siteSamplesDir = (): string => locate('SITE_SAMPLES_DIR', SITE_SAMPLES_REL, 'SOURCES.txt');

/** Reads a sample named by `siteSampleName`; a missing file is the same error a 404 would give. */
export async function readSiteSample(name: string, shownUrl: string): Promise<Uint8Array> {
  try {
    return new Uint8Array(await readFile(join(siteSamplesDir(), name)));
  } catch {
    throw new HttpError(
      422,
      'IMAGE_FETCH_FAILED',
      `Could not fetch image ${shownUrl}: the site has no such sample image`,
    );
  }
}
