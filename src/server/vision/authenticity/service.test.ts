import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  predictResponseSchema,
  whyNotRealResponseSchema,
} from '../../../shared/schemas/photo-authenticity/analysis';
import { analyzeAuthenticity } from './analyze';
import { predictBody, whyNotRealBody } from './service';

const load = (name: string) =>
  analyzeAuthenticity(new Uint8Array(readFileSync(`tests/fixtures/authenticity/${name}`)));

describe('authenticity response bodies', () => {
  it('predict matches its contract and leaves the heatmap out unless asked', async () => {
    const report = await load('edited-photoshop.jpg');
    const body = predictResponseSchema.parse(predictBody(report, 'https://example.com/a.jpg', 0.25, 'req-1'));
    expect(body).toMatchObject({
      is_real: false,
      fail_tags: ['edited'],
      verdict: 'edited',
      request_id: 'req-1',
    });
    expect(body.evidence.signals.ela.heatmapPng).toBeUndefined();
    const withMap = predictResponseSchema.parse(
      predictBody(report, 'https://example.com/a.jpg', 0.25, 'req-1', true),
    );
    expect(withMap.evidence.signals.ela.heatmapPng).toMatch(/^data:image\/png;base64,/);
  });

  it('why_not_real gives each fail tag its evidence in plain words', async () => {
    const body = whyNotRealResponseSchema.parse(
      whyNotRealBody(await load('ai-iptc-declared.jpg'), 'https://example.com/b.jpg', 'req-2'),
    );
    expect(body.explanations).toHaveLength(1);
    expect(body.explanations[0]!.tag).toBe('ai_generated');
    expect(body.explanations[0]!.evidence).toHaveLength(2);
    expect(body.explanations[0]!.reason).toMatch(/trainedAlgorithmicMedia/);
    expect(body.summary).toMatch(/^Judged made with a generative AI model/);
  });

  it('why_not_real on an image without evidence says what that means', async () => {
    const body = whyNotRealBody(await load('stripped.jpg'), 'https://example.com/c.jpg', 'req-3');
    expect(body).toMatchObject({ is_real: true, explanations: [], verdict: 'inconclusive' });
    expect(body.summary).toMatch(/prove nothing/);
  });
});
