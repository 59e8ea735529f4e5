/**
 * The layer rules of eslint.config.js (`layerRules`) refuse an upward import from each layer and
 * let the allowed ones through, judged on source text only (no files, no type information).
 */
import { ESLint } from 'eslint';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { layerRules } from '../../eslint.config.js';

const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...astro.configs['flat/base'],
    ...layerRules,
  ],
});

/** The layer messages ESLint gives for `source` as if it were the file at `filePath`. */
async function refusals(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  const messages = result?.messages ?? [];
  const other = messages.filter((m) => m.ruleId !== 'no-restricted-imports');
  if (other.length > 0) throw new Error(`${filePath}: ${other.map((m) => m.message).join('; ')}`);
  return messages.map((m) => m.message);
}

const ts = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;
const astroFile = (spec: string) => `---\nimport { x } from '${spec}';\n---\n<p>{String(x)}</p>\n`;

/** [file, import, refused?] */
const cases: [string, string, boolean][] = [
  ['src/shared/a.ts', '../server/http/errors', true],
  ['src/shared/a.ts', '../lib/format', true],
  ['src/shared/a.ts', '../../content/docs/api-reference', true],
  ['src/shared/a.ts', './limits', false],
  ['src/shared/a.ts', '../../content/examples/object-detection.json', false],
  ['src/server/a/b.ts', '../../lib/format', true],
  ['src/server/a/b.ts', '../../../functions/apis', true],
  ['src/server/a/b.ts', '../../../scripts/lib/stats', true],
  ['src/server/a/b.ts', '../../shared/limits', false],
  ['functions/a.ts', '../src/lib/format', true],
  ['functions/a.ts', '../src/server/http/errors', false],
  ['src/lib/a.ts', '../server/http/errors', true],
  ['src/lib/a.ts', '../islands/demo/notify', true],
  ['src/lib/a.ts', '../components/kit/Icon', true],
  ['src/lib/a.ts', '../../content/docs/api-reference', false],
  ['content/docs/a.ts', '../../src/server/http/errors', true],
  ['content/docs/a.ts', '../../src/lib/format', false],
  ['src/islands/a/b.ts', '../../server/db', true],
  ['src/islands/a/b.ts', '../../pages/index.astro', true],
  ['src/islands/a/b.ts', '../../components/kit/Icon', false],
  ['src/islands/a/b.ts', 'react-dom/server', false],
  ['src/scripts/a.ts', '../server/db', true],
  ['src/scripts/a.ts', '../islands/overlay/mount', false],
  ['src/shared/a.test.ts', '../lib/openapi/document', false],
];

describe('layer rules', () => {
  it.each(cases)('%s importing %s: refused %s', async (file, spec, refused) => {
    expect((await refusals(file, ts(spec))).length > 0).toBe(refused);
  });

  it('lets a component mount an island component but not use an island module or server code', async () => {
    expect(await refusals('src/components/a/A.astro', astroFile('../../islands/demo/BackToDemos'))).toEqual(
      [],
    );
    expect(await refusals('src/components/a/A.astro', astroFile('../../islands/demo/notify'))).toHaveLength(
      1,
    );
    expect(await refusals('src/components/a/A.astro', astroFile('../../server/db'))).toHaveLength(1);
  });

  it('keeps server code out of pages and of <script> blocks', async () => {
    expect(await refusals('src/pages/a.astro', astroFile('../server/http/errors'))).toHaveLength(1);
    expect(await refusals('src/pages/a.astro', astroFile('../islands/demo/notify'))).toEqual([]);
    const script = `---\n---\n<p>a</p>\n<script>\n  import { x } from '../../server/db';\n  console.log(x);\n</script>\n`;
    expect(await refusals('src/components/a/A.astro', script)).toHaveLength(1);
  });
});
