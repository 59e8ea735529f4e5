import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { createOptiqClient, DEFAULT_BASE_URL, multipart, OptiqError, unwrap } from './index';

/** A fetch that records each request and answers with `answer`. */
function recorder(answer: () => Response) {
  const requests: Request[] = [];
  const fetch = async (input: Request) => {
    requests.push(input);
    return answer();
  };
  return { requests, fetch: fetch as unknown as typeof globalThis.fetch };
}

const errorBody = {
  error: { code: 'QUOTA_EXCEEDED', message: 'Monthly quota used', details: { limit: 1000 } },
  request_id: 'req-1',
};

describe('createOptiqClient', () => {
  it('sends the key as a bearer token to the base URL, JSON bodies as JSON', async () => {
    const { requests, fetch } = recorder(() => Response.json({ categories: [], usage: { requests: 0 } }));
    const optiq = createOptiqClient({ apiKey: 'optiq_live_abc', baseUrl: 'https://optiq.example/', fetch });
    await optiq.POST('/api/v1/categories', {
      body: { definitions: [{ category: 'garage', objects: ['car'] }] },
    });
    const [req] = requests;
    expect(req?.url).toBe('https://optiq.example/api/v1/categories');
    expect(req?.headers.get('authorization')).toBe('Bearer optiq_live_abc');
    expect(req?.headers.get('content-type')).toBe('application/json');
    expect(await req?.json()).toEqual({ definitions: [{ category: 'garage', objects: ['car'] }] });
  });

  it("defaults to the document's server and sends no key when none is given", async () => {
    const { requests, fetch } = recorder(() => Response.json([]));
    await createOptiqClient({ fetch }).GET('/api/apis');
    expect(requests[0]?.url).toBe(`${DEFAULT_BASE_URL}/api/apis`);
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('uploads files as multipart form data, other fields as text', async () => {
    const { requests, fetch } = recorder(() => Response.json({}));
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'room.jpg', { type: 'image/jpeg' });
    await createOptiqClient({ apiKey: 'k', fetch }).POST('/api/v1/classify', {
      body: { file, top_k: 2 },
      bodySerializer: multipart,
    });
    const form = await requests[0]!.formData();
    expect(requests[0]?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(form.get('top_k')).toBe('2');
    const sent = form.get('file') as File;
    expect([sent.name, sent.type, sent.size]).toEqual(['room.jpg', 'image/jpeg', 3]);
  });
});

describe('unwrap', () => {
  it('returns the data of a success and throws the error body as an OptiqError', async () => {
    expect(unwrap({ data: { ok: 1 }, response: new Response(null, { status: 200 }) })).toEqual({ ok: 1 });
    const thrown = (() => {
      try {
        return unwrap({ error: errorBody, response: new Response(null, { status: 429 }) });
      } catch (e) {
        return e;
      }
    })();
    expect(thrown).toBeInstanceOf(OptiqError);
    expect(thrown).toMatchObject({
      status: 429,
      code: 'QUOTA_EXCEEDED',
      message: 'Monthly quota used',
      details: { limit: 1000 },
      requestId: 'req-1',
    });
  });

  it('names the status when the body is not the API error body (a proxy page)', () => {
    expect(() =>
      unwrap({ error: '<html>Bad gateway</html>', response: new Response(null, { status: 502 }) }),
    ).toThrow(expect.objectContaining({ code: 'HTTP_502', message: 'HTTP 502' }));
  });
});

describe('size', () => {
  it('bundles, with openapi-fetch, to under 10 KB minified', async () => {
    const out = await build({
      entryPoints: [new URL('./index.ts', import.meta.url).pathname],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
      logLevel: 'silent',
    });
    const bytes = out.outputFiles[0]!.contents.byteLength;
    expect(bytes).toBeGreaterThan(1000);
    expect(bytes).toBeLessThan(10 * 1024);
  });
});
