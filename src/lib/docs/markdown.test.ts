import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accuracyCardSchema } from '../../shared/schemas/accuracy';
import { accuracyMarkdown, llmsTxt, referenceMarkdown } from './markdown';
import { apiReferences, docsDocument, type CatalogueApi } from './reference';

const origin = 'https://docs.test';
const catalogue = readdirSync('content/apis').map(
  (f) => JSON.parse(readFileSync(`content/apis/${f}`, 'utf8')) as CatalogueApi,
);
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
      expect(md).toContain('Bearer $OPTIQ_API_KEY');
      // Every API can be subscribed pay per use, which has no quota: the quota note must say so.
      expect(md).toContain('Pay per use has no monthly quota');
    }
  });
});

describe('accuracyMarkdown', () => {
  const card = accuracyCardSchema.parse(
    JSON.parse(readFileSync('tests/fixtures/accuracy/image-object-detection.json', 'utf8')),
  );
  const ref = refs.find((r) => r.id === 'image-object-detection')!;

  it("puts the card's figures in the reference's Markdown twin", () => {
    const md = referenceMarkdown(ref, origin, card);
    expect(md).toContain('## Accuracy');
    expect(md).toContain(
      '| Fixture recall at the default threshold | Interior photos, dev split | 73.5% | 64.0% to 81.1% | 72 of 98 |',
    );
    expect(md).toContain(
      '| sink | Interior photos, dev split | 90.0% (59.6% to 98.2%; 9 of 10) | 75.0% (46.8% to 91.1%; 9 of 12) | not measured |',
    );
    expect(md).toContain('| 107 | 212 ms | 1275 ms | 1.50, 1.25, 0.80 on 2 cores |');
    expect(md).toContain('- Photos that are not of a room are answered other.');
  });

  it('says an API without a card is not measured yet', () => {
    expect(accuracyMarkdown(ref, undefined)).toContain('Not measured yet');
    expect(referenceMarkdown(ref, origin)).not.toContain('73.5%');
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
