import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCURACY_API_IDS, accuracyCardSchema } from '../../src/shared/schemas/accuracy';
import { planEvalRuns } from './eval-runner';

const root = process.cwd();

describe('the eval runner plan', () => {
  it("runs each present API script once, in the API list's order, and names the missing ones", () => {
    const plan = planEvalRuns(
      [
        'index.ts',
        'watermark-detection.ts',
        'photo-authenticity.ts',
        'helpers.ts',
        'photo-authenticity.test.ts',
      ],
      [],
    );
    expect(plan.run).toEqual([
      { api: 'photo-authenticity', file: 'photo-authenticity.ts' },
      { api: 'watermark-detection', file: 'watermark-detection.ts' },
    ]);
    expect(plan.missing).toEqual([
      'image-object-detection',
      'image-classification',
      'image-captioning',
      'similar-image-search',
      'facial-attribute-analysis',
      'virtual-inspection',
    ]);
    expect(plan.ignored).toEqual(['helpers.ts']);
  });

  it("lets a new catalogue API's script join by existing", () => {
    expect(planEvalRuns(['face-blur.ts'], ['face-blur']).run).toEqual([
      { api: 'face-blur', file: 'face-blur.ts' },
    ]);
  });

  it('runs only the requested ids, reporting a missing script and an unknown id', () => {
    const plan = planEvalRuns(
      ['photo-authenticity.ts'],
      [],
      ['photo-authenticity', 'image-captioning', 'photo-authenticty'],
    );
    expect(plan.run).toEqual([{ api: 'photo-authenticity', file: 'photo-authenticity.ts' }]);
    expect(plan.missing).toEqual(['image-captioning']);
    expect(plan.unknown).toEqual(['photo-authenticty']);
  });
});

describe('the committed accuracy cards', () => {
  const dir = join(root, 'content', 'accuracy');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it('exist for at least the photo-authenticity API', () => {
    expect(files).toContain('photo-authenticity.json');
  });

  for (const file of files) {
    it(`${file} validates against the schema and is consistent`, () => {
      const card = accuracyCardSchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      expect(`${card.api}.json`).toBe(file);
      expect(ACCURACY_API_IDS).toContain(card.api);
      const sets = new Set(card.sets.map((s) => s.id));
      // A timing over several sets names them joined by '+'.
      for (const ref of [...card.metrics, ...card.per_class, ...card.latency]) {
        for (const id of ref.set.split('+')) expect(sets, `${file}: set "${ref.set}"`).toContain(id);
      }
      for (const m of card.metrics) {
        expect(m.successes, m.key).toBeLessThanOrEqual(m.trials);
        expect(m.value, m.key).toBeCloseTo(m.trials ? m.successes / m.trials : 0, 3);
        expect(m.ci95[0], m.key).toBeLessThanOrEqual(m.value);
        expect(m.ci95[1], m.key).toBeGreaterThanOrEqual(m.value);
      }
      expect(card.command).toBe(`npm run eval:${card.api}`);
    });
  }
});

describe('package.json', () => {
  const scripts = (
    JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  ).scripts;

  it('has npm run eval and one npm run eval:<api> per API, each running the runner for that API', () => {
    expect(scripts['eval']).toBe('tsx scripts/eval/index.ts');
    for (const id of ACCURACY_API_IDS)
      expect(scripts[`eval:${id}`], id).toBe(`tsx scripts/eval/index.ts ${id}`);
  });
});
