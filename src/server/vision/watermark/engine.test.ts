import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { closeWatermarkEngine, detectWatermarks } from './engine';

afterAll(() => closeWatermarkEngine());

describe('detectWatermarks (worker thread)', () => {
  it('analyses in a worker and keeps the event loop free while it does', async () => {
    const bytes = await readFile('public/images/samples/coffee-cup-watermarked.jpg');
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    const started = performance.now();
    const r = await detectWatermarks(new Uint8Array(bytes), {
      detectType: 'all',
      sensitivity: 'medium',
      includeInvisible: true,
    });
    const elapsed = performance.now() - started;
    clearInterval(timer);
    expect(r.visible.length).toBeGreaterThan(0);
    // A blocked loop would tick a handful of times at most during a multi-second analysis.
    expect(ticks).toBeGreaterThan((elapsed / 20) * 0.5);
  }, 60_000);

  it('passes the image errors through with their status', async () => {
    await expect(
      detectWatermarks(new TextEncoder().encode('not an image'), {
        detectType: 'all',
        sensitivity: 'medium',
        includeInvisible: true,
      }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'INVALID_IMAGE',
    });
  }, 60_000);
});
