/**
 * The engine once bundled the way Netlify bundles a v2 function (esbuild, ESM, our own code in
 * one file and every npm package left as an import): with VISION_WORKERS set, the worker is the
 * bundle itself, so nothing beyond the bundle and its included files needs shipping. Runs the
 * bundle in a plain Node process (no tsx). tests/bundles/ runs the real zips.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../../..');

describe('bundled engine', () => {
  it('runs its worker from the bundle file', async () => {
    // Inside node_modules so the external packages resolve from the bundle, as in a function.
    const dir = join(root, 'node_modules/.cache/optiq-engine-bundle');
    mkdirSync(dir, { recursive: true });
    const outfile = join(dir, 'engine.mjs');
    await build({
      entryPoints: [join(import.meta.dirname, 'index.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      outfile,
      packages: 'external',
      logLevel: 'error',
      // Netlify's shim for `require` in an ESM bundle, its names prefixed as Netlify prefixes
      // them (zip-it-and-ship-it's CJS_SHIM), so they cannot clash with the bundle's own imports.
      banner: {
        js: "import { createRequire as ___nfyCreateRequire } from 'module'; let require = ___nfyCreateRequire(import.meta.url);",
      },
    });
    const script = `
      const { readFileSync } = await import('node:fs');
      const engine = await import(${JSON.stringify(outfile)});
      const bytes = new Uint8Array(readFileSync(${JSON.stringify(join(root, 'tests/fixtures/images/dog.jpg'))}));
      const analysis = await engine.analyzeImageBytes(bytes, { errorChecks: 0 });
      console.log(JSON.stringify({ mode: engine.engineMode(), stats: engine.engineStats(), labels: analysis.detections.map((d) => d.label) }));
      await engine.closeEngine();
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      env: { ...process.env, VISION_WORKERS: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const result = JSON.parse(out.trim().split('\n').pop() ?? '{}') as {
      mode: { workers: number };
      stats: { workers: number };
      labels: string[];
    };
    expect(result.mode.workers).toBe(1);
    expect(result.stats.workers).toBe(1); // the analysis ran in a worker thread
    expect(result.labels).toContain('dog');
  }, 90_000);
});
