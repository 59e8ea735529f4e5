/**
 * The photo-authenticity service the endpoints call: load the image (the site's own samples
 * from disk, anything else through the SSRF-safe fetcher, within the in-flight image budget),
 * analyse it, and shape the documented responses.
 */
import type {
  PredictResponse,
  WhyNotRealResponse,
} from '../../../shared/schemas/photo-authenticity/analysis';
import { analyzeAuthenticityBytes } from '../engine';
import { withImageBudget } from '../engine/image-budget';
import { allowLoopbackFromEnv, safeFetchImage, type SafeFetchOptions } from '../safe-fetch';
import { readSiteSample, siteSampleName } from '../site-images';
import type { AuthenticityReport } from './analyze';
import type { FailTag } from './rules';

export interface AuthenticityDeps {
  fetch?: SafeFetchOptions;
  siteOrigins?: ReadonlySet<string>;
}

export type ImageSource = { url: string } | { bytes: Uint8Array; shownAs: string };

/** The bytes of an image URL: the site's own samples from disk, anything else fetched safely. */
export async function loadImageBytes(
  source: { url: string },
  deps: AuthenticityDeps = {},
): Promise<Uint8Array> {
  const sample = deps.siteOrigins && siteSampleName(source.url, deps.siteOrigins);
  return sample
    ? readSiteSample(sample, source.url)
    : (await safeFetchImage(source.url, { allowLoopback: allowLoopbackFromEnv(), ...deps.fetch })).bytes;
}

/** Loads an image and runs the analysis. */
export async function analyzeSource(
  source: ImageSource,
  deps: AuthenticityDeps = {},
): Promise<{ report: AuthenticityReport; imageUrl: string; seconds: number }> {
  const started = performance.now();
  const report = await withImageBudget(async (lease) => {
    const bytes = 'bytes' in source ? source.bytes : await loadImageBytes(source, deps);
    lease.holdImage(bytes.byteLength);
    // The engine moves the bytes to its worker: keep the caller's copy usable.
    return analyzeAuthenticityBytes(bytes.slice());
  });
  return {
    report,
    imageUrl: 'url' in source ? source.url : source.shownAs,
    seconds: Math.round(performance.now() - started) / 1000,
  };
}

/** The /api/predict body. The ELA heatmap only when asked for (it is 50-200 KB). */
export function predictBody(
  report: AuthenticityReport,
  imageUrl: string,
  seconds: number,
  requestId: string,
  includeHeatmap = false,
): PredictResponse {
  const { heatmapPng, ...elaRest } = report.evidence.signals.ela;
  return {
    image_url: imageUrl,
    is_real: report.is_real,
    fail_tags: report.fail_tags,
    verdict: report.verdict,
    pixel_signal: report.pixel_signal,
    findings: report.findings,
    indicators: report.indicators,
    evidence: {
      ...report.evidence,
      signals: { ...report.evidence.signals, ela: includeHeatmap ? { heatmapPng, ...elaRest } : elaRest },
    },
    image: report.image,
    processing_time: seconds,
    request_id: requestId,
  };
}

const TAG_WORDS: Record<FailTag, string> = {
  ai_generated: 'made with a generative AI model',
  edited: 'edited after capture',
  photo_of_photo: 'a photo of a screen or a print',
};

/** The /api/why_not_real body: each fail tag with the evidence behind it. */
export function whyNotRealBody(
  report: AuthenticityReport,
  imageUrl: string,
  requestId: string,
): WhyNotRealResponse {
  const explanations = report.fail_tags.map((tag) => {
    const evidence = report.findings.filter((f) => f.tag === tag).map((f) => f.explanation);
    return { tag, reason: evidence.join(' '), evidence };
  });
  const p = report.pixel_signal;
  const pixelWords = `Its pixel signal scores ${p.score}, below the ${p.threshold} from which it counts as AI-generated: that does not show it is real either.`;
  const summary = report.is_real
    ? report.verdict === 'camera_original'
      ? 'No rule found it AI-generated, edited or recaptured, and signed C2PA Content Credentials declare it a camera capture. That is what the evidence shows, not proof.'
      : report.verdict === 'declared_camera'
        ? `No rule found it AI-generated, edited or recaptured, and it declares consistent camera metadata (EXIF). That metadata is unsigned and anyone can write it, so it is weak evidence of a camera capture. ${pixelWords}`
        : `No rule found it AI-generated, edited or recaptured, but no evidence shows it is a camera original either. Missing metadata or credentials prove nothing: most sites strip them, and most generators write none. ${pixelWords}`
    : `Judged ${report.fail_tags.map((t) => (t === 'ai_generated' && report.verdict === 'likely_ai_generated' ? 'likely made with a generative AI model (a statistical signal in its pixels, with no declaration)' : TAG_WORDS[t])).join(', and ')}: ${explanations.map((e) => e.reason).join(' ')}`;
  return {
    image_url: imageUrl,
    is_real: report.is_real,
    fail_tags: report.fail_tags,
    verdict: report.verdict,
    pixel_signal: report.pixel_signal,
    explanations,
    summary,
    request_id: requestId,
  };
}
