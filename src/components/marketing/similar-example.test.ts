import { describe, expect, it } from 'vitest';
import { similarSearchSample } from './similar-example';

describe('similar images curl sample', () => {
  it('posts image_url, limit and threshold to /api/v1/similar with a bearer key', () => {
    const code = similarSearchSample({ imageUrl: 'https://example.com/a.jpg', limit: 10, threshold: 0.8 });
    expect(code).toMatch(/^curl -X POST https:\/\/api\.optiq\.dev\/api\/v1\/similar/);
    expect(code).toContain('Authorization: Bearer');
    const json = code.slice(code.indexOf("'") + 1, code.lastIndexOf("'"));
    expect(JSON.parse(json)).toEqual({ image_url: 'https://example.com/a.jpg', limit: 10, threshold: 0.8 });
  });
});
