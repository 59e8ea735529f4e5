import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../http/errors';
import { MAX_UPLOAD_BYTES, readImageRequest } from './upload';

const schema = z.strictObject({
  image_url: z.url().optional(),
  top_k: z.number().int().default(5),
  flag: z.boolean().default(false),
  metadata: z.record(z.string(), z.string()).optional(),
});
const formSchema = z.object({ top_k: z.coerce.number().optional() }).loose();

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers });

function form(entries: Record<string, string | Blob>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(entries)) f.append(k, v);
  return f;
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('readImageRequest: the one reader of single-image requests', () => {
  it('reads JSON with image_url', async () => {
    const { fields, image } = await readImageRequest(
      post(JSON.stringify({ image_url: 'https://example.com/a.jpg', top_k: 3 }), {
        'content-type': 'application/json',
      }),
      schema,
    );
    expect(fields).toEqual({ image_url: 'https://example.com/a.jpg', top_k: 3, flag: false });
    expect(image).toEqual({ url: 'https://example.com/a.jpg' });
  });

  it('reads a form: the file as the image, text fields coerced by the form schema, switches and JSON fields parsed', async () => {
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const req = post(
      form({
        file: new Blob([bytes], { type: 'image/png' }),
        top_k: '7',
        flag: 'true',
        metadata: '{"a":"b"}',
        image_url: '',
      }),
    );
    const { fields, image } = await readImageRequest(req, schema, {
      formSchema,
      booleanFields: ['flag'],
      jsonFields: ['metadata'],
    });
    expect(fields).toEqual({ top_k: 7, flag: true, metadata: { a: 'b' } });
    expect(image).toEqual({ bytes });
  });

  it('reads only the named form fields when asked to, and names a JSON field that does not parse', async () => {
    const req = post(form({ image_url: 'https://example.com/a.jpg', other: 'x' }));
    expect((await readImageRequest(req, schema, { formFields: ['image_url'] })).fields).toMatchObject({
      image_url: 'https://example.com/a.jpg',
    });
    const bad = await failure(
      readImageRequest(post(form({ image_url: 'https://example.com/a.jpg', metadata: '{' })), schema, {
        jsonFields: ['metadata'],
      }),
    );
    expect(bad.status).toBe(400);
    expect(bad.details).toEqual({ fields: { metadata: ['metadata must be a JSON object'] } });
  });

  it('answers 400 naming image_url when there is neither a file nor a URL, and releases the upload lease', async () => {
    let released = 0;
    const lease = { release: () => void released++, holdImage: () => {} } as never;
    const error = await failure(
      readImageRequest(post(form({ file: new Blob([]), top_k: '2' })), schema, { formSchema, lease }),
    );
    expect(error.status).toBe(400);
    expect(error.details).toEqual({
      fields: { image_url: ['Please enter an image URL or upload an image'] },
    });
    expect(released).toBe(1);
  });

  it('refuses a form past the 10 MB image cap with 413 before reading it', async () => {
    const req = post(form({ image_url: 'https://example.com/a.jpg' }));
    const big = new Request(req, {
      headers: {
        'content-type': req.headers.get('content-type')!,
        'content-length': String(MAX_UPLOAD_BYTES + 1),
      },
    });
    const error = await failure(readImageRequest(big, schema));
    expect(error.status).toBe(413);
    expect(error.message).toBe('Upload exceeds the 10 MB image limit');
  });
});
