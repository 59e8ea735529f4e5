import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCurl } from '../../../scripts/lib/code-samples';
import { apiReferences, docsDocument, type CatalogueApi } from './reference';
import { operationSamples } from './samples';

const origin = 'https://docs.test';
const catalogue = readdirSync('content/apis').map(
  (f) => JSON.parse(readFileSync(`content/apis/${f}`, 'utf8')) as CatalogueApi,
);
const ops = apiReferences(docsDocument(origin), catalogue, origin).flatMap((r) => r.operations);

describe('operationSamples', () => {
  it('sends the example body as JSON with the key placeholder, the same in all three languages', () => {
    const detect = ops.find((o) => o.path === '/api/v1/detect')!;
    const s = operationSamples(detect, origin);
    const call = parseCurl(s.curl);
    expect(call).toMatchObject({ method: 'POST', url: `${origin}/api/v1/detect` });
    expect(call.headers['Authorization']).toBe('Bearer $OPTIQ_API_KEY');
    expect(JSON.parse(call.body!)).toEqual(detect.requestExample);
    expect(s.javascript).toContain('Authorization: `Bearer ${process.env.OPTIQ_API_KEY}`');
    expect(s.javascript).toContain(`fetch("${origin}/api/v1/detect"`);
    expect(s.python).toMatch(/^import os\n/);
    expect(s.python).toContain(`"Authorization": f"Bearer {os.environ['OPTIQ_API_KEY']}"`);
    expect(s.python).toContain('"error_checks": 3,');
  });

  it('sends a multipart operation as form fields, without a key when it needs none', () => {
    const demo = ops.find((o) => o.path === '/api/demo/object-detection')!;
    const s = operationSamples(demo, origin);
    const call = parseCurl(s.curl);
    expect(call.headers['Authorization']).toBeUndefined();
    expect(call.form).toEqual(
      Object.fromEntries(Object.entries(demo.requestExample!).map(([k, v]) => [k, String(v)])),
    );
    expect(s.javascript).toContain('new FormData()');
    expect(s.python).toContain('data={');
  });
});
