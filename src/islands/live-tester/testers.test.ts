import { afterEach, describe, expect, it, vi } from 'vitest';
import { testFailureMessage, initialValues } from './tester-model';
import { answerWith, classifyAnswer, detectAnswer } from './test-answers';
import { TESTERS, testerEndpoint, testerFor } from './testers';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('testers', () => {
  it('maps each API with its own endpoints to its tester, and the others to none', () => {
    expect(Object.keys(TESTERS).sort()).toEqual([
      'facial-attribute-analysis',
      'image-captioning',
      'image-classification',
      'image-object-detection',
      'photo-authenticity',
      'similar-image-search',
      'watermark-detection',
    ]);
    expect(testerEndpoint('image-object-detection')).toBe('/api/demo/detect');
    expect(testerEndpoint('image-classification')).toBe('/api/demo/image-classification');
    expect(testerFor('image-classification')?.ownPath).toBe('/api/v1/classify');
    expect(testerFor('image-object-detection')?.ownPath).toBe('/api/v1/detect');
    expect(testerEndpoint('image-captioning')).toBe('/api/demo/image-captioning');
    expect(testerEndpoint('similar-image-search')).toBe('/api/demo/similar-images');
    expect(testerEndpoint('photo-authenticity')).toBe('/api/demo/photo-validation');
    expect(testerFor('photo-authenticity')?.ownPath).toBeUndefined();
    expect(testerEndpoint('watermark-detection')).toBe('/api/demo/watermark-detection');
    expect(testerEndpoint('facial-attribute-analysis')).toBe('/api/demo/face-analysis');
    expect(testerFor('facial-attribute-analysis')?.ownPath).toBe('/api/v1/faces');
    expect(testerEndpoint('toString')).toBeUndefined();
  });

  it('names every field once, with distinct labels, and starts selects on one of their options', () => {
    for (const tester of Object.values(TESTERS)) {
      const fields = tester.settings;
      expect(tester.samples.length, tester.apiId).toBeGreaterThan(0);
      expect(new Set(fields.map((f) => f.name)).size, tester.apiId).toBe(fields.length);
      expect(new Set(fields.map((f) => f.label)).size, tester.apiId).toBe(fields.length);
      for (const f of fields.filter((x) => x.control === 'select'))
        expect(
          f.options?.map((o) => o.value),
          f.name,
        ).toContain(f.initial);
    }
  });

  it('detection sends the URLs, mode and category to the demo endpoint, or to /api/v1/detect on the own subscription', async () => {
    const tester = testerFor('image-object-detection')!;
    const values = { ...initialValues(tester), urls: 'https://a/2.jpg', category: 'kitchen' };
    const image = { imageUrl: 'https://a/1.jpg' };
    expect(tester.inputError(initialValues(tester), { imageUrl: '' })).toBe(
      'Please provide at least one image URL',
    );
    expect(tester.inputError(values, image)).toBeNull();
    expect(
      tester.inputError(initialValues(tester), { imageUrl: '', file: new File(['x'], 'a.jpg') }),
    ).toBeNull();
    const sent = answerWith(
      detectAnswer({
        detection_results: [{ image_url: 'https://a/1.jpg', objects: { oven: true, sink: false } }],
      }),
    );
    const outcome = await tester.run(values, image, false);
    await tester.run(values, image, true);
    expect(sent()).toEqual([
      {
        url: '/api/demo/detect',
        body: { image_urls: ['https://a/1.jpg', 'https://a/2.jpg'], mode: 'per_item', category: 'kitchen' },
      },
      {
        url: '/api/v1/detect',
        body: { image_urls: ['https://a/1.jpg', 'https://a/2.jpg'], mode: 'per_item', category: 'kitchen' },
      },
    ]);
    expect(outcome).toMatchObject({
      ok: true,
      view: { rows: [{ kind: 'objects', found: ['oven'], missing: ['sink'] }] },
    });
  });

  it('classification sends one URL and top_k, a label set only on the own subscription', async () => {
    const tester = testerFor('image-classification')!;
    const values = { ...initialValues(tester), taxonomy: 'set-1' };
    const image = { imageUrl: 'https://a/k.jpg' };
    expect(tester.inputError(initialValues(tester), { imageUrl: ' ' })).toBe('Please provide an image URL');
    expect(tester.settings.find((f) => f.name === 'taxonomy')?.ownOnly).toBe(true);
    const sent = answerWith(classifyAnswer({ labels: [{ label: 'kitchen', score: 0.9 }] }));
    const outcome = await tester.run(values, image, false);
    await tester.run(values, image, true);
    expect(sent()).toEqual([
      { url: '/api/demo/image-classification', body: { top_k: 3, image_url: 'https://a/k.jpg' } },
      { url: '/api/v1/classify', body: { top_k: 3, taxonomy: 'set-1', image_url: 'https://a/k.jpg' } },
    ]);
    expect(outcome).toMatchObject({
      ok: true,
      view: { rows: [{ kind: 'score', name: 'Kitchen', percent: 90 }] },
    });
  });

  it("an error answer becomes the server's message", async () => {
    answerWith(
      { error: { code: 'RATE_LIMITED', message: 'Too many requests', details: null }, request_id: 'q' },
      429,
    );
    expect(
      await testerFor('image-classification')!.run({ top_k: '3' }, { imageUrl: 'https://a/k.jpg' }, false),
    ).toEqual({ ok: false, message: 'Too many requests' });
    expect(testFailureMessage({ code: 'BAD_RESPONSE', message: '500: oops' })).toBe('API test failed');
  });
});
