/**
 * Hostile input reaches the database only as data it can store: NUL characters in text fields
 * and ids, malformed percent-encoding and names that normalise to nothing are 4xx answers with
 * the documented body, never PostgreSQL errors turned into 500s.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { errorBodySchema } from '../../src/server/http/errors';
import { SAFE_TEXT_MESSAGE } from '../../src/shared/schemas/safe-text';
import * as apisFunction from '../../functions/apis';
import categories from '../../functions/categories';
import contacts from '../../functions/contacts';
import detect from '../../functions/detect';
import * as useCasesFunction from '../../functions/use-cases';
import { useVisionEnv } from '../support/vision-env';
import { routed } from '../support/routed';

const apis = routed(apisFunction);
const useCases = routed(useCasesFunction);

const env = useVisionEnv();
beforeAll(() => {
  vi.stubEnv('CONTACT_RATE_LIMIT', '10000');
});

const json = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...env.auth() },
    body: JSON.stringify(body),
  });

async function errorOf(res: Response) {
  return errorBodySchema.parse(await res.json()).error as {
    code: string;
    message: string;
    details: { fields?: Record<string, string[]> } | null;
  };
}

const contact = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  message: 'We need room detection.',
  pageName: 'Pricing',
};

describe('NUL characters', () => {
  it.each(['name', 'email', 'message', 'pageName'])(
    'in the contact %s: 400 with a plain field error',
    async (field) => {
      const res = await contacts(
        json('/api/contacts', { ...contact, [field]: `a\u0000b${field === 'email' ? '@example.com' : ''}` }),
      );
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('INVALID_REQUEST');
      expect(error.details?.fields?.[field]).toContain(SAFE_TEXT_MESSAGE);
    },
  );

  it('in an object key or a category definition: 400 naming the field', async () => {
    let res = await categories(
      json('/api/v1/categories', { definitions: [{ category: 'gar\u0000age', objects: ['car'] }] }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).details?.fields).toEqual({ 'definitions.0.category': [SAFE_TEXT_MESSAGE] });
    res = await categories(
      json('/api/v1/categories', { definitions: [{ category: 'garage', objects: ['car', '\u0000'] }] }),
    );
    expect(res.status).toBe(400);
    res = await contacts(json('/api/contacts', { ...contact, ['x\u0000']: 1 }));
    expect(res.status).toBe(400);
  });

  it('in the detect category: 400', async () => {
    const res = await detect(
      json('/api/v1/detect', { image_urls: ['https://example.com/a.jpg'], category: 'bath\u0000room' }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).details?.fields?.['category']).toEqual([SAFE_TEXT_MESSAGE]);
  });

  it.each([
    [apis, '/api/apis/%00'],
    [apis, '/api/apis/image-object-detection%00'],
    [useCases, '/api/use-cases/%00'],
    [apis, '/api/apis/%ZZ'],
    [apis, '/api/apis/%E0%A4%A'],
    [useCases, '/api/use-cases/%E0%A4%A'],
  ])('in a path id (%#: %s): 404 NOT_FOUND', async (fn, path) => {
    const res = await fn(new Request(`http://localhost${path}`));
    expect(res.status).toBe(404);
    expect((await errorOf(res)).code).toBe('NOT_FOUND');
  });
});

describe('POST /api/v1/categories', () => {
  it('refuses a category whose object names all normalise to nothing (the spec needs a non-empty list)', async () => {
    const res = await categories(
      json('/api/v1/categories', { definitions: [{ category: 'odd', objects: ['!!!', '---', '  ?? '] }] }),
    );
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(Object.keys(error.details?.fields ?? {})).toEqual(['definitions.0.objects']);
  });
});
