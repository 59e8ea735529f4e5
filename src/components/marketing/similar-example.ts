/**
 * The similar-images page's example. The search endpoint is not served yet, so the page shows
 * the planned request body (the contract of `POST /api/v1/similar`) rather than a curl command
 * that would answer 404.
 */
export function plannedSimilarRequest(example: { imageUrl: string; limit: number; threshold: number }): string {
  return JSON.stringify({ image_url: example.imageUrl, max_results: example.limit, similarity_threshold: example.threshold }, null, 2);
}
