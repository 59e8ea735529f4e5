/**
 * The similar-images page's example: a curl call to `POST /api/v1/similar` with the contract's
 * fields (the same the demo sends), on the site's own sample photo so it runs as copied.
 */
import { curlSnippet, type JsonValue } from './snippets';
import { SIMILAR_SAMPLE_PATH } from '../shared/schemas/similar';

export interface SimilarExample {
  limit: number;
  threshold: number;
}

/** The request body of the example: `image_url`, `max_results`, `similarity_threshold`, `category`. */
export function similarRequestBody(example: SimilarExample, origin: string): Record<string, JsonValue> {
  return {
    image_url: `${origin}${SIMILAR_SAMPLE_PATH}`,
    max_results: example.limit,
    similarity_threshold: example.threshold,
    category: 'all',
  };
}

/** The curl command the page shows. */
export function similarCurl(example: SimilarExample, origin: string): string {
  return curlSnippet({
    method: 'POST',
    url: `${origin}/api/v1/similar`,
    body: similarRequestBody(example, origin),
  });
}
