import { curlSnippet } from '../../lib/snippets';

/** Origin of the public API in code samples (the docs use the same one). */
export const SIMILAR_API_URL = 'https://api.optiq.dev/api/v1/similar';

/** The marketing page's curl sample: POST /api/v1/similar {image_url, limit, threshold} (spec 7). */
export function similarSearchSample(example: { imageUrl: string; limit: number; threshold: number }): string {
  return curlSnippet({
    method: 'POST',
    url: SIMILAR_API_URL,
    body: { image_url: example.imageUrl, limit: example.limit, threshold: example.threshold },
  });
}
