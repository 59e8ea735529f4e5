import { describe, expect, it } from 'vitest';
import { similarRequestSchema } from '../shared/schemas/similar';
import { similarCurl, similarRequestBody } from './similar-example';

describe('similar images example', () => {
  it("sends the search contract's fields, on the site's own sample photo", () => {
    const body = similarRequestBody({ limit: 10, threshold: 0.8 }, 'https://optiq.example');
    expect(body).toEqual({
      image_url: 'https://optiq.example/images/samples/similar-colosseum-crop.jpg',
      max_results: 10,
      similarity_threshold: 0.8,
      category: 'all',
    });
    expect(similarRequestSchema.parse(body)).toMatchObject(body);
  });

  it('is a curl call to POST /api/v1/similar with the key placeholder', () => {
    const curl = similarCurl({ limit: 10, threshold: 0.8 }, 'https://optiq.example');
    expect(curl).toContain('curl -X POST https://optiq.example/api/v1/similar');
    expect(curl).toContain('Authorization: Bearer $OPTIQ_API_KEY');
    expect(curl).toContain('"similarity_threshold": 0.8');
  });
});
