import { describe, expect, it } from 'vitest';
import { plannedSimilarRequest } from './similar-example';

describe('similar images example', () => {
  it('shows the planned request body with the search contract field names', () => {
    const body = JSON.parse(plannedSimilarRequest({ imageUrl: 'https://example.com/a.jpg', limit: 10, threshold: 0.8 }));
    expect(body).toEqual({ image_url: 'https://example.com/a.jpg', max_results: 10, similarity_threshold: 0.8 });
  });
});
