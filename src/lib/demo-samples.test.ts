import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  absoluteSampleUrl,
  CAPTION_SAMPLES,
  DEMO_SAMPLES,
  SIMILAR_SAMPLES,
  VALIDATION_SAMPLES,
  WATERMARK_SAMPLES,
} from './demo-samples';

describe('demo samples', () => {
  const all = Object.values(DEMO_SAMPLES);

  it('every sample file ships in public/ and has alt text and a credit', () => {
    for (const s of all) {
      expect(existsSync(join(process.cwd(), 'public', s.src)), s.src).toBe(true);
      expect(s.alt.length).toBeGreaterThan(10);
      expect(s.credit).toMatch(/CC0|public domain/i);
    }
  });

  it('ids are unique and every demo offers several samples', () => {
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    for (const set of [CAPTION_SAMPLES, SIMILAR_SAMPLES, VALIDATION_SAMPLES, WATERMARK_SAMPLES])
      expect(set.length).toBeGreaterThanOrEqual(3);
  });

  it('resolves a sample path against the page origin', () => {
    expect(absoluteSampleUrl('/images/samples/astronaut.jpg', 'https://optiq.example')).toBe(
      'https://optiq.example/images/samples/astronaut.jpg',
    );
  });
});
