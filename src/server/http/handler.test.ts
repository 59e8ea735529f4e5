import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { errorBodySchema, HttpError } from './errors';
import { defineHandler, json, readForm, readJson, REQUEST_ID_HEADER } from './handler';

const schema = z.object({ name: z.string().min(1) });
const echo = defineHandler(['POST'], async (req, ctx) =>
  json(await readJson(req, schema, { maxBytes: 64 }), ctx),
);

const post = (body: string, type = 'application/json') =>
  echo(new Request('http://x/api/echo', { method: 'POST', headers: { 'Content-Type': type }, body }));

async function errorOf(res: Response) {
  const body = errorBodySchema.parse(await res.json());
  expect(body.request_id).toBe(res.headers.get(REQUEST_ID_HEADER));
  return body.error;
}

describe('defineHandler', () => {
  it('answers JSON with a request id and protective headers', async () => {
    const res = await post('{"name":"a"}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'a' });
    expect(res.headers.get(REQUEST_ID_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
  });

  it('refuses other methods with 405 and an Allow header', async () => {
    const res = await echo(new Request('http://x/api/echo'));
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect((await errorOf(res)).code).toBe('METHOD_NOT_ALLOWED');
  });

  it('maps a thrown HttpError to its status and the documented body', async () => {
    const handler = defineHandler(['GET'], async () => {
      throw new HttpError(404, 'NOT_FOUND', 'No such thing');
    });
    const res = await handler(new Request('http://x/'));
    expect(res.status).toBe(404);
    expect(await errorOf(res)).toEqual({ code: 'NOT_FOUND', message: 'No such thing', details: null });
  });

  it('never leaks an unexpected error, and logs it', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = defineHandler(['GET'], async () => {
      throw new Error('connection string postgres://user:secret@db');
    });
    const res = await handler(new Request('http://x/'));
    const text = await res.clone().text();
    expect(res.status).toBe(500);
    expect(text).not.toContain('secret');
    expect((await errorOf(res)).code).toBe('INTERNAL_ERROR');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('answers a database that is away with 503, Retry-After and no internals', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handler = defineHandler(['GET'], async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 10.0.0.7:5432'), { code: 'ECONNREFUSED' });
    });
    const res = await handler(new Request('http://x/'));
    spy.mockRestore();
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    expect(await res.clone().text()).not.toContain('10.0.0.7');
    expect((await errorOf(res)).code).toBe('SERVICE_UNAVAILABLE');
  });
});

describe('readJson', () => {
  it('refuses another content type with 415', async () => {
    const res = await post('name=a', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect((await errorOf(res)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(200) });
    expect((await post(big)).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(big));
        c.close();
      },
    });
    const res = await echo(
      new Request('http://x/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: stream,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(413);
  });

  it('answers malformed JSON with 400 INVALID_JSON', async () => {
    const res = await post('{"name":');
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('INVALID_JSON');
  });

  it('answers a schema mismatch with 400 and field errors', async () => {
    const res = await post('{"name":""}');
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('INVALID_REQUEST');
    expect(error.details).toEqual({ fields: { name: [expect.any(String)] } });
    expect(error.message).toMatch(/^name: /);
  });
});

describe('readForm', () => {
  const formEcho = defineHandler(['POST'], async (req, ctx) => {
    const form = await readForm(req, 2048, 'Upload exceeds the test limit');
    const file = form.get('file');
    return json({ name: form.get('name'), size: file instanceof File ? file.size : null }, ctx);
  });
  const send = (form: FormData) =>
    formEcho(new Request('http://x/api/upload', { method: 'POST', body: form }));

  it('parses fields and files under the cap', async () => {
    const form = new FormData();
    form.set('name', 'a');
    form.set('file', new File([new Uint8Array(1000)], 'a.jpg', { type: 'image/jpeg' }));
    const res = await send(form);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'a', size: 1000 });
  });

  it('refuses a form over the cap with 413 and the given message', async () => {
    const form = new FormData();
    form.set('file', new File([new Uint8Array(4096)], 'a.jpg', { type: 'image/jpeg' }));
    const res = await send(form);
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Upload exceeds the test limit',
    });
  });

  it('answers a body that is not a form with 400', async () => {
    const res = await formEcho(
      new Request('http://x/api/upload', {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=zz' },
        body: 'not a form',
      }),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe('INVALID_REQUEST');
  });
});
