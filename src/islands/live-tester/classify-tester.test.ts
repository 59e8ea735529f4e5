import { describe, expect, it } from 'vitest';
import { buildClassifyRequest, classifyFailure, classifyInputError, labelRow } from './classify-tester';

describe('classify tester', () => {
  it('sends the room types by default and a label set id only when given', () => {
    expect(buildClassifyRequest(' https://a/k.jpg ', 3)).toEqual({ image_url: 'https://a/k.jpg', top_k: 3 });
    expect(buildClassifyRequest('https://a/k.jpg', 1, 'room_type')).toEqual({ image_url: 'https://a/k.jpg', top_k: 1 });
    expect(buildClassifyRequest('https://a/k.jpg', 2, ' 0b6f3c1e-4a7d-4f7e-9d1a-2b3c4d5e6f70 ')).toEqual({
      image_url: 'https://a/k.jpg',
      top_k: 2,
      taxonomy: '0b6f3c1e-4a7d-4f7e-9d1a-2b3c4d5e6f70',
    });
  });
  it('asks for an image URL', () => {
    expect(classifyInputError('  ')).toBe('Please provide an image URL');
    expect(classifyInputError('https://a/k.jpg')).toBeNull();
  });
  it('shows labels as words with whole percentages', () => {
    expect(labelRow({ label: 'living_room', score: 0.4567 })).toEqual({ name: 'Living room', percent: 46 });
  });
  it("shows the server's message, or a generic one for network failures", () => {
    expect(classifyFailure({ ok: false, error: { status: 429, code: 'RATE_LIMITED', message: 'Too many requests', details: null } } as never)).toBe('Too many requests');
    expect(classifyFailure({ ok: false, error: { status: 0, code: 'NETWORK_ERROR', message: 'Failed to fetch', details: null } } as never)).toBe('API test failed');
  });
});
