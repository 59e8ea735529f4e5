import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { llmsTxt, referenceMarkdown } from './markdown';
import { apiReferences, docsDocument, type CatalogueApi } from './reference';

const origin = 'https://docs.test';
const catalogue = readdirSync('content/apis').map((f) => JSON.parse(readFileSync(`content/apis/${f}`, 'utf8')) as CatalogueApi);
const refs = apiReferences(docsDocument(origin), catalogue, origin);

describe('referenceMarkdown', () => {
  it('carries every operation, field, error code and quota of the HTML page', () => {
    for (const ref of refs) {
      const md = referenceMarkdown(ref, origin);
      for (const op of ref.operations) {
        expect(md).toContain(`### ${op.method} ${op.path}: ${op.summary}`);
        expect(md).toContain(`](#${op.anchor})`);
        for (const f of [...op.bodyFields, ...op.responseFields]) expect(md).toContain(`\`${f.name}\``);
        for (const e of op.errors) expect(md).toContain(`| ${e.status} | \`${e.code}\` |`);
      }
      for (const q of ref.quotas) expect(md).toContain(`| ${q.tier} |`);
      expect(md).toContain('Bearer YOUR_API_KEY');
      // Every API can be subscribed pay per use, which has no quota: the quota note must say so.
      expect(md).toContain('Pay per use has no monthly quota');
    }
  });
});

describe('llmsTxt', () => {
  it('links the overview, every reference as Markdown and the OpenAPI document', () => {
    const text = llmsTxt(origin, refs);
    expect(text).toMatch(/^# Optiq\n\n> /);
    expect(text).toContain(`(${origin}/docs.md)`);
    for (const r of refs) expect(text).toContain(`(${origin}${r.markdownHref})`);
    expect(text).toContain(`(${origin}/openapi.json)`);
  });
});
