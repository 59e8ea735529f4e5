import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import demo from '../../functions/demo-photo-validation';
import { photoValidationResponseSchema } from '../../src/shared/schemas/photo-authenticity/photo-validation';
import { useVisionEnv } from '../support/vision-env';

const env = useVisionEnv({ seeded: false });
const URL_ = 'http://localhost/api/demo/photo-validation';
const postJson = (body: unknown, ip = '198.51.100.21') =>
  demo(
    new Request(URL_, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { ip },
  );
const upload = (path: string, checkType: string, ip = '198.51.100.22') => {
  const form = new FormData();
  form.set('file', new Blob([readFileSync(path)]), path.split('/').pop()!);
  form.set('check_type', checkType);
  return demo(new Request(URL_, { method: 'POST', body: form }), { ip });
};

describe('POST /api/demo/photo-validation', () => {
  it('validates an image URL: a plain photo is inconclusive, score 0.5, with an ELA heatmap', async () => {
    const res = await postJson({ image_url: env.img('dog.jpg'), check_type: 'comprehensive' });
    expect(res.status).toBe(200);
    const body = photoValidationResponseSchema.parse(await res.json());
    expect(body).toMatchObject({
      is_authentic: true,
      authenticity_score: 0.5,
      verdict: 'inconclusive',
      check_type: 'comprehensive',
    });
    expect(body.analysis.photo_of_photo?.detected).toBe(false);
    expect(body.evidence.signals.ela.heatmapPng).toMatch(/^data:image\/png;base64,/);
  });

  it('flags an uploaded PNG with generator parameters as suspicious', async () => {
    const body = photoValidationResponseSchema.parse(
      await (await upload('tests/fixtures/authenticity/a1111-parameters.png', 'ai_detection')).json(),
    );
    expect(body).toMatchObject({
      is_authentic: false,
      authenticity_score: 0.05,
      verdict: 'ai_generated',
      image_url: 'a1111-parameters.png',
    });
    expect(body.analysis.ai_generated).toMatchObject({ detected: true, confidence: 0.95 });
    expect(body.analysis.photo_of_photo).toBeUndefined();
  });

  it('counts only the rules of the check type: an edited photo passes ai_detection', async () => {
    const edited = 'tests/fixtures/authenticity/edited-photoshop.jpg';
    const manipulation = photoValidationResponseSchema.parse(
      await (await upload(edited, 'manipulation')).json(),
    );
    expect(manipulation).toMatchObject({ is_authentic: false, verdict: 'edited', authenticity_score: 0.2 });
    expect(manipulation.analysis.manipulation_detected).toMatchObject({
      detected: true,
      types: ['editing software'],
    });
    expect(manipulation.analysis.metadata_analysis.edit_history[0]).toMatch(/saved with Adobe Photoshop/);
    const ai = photoValidationResponseSchema.parse(await (await upload(edited, 'ai_detection')).json());
    expect(ai.is_authentic).toBe(true);
  });

  it('pasted camera EXIF is only declared camera metadata (0.65); deepfake says what it checks', async () => {
    const body = photoValidationResponseSchema.parse(
      await (await upload('tests/fixtures/authenticity/camera-exif.jpg', 'deepfake')).json(),
    );
    expect(body).toMatchObject({ verdict: 'declared_camera', authenticity_score: 0.65 });
    expect(body.analysis.metadata_analysis).toMatchObject({
      camera_info_present: true,
      gps_data: false,
      creation_date: expect.stringMatching(/^2024-05-01/),
    });
    expect(body.analysis.people?.note).toMatch(/No learned deepfake/);
    expect(body.analysis.people?.count).toBeGreaterThanOrEqual(0);
  });

  it('answers the documented errors', async () => {
    expect((await postJson({ check_type: 'comprehensive' })).status).toBe(400);
    expect((await postJson({ image_url: env.img('dog.jpg'), check_type: 'nope' })).status).toBe(400);
    const tiny = await upload('tests/fixtures/authenticity/README.md', 'comprehensive');
    expect(tiny.status).toBe(422);
  });
});
