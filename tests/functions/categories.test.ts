import { describe, expect, it } from 'vitest';
import { categoryDefinitionsResponseSchema, detectResponseSchema } from '../../src/shared/schemas/detect';
import categories from '../../functions/categories';
import detect from '../../functions/detect';
import { useVisionEnv } from '../support/vision-env';

const env = useVisionEnv();

const call = (fn: (r: Request) => Promise<Response>, path: string, body: unknown) =>
  fn(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...env.auth() },
      body: JSON.stringify(body),
    }),
  );

describe('POST /api/v1/categories', () => {
  it('adds a category that detect then uses', async () => {
    const res = await call(categories, '/api/v1/categories', {
      definitions: [{ category: 'Garage', objects: ['car', 'Bicycle', 'workbench', 'car'] }],
    });
    expect(res.status).toBe(200);
    const body = categoryDefinitionsResponseSchema.parse(await res.json());
    expect(body).toEqual({
      updated: 1,
      categories: [
        {
          category: 'garage',
          objects: ['car', 'bicycle', 'workbench'],
          undetectable_objects: ['workbench'],
          created: true,
        },
      ],
    });
    const run = detectResponseSchema.parse(
      await (
        await call(detect, '/api/v1/detect', {
          image_urls: [`${env.server().origin}/images/dog.jpg`],
          category: 'garage',
          error_checks: 1,
        })
      ).json(),
    );
    expect(run.detection_results[0]).toEqual({
      image_url: `${env.server().origin}/images/dog.jpg`,
      objects: { car: true, bicycle: true, none_observed: false },
    });
    expect(run.undetectable_objects).toEqual(['workbench']);
  });

  it('replaces an existing definition', async () => {
    const body = categoryDefinitionsResponseSchema.parse(
      await (
        await call(categories, '/api/v1/categories', {
          definitions: [{ category: 'bathroom', objects: ['toilet'] }],
        })
      ).json(),
    );
    expect(body.categories[0]).toMatchObject({ category: 'bathroom', created: false });
    const run = detectResponseSchema.parse(
      await (
        await call(detect, '/api/v1/detect', {
          image_urls: [`${env.server().origin}/images/horses.jpg`],
          category: 'bathroom',
        })
      ).json(),
    );
    expect(run.detection_results[0]).toMatchObject({ objects: { toilet: false, none_observed: true } });
    expect(Object.keys((run.detection_results[0] as { objects: object }).objects)).toEqual([
      'toilet',
      'none_observed',
    ]);
  });

  it.each([
    [{}, 'definitions: definitions must be a list'],
    [{ definitions: [] }, 'definitions: definitions must not be empty'],
    [
      { definitions: [{ category: '', objects: ['sink'] }] },
      'definitions.0.category: category must be a non-empty text',
    ],
    [{ definitions: [{ category: 'x', objects: [] }] }, 'definitions.0.objects: objects must not be empty'],
    [
      { definitions: [{ category: 'x', objects: ['sink', ' '] }] },
      'definitions.0.objects.1: Each object must be a non-empty text',
    ],
    [
      { definitions: [{ category: 'x', objects: 'sink' }] },
      'definitions.0.objects: objects must be a list of texts',
    ],
  ])('rejects %j', async (body, message) => {
    const res = await call(categories, '/api/v1/categories', body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
  });
});
