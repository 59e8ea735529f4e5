import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CaptionResponse } from '../../shared/schemas/caption';
import { FACES_METHOD } from '../../shared/schemas/faces';
import type { PhotoValidationResponse } from '../../shared/schemas/photo-authenticity/photo-validation';
import type { SimilarResponse } from '../../shared/schemas/similar';
import type { WatermarkResponse } from '../../shared/schemas/watermark';
import {
  CAPTION_TESTER,
  captionView,
  FACES_TESTER,
  SIMILAR_TESTER,
  similarView,
  VALIDATION_TESTER,
  validationView,
  WATERMARK_TESTER,
  watermarkView,
} from './image-testers';
import { answerWith } from './test-answers';
import { initialValues } from './tester-model';

afterEach(() => {
  vi.unstubAllGlobals();
});

const image = { imageUrl: ' https://site/images/samples/coffee.jpg ' };

describe('one-image testers', () => {
  it('refuse to run without an image, and run with a URL or an upload', () => {
    for (const tester of [
      CAPTION_TESTER,
      SIMILAR_TESTER,
      VALIDATION_TESTER,
      WATERMARK_TESTER,
      FACES_TESTER,
    ]) {
      const values = initialValues(tester);
      expect(tester.inputError(values, { imageUrl: ' ' }), tester.apiId).toBe('Please provide an image URL');
      expect(tester.inputError(values, image), tester.apiId).toBeNull();
      expect(
        tester.inputError(values, { imageUrl: '', file: new File(['x'], 'a.jpg') }),
        tester.apiId,
      ).toBeNull();
    }
  });

  it("captioning sends the style and the length's word limit, to the demo or the own subscription", async () => {
    const sent = answerWith({
      image_url: 'https://site/images/samples/coffee.jpg',
      caption: 'A cup of coffee.',
      style: 'technical',
      confidence: 0.8,
      word_count: 4,
      processing_time: 0.5,
      language_detected: 'en',
      request_id: 'q1',
      analysis_method: 'composed from detected content',
    });
    const values = { ...initialValues(CAPTION_TESTER), style: 'technical', length: 'short' };
    const outcome = await CAPTION_TESTER.run(values, image, false);
    await CAPTION_TESTER.run({ ...values, length: 'nonsense' }, image, true);
    expect(sent()).toEqual([
      {
        url: '/api/demo/image-captioning',
        body: { style: 'technical', max_length: 50, image_url: 'https://site/images/samples/coffee.jpg' },
      },
      {
        url: '/api/v1/caption',
        body: { style: 'technical', max_length: 100, image_url: 'https://site/images/samples/coffee.jpg' },
      },
    ]);
    expect(outcome).toMatchObject({
      ok: true,
      view: { rows: [{ kind: 'text', name: 'Caption', text: 'A cup of coffee.' }] },
    });
  });

  it('facial analysis sends the policy (or none), and lists failed rules before the faces', async () => {
    const face = {
      bounding_box: [10, 10, 90, 110],
      confidence: 0.9,
      landmarks: {
        left_eye: [70, 40],
        right_eye: [30, 40],
        nose_tip: [50, 60],
        mouth_left: [65, 80],
        mouth_right: [35, 80],
      },
      pose: { yaw: 31.6, pitch: 2, roll: -4 },
      eyes: { left_open: true, right_open: true, left_openness: 0.3, right_openness: 0.3 },
      quality: {
        sharpness: 0.71,
        brightness: 0.5,
        exposure: 'good',
        clipped: 0,
        face_width_px: 90,
        face_height_px: 110,
        face_share: 0.08,
        cut_off: 0,
      },
      presentation_attack: { indicated: false, liveness_score: 0.9, antispoof_score: 0.6 },
    };
    const sent = answerWith({
      image_url: 'https://site/images/samples/coffee.jpg',
      width: 400,
      height: 300,
      face_count: 1,
      faces: [face],
      policy: {
        name: 'profile_photo',
        passed: false,
        reasons: [
          { rule: 'max_yaw', passed: false, message: 'The face is turned sideways by 32 degrees.' },
          { rule: 'face_count', passed: true, message: 'Found 1 face, as required.' },
        ],
      },
      processing_time: 0.4,
      request_id: 'q2',
      analysis_method: FACES_METHOD,
    });
    const outcome = await FACES_TESTER.run(initialValues(FACES_TESTER), image, false);
    await FACES_TESTER.run({ policy: 'none' }, image, true);
    expect(sent()).toEqual([
      {
        url: '/api/demo/face-analysis',
        body: {
          policy: 'profile_photo',
          include_mesh: false,
          image_url: 'https://site/images/samples/coffee.jpg',
        },
      },
      {
        url: '/api/v1/faces',
        body: { include_mesh: false, image_url: 'https://site/images/samples/coffee.jpg' },
      },
    ]);
    expect(outcome).toMatchObject({
      ok: true,
      view: {
        summary: { term: 'Faces', value: '1', rest: ' · profile photo failed · 0.40 s' },
        rows: [
          { kind: 'text', name: 'Failed', text: 'The face is turned sideways by 32 degrees.' },
          { kind: 'text', name: 'Face 1 (90 x 110 px)' },
        ],
      },
    });
    expect(JSON.stringify(outcome)).toContain('yaw 32 degrees');
  });

  it('an upload goes out as multipart with the settings as fields', async () => {
    const sent = answerWith({ caption: 'x', style: 'descriptive', word_count: 1, processing_time: 0.1 });
    // Not an image the browser can shrink: sent as picked.
    vi.stubGlobal('createImageBitmap', undefined);
    const file = new File(['not really a jpeg'], 'cup.jpg', { type: 'image/jpeg' });
    await VALIDATION_TESTER.run({ check_type: 'ai_detection' }, { imageUrl: '', file }, false).catch(
      () => undefined,
    );
    const [call] = sent();
    expect(call?.url).toBe('/api/demo/photo-validation');
    expect(call?.body).toMatchObject({ check_type: 'ai_detection' });
    expect((call?.body as Record<string, unknown>)['file']).toBeInstanceOf(File);
  });

  it('similar search sends its choices, falling back to the defaults', async () => {
    const sent = answerWith({ matches_found: 0, total_searched: 0, processing_time: 0, similar_images: [] });
    await SIMILAR_TESTER.run(
      { max_results: '20', similarity_threshold: '0.9', category: 'food' },
      image,
      false,
    );
    await SIMILAR_TESTER.run({ max_results: '7', similarity_threshold: '2', category: 'cats' }, image, true);
    expect(sent().map((c) => [c.url, c.body])).toEqual([
      [
        '/api/demo/similar-images',
        {
          max_results: 20,
          similarity_threshold: 0.9,
          category: 'food',
          image_url: 'https://site/images/samples/coffee.jpg',
        },
      ],
      [
        '/api/v1/similar',
        {
          max_results: 10,
          similarity_threshold: 0.7,
          category: 'all',
          image_url: 'https://site/images/samples/coffee.jpg',
        },
      ],
    ]);
  });

  it("a failed call shows the server's message", async () => {
    answerWith(
      { error: { code: 'RATE_LIMITED', message: 'Too many requests', details: null }, request_id: 'q' },
      429,
    );
    expect(await WATERMARK_TESTER.run(initialValues(WATERMARK_TESTER), image, false)).toEqual({
      ok: false,
      message: 'Too many requests',
    });
  });
});

describe('views', () => {
  it('caption: the text, style, words and time', () => {
    const view = captionView({
      caption: 'A cat.',
      style: 'creative',
      word_count: 2,
      processing_time: 1.234,
    } as CaptionResponse);
    expect(view.summary).toEqual({ term: 'Style', value: 'creative', rest: ' · 2 words · 1.23 s' });
    expect(view.rows).toEqual([{ kind: 'text', name: 'Caption', text: 'A cat.' }]);
  });

  it('similar: matches best first as percentages', () => {
    const view = similarView({
      matches_found: 1,
      total_searched: 152,
      processing_time: 0.2,
      similar_images: [
        { id: 'g-1', url: '/gallery/1.jpg', similarity: 0.934, category: 'food', near_duplicate: true },
      ],
    } as unknown as SimilarResponse);
    expect(view.summary?.value).toBe('1');
    expect(view.rows).toEqual([{ kind: 'score', name: 'g-1 (food)', percent: 93 }]);
    expect(view.ordered).toBe(true);
  });

  it('validation: the verdict, the indicators and the findings', () => {
    const view = validationView({
      verdict: 'inconclusive',
      authenticity_score: 0.5,
      processing_time: 0.3,
      analysis: {
        ai_generated: { detected: false, confidence: 0.1, indicators: [] },
        manipulation_detected: { detected: false, confidence: 0, types: [] },
        specific_issues: ['No camera metadata'],
      },
    } as unknown as PhotoValidationResponse);
    expect(view.summary).toEqual({
      term: 'Verdict',
      value: 'inconclusive',
      rest: ' · authenticity score 50% · 0.30 s',
    });
    expect(view.rows).toEqual([
      { kind: 'score', name: 'AI-generated', percent: 10 },
      { kind: 'score', name: 'Manipulated', percent: 0 },
      { kind: 'text', name: 'Finding', text: 'No camera metadata' },
    ]);
  });

  it('watermark: each mark found, or none', () => {
    const group = <T>(items: T[]) => ({
      detected: items.length > 0,
      count: items.length,
      checked: true,
      items,
    });
    const view = watermarkView({
      watermarks_detected: true,
      total_watermarks: 2,
      processing_time: 1,
      visible_watermarks: group([{ text: 'SAMPLE', confidence: 0.88 }]),
      invisible_watermarks: group([]),
      brand_logos: group([{ brand: 'Shutterstock', confidence: 0.9 }]),
    } as unknown as WatermarkResponse);
    expect(view.summary).toEqual({ term: 'Watermarks', value: '2 found', rest: ' · 1.00 s' });
    expect(view.rows).toEqual([
      { kind: 'text', name: 'Visible (88%)', text: 'SAMPLE' },
      { kind: 'text', name: 'Brand (90%)', text: 'Shutterstock' },
    ]);
    const none = watermarkView({
      watermarks_detected: false,
      total_watermarks: 0,
      processing_time: 1,
      visible_watermarks: group([]),
      invisible_watermarks: group([]),
      brand_logos: group([]),
    } as unknown as WatermarkResponse);
    expect(none.summary?.value).toBe('none found');
    expect(none.rows).toEqual([{ kind: 'text', name: 'Result', text: 'No watermark found' }]);
  });
});
