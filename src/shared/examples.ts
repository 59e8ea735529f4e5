/**
 * Example requests and responses shown on the site: real answers of the engine, produced by
 * `npm run examples` (scripts/data/generate-examples.ts) on the site's own sample images and stored in
 * `content/examples/`. A test replays every example against the handlers and checks the stored
 * response still matches the contract and what the engine answers.
 */
import { withOrigin } from './site-origin';
import objectDetection from '../../content/examples/object-detection.json' with { type: 'json' };
import watermarkDetection from '../../content/examples/watermark-detection.json' with { type: 'json' };
import imageClassification from '../../content/examples/image-classification.json' with { type: 'json' };
import imageCaptioning from '../../content/examples/image-captioning.json' with { type: 'json' };
import photoAuthenticity from '../../content/examples/photo-authenticity.json' with { type: 'json' };
import facialAttributeAnalysis from '../../content/examples/facial-attribute-analysis.json' with { type: 'json' };
import virtualInspection from '../../content/examples/virtual-inspection.json' with { type: 'json' };

/** Every stored file (one per API), merged. */
const stored = {
  ...objectDetection,
  ...watermarkDetection,
  ...imageClassification,
  ...imageCaptioning,
  ...photoAuthenticity,
  ...facialAttributeAnalysis,
  ...virtualInspection,
};

/** One stored exchange. */
export interface ApiExample {
  /** What the example shows, one line. */
  title: string;
  method: 'POST' | 'GET';
  /** Path on the site origin, e.g. `/api/v1/detect`; `{job_id}` stands for the job the example reads. */
  path: string;
  /** Request body as sent (`{}` for a GET). */
  request: Record<string, unknown>;
  /**
   * For a batch job status example: the job it reads, created with these images just before,
   * and taken to its end by a queue worker when `run`.
   */
  job?: { image_urls: string[]; run: boolean; checklist?: Record<string, unknown>; property_ref?: string };
  /** HTTP status answered. */
  status: number;
  /** Response body as answered. */
  response: Record<string, unknown>;
}

/** Every stored example by name, with `{{origin}}` still in place. */
export const storedExamples = stored as unknown as Record<string, ApiExample>;

/** Names of the stored examples. */
export type ExampleName = keyof typeof stored;

/** An example with the given origin filled in. */
export function example(name: string, origin: string): ApiExample {
  const found = storedExamples[name];
  if (!found) throw new Error(`No stored example "${name}" in content/examples (run npm run examples)`);
  return withOrigin(found, origin);
}

/** Catalogue endpoints with their `example` filled in as `request`/`response` for `origin`. */
export function resolveEndpointExamples<
  E extends { example?: string | undefined; request?: unknown; response?: unknown },
>(endpoints: readonly E[], origin: string): E[] {
  return endpoints.map((endpoint) => {
    if (!endpoint.example) return endpoint;
    const ex = example(endpoint.example, origin);
    return { ...endpoint, request: ex.request, response: ex.response };
  });
}
