import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import faces from '../../functions/faces';
import demo from '../../functions/demo-face-analysis';
import { errorBodySchema } from '../../src/shared/contracts/errors';
import { demoFacesOperation, facesOperation } from '../../src/shared/contracts/faces';
import { getDb } from '../../src/server/db';
import { bearer, createFreeTestAccount, createTestAccount, useUpFreeTier } from '../support/test-account';
import { useVisionEnv } from '../support/vision-env';

useVisionEnv({ seeded: true });

const URL_ = 'http://localhost/api/v1/faces';
const DEMO_URL = 'http://localhost/api/demo/face-analysis';
const sample = (name: string) => `http://localhost/images/samples/${name}`;
const ASTRONAUT = sample('astronaut.jpg');
const CAMERAMAN = sample('face-cameraman.jpg');
const MARIACHI = sample('face-mariachi.jpg');
const CAT = sample('cat-chelsea.jpg');

const post = (body: unknown, headers: Record<string, string> = {}, ip = '198.51.100.121') =>
  faces(
    new Request(URL_, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
    { ip },
  );
const postDemo = (body: unknown, ip: string) =>
  demo(
    new Request(DEMO_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }),
    { ip },
  );

describe('POST /api/v1/faces', () => {
  it('needs an API key, and refuses a Free tier that is used up', async () => {
    const anonymous = await post({ image_url: ASTRONAUT });
    expect(anonymous.status).toBe(401);
    const free = await createFreeTestAccount(getDb());
    await useUpFreeTier(getDb(), free.userId);
    const refused = await post({ image_url: ASTRONAUT }, bearer(free));
    expect(refused.status).toBe(429);
    expect(errorBodySchema.parse(await refused.json()).error).toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: { tier: 'free' },
    });
  });

  it('finds the astronaut face with its landmarks, pose and quality, passes profile_photo and counts one request', async () => {
    const account = await createTestAccount(getDb(), {
      apiId: 'facial-attribute-analysis',
      tier: 'pay-per-use',
    });
    const res = await post({ image_url: ASTRONAUT, policy: 'profile_photo' }, bearer(account));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = facesOperation.response.schema.parse(JSON.parse(text));
    expect(body).toMatchObject({ image_url: ASTRONAUT, width: 512, height: 512, face_count: 1 });
    expect(body.usage).toMatchObject({ requests: 1, images: 1 });
    expect(body.request_id).toBe(res.headers.get('X-Request-Id'));
    const [face] = body.faces;
    // The face sits in the upper middle of the photo (hand-measured: x 180-270, y 70-175).
    const [x, y, w, h] = face!.bounding_box;
    expect(x).toBeGreaterThan(165);
    expect(x + w).toBeLessThan(285);
    expect(y).toBeGreaterThan(55);
    expect(y + h).toBeLessThan(190);
    // Her left eye is on the right of the photo, above the nose, above the mouth.
    const lm = face!.landmarks;
    expect(lm.left_eye[0]).toBeGreaterThan(lm.right_eye[0]);
    expect(lm.nose_tip[1]).toBeGreaterThan(lm.left_eye[1]);
    expect(lm.mouth_left[1]).toBeGreaterThan(lm.nose_tip[1]);
    expect(Math.abs(face!.pose.yaw)).toBeLessThan(10);
    expect(face!.eyes).toMatchObject({ left_open: true, right_open: true });
    expect(face!.quality.exposure).toBe('good');
    expect(face!.presentation_attack.indicated).toBe(false);
    expect(face).not.toHaveProperty('mesh');
    expect(body.policy).toMatchObject({ name: 'profile_photo', passed: true });
    expect(body.policy!.reasons.every((r) => r.passed)).toBe(true);
  }, 60_000);

  it('fails profile_photo for a turned head and for several faces, saying why', async () => {
    const account = await createTestAccount(getDb(), {
      apiId: 'facial-attribute-analysis',
      tier: 'pay-per-use',
    });
    const turned = facesOperation.response.schema.parse(
      await (await post({ image_url: CAMERAMAN, policy: 'profile_photo' }, bearer(account))).json(),
    );
    expect(turned.face_count).toBe(1);
    expect(turned.policy!.passed).toBe(false);
    expect(turned.policy!.reasons[0]).toMatchObject({ rule: 'max_yaw', passed: false });
    expect(turned.policy!.reasons[0]!.message).toMatch(/^The face is turned sideways by \d+ degrees/);

    const band = facesOperation.response.schema.parse(
      await (await post({ image_url: MARIACHI, policy: { face_count: 1 } }, bearer(account))).json(),
    );
    expect(band.face_count).toBeGreaterThanOrEqual(3);
    expect(band.policy).toEqual({
      name: 'custom',
      passed: false,
      reasons: [
        {
          rule: 'face_count',
          passed: false,
          message: `Found ${band.face_count} faces; exactly 1 face required.`,
        },
      ],
    });
    // Largest face first.
    const areas = band.faces.map((f) => f.bounding_box[2] * f.bounding_box[3]);
    expect(areas).toEqual([...areas].sort((a, b) => b - a));
  }, 60_000);

  it('answers no face for a cat, and the full mesh on request', async () => {
    const account = await createTestAccount(getDb(), {
      apiId: 'facial-attribute-analysis',
      tier: 'pay-per-use',
    });
    const cat = facesOperation.response.schema.parse(
      await (await post({ image_url: CAT }, bearer(account))).json(),
    );
    expect(cat).toMatchObject({ face_count: 0, faces: [], policy: null });
    const meshed = facesOperation.response.schema.parse(
      await (await post({ image_url: ASTRONAUT, include_mesh: true }, bearer(account))).json(),
    );
    expect(meshed.faces[0]!.mesh).toHaveLength(468);
  }, 60_000);

  it.each([
    [{}, 'Please enter an image URL or upload an image'],
    [{ image_url: ASTRONAUT, policy: 'passport' }, 'policy'],
    [{ image_url: ASTRONAUT, policy: { max_yaw: 120 } }, 'max_yaw'],
    [{ image_url: ASTRONAUT, policy: { smile: true } }, 'smile'],
    [{ image_url: ASTRONAUT, include_mesh: 'yes' }, 'include_mesh'],
  ])('refuses %j with 400 naming the field', async (body, field) => {
    const account = await createTestAccount(getDb(), {
      apiId: 'facial-attribute-analysis',
      tier: 'pay-per-use',
    });
    const res = await post(body, bearer(account));
    expect(res.status).toBe(400);
    const error = errorBodySchema.parse(await res.json()).error;
    expect(JSON.stringify(error)).toContain(field);
  });

  it('answers 422 for bytes that are not an image, without counting a request', async () => {
    const account = await createTestAccount(getDb(), {
      apiId: 'facial-attribute-analysis',
      tier: 'pay-per-use',
    });
    const form = new FormData();
    form.set(
      'file',
      new Blob([new TextEncoder().encode('not an image at all')], { type: 'image/jpeg' }),
      'x.jpg',
    );
    const res = await faces(new Request(URL_, { method: 'POST', headers: bearer(account), body: form }), {
      ip: '198.51.100.122',
    });
    expect(res.status).toBe(422);
    expect(errorBodySchema.parse(await res.json()).error.code).toBe('INVALID_IMAGE');
  });
});

describe('POST /api/demo/face-analysis', () => {
  it('takes an upload with a named policy as a text field, without a key', async () => {
    const form = new FormData();
    form.set(
      'file',
      new Blob([readFileSync('public/images/samples/astronaut.jpg')], { type: 'image/jpeg' }),
      'astronaut.jpg',
    );
    form.set('policy', 'profile_photo');
    form.set('include_mesh', 'true');
    const res = await demo(new Request(DEMO_URL, { method: 'POST', body: form }), { ip: '198.51.100.123' });
    expect(res.status).toBe(200);
    const body = demoFacesOperation.response.schema.parse(await res.json());
    expect(body).toMatchObject({ image_url: null, face_count: 1, policy: { passed: true } });
    expect(body.faces[0]!.mesh).toHaveLength(468);
    expect(body).not.toHaveProperty('usage');
  }, 60_000);

  it('refuses an unknown policy name in the form with 400', async () => {
    const form = new FormData();
    form.set('image_url', ASTRONAUT);
    form.set('policy', 'passport');
    const res = await demo(new Request(DEMO_URL, { method: 'POST', body: form }), { ip: '198.51.100.124' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('policy');
  });

  it('limits each client to 10 runs a minute', async () => {
    const ip = '198.51.100.125';
    const statuses: number[] = [];
    // Invalid bodies are refused after the rate limit is counted, so no image is analysed here.
    for (let i = 0; i < 11; i++) statuses.push((await postDemo({ policy: 'passport' }, ip)).status);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
