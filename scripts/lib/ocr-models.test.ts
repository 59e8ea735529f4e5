import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { OCR_MODEL_FILES } from '../../src/server/vision/model-files';
import { writeOptimisedOcrModels } from './ocr-models';

const out = mkdtempSync(join(tmpdir(), 'optiq-ocr-models-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

async function rgb(file: string) {
  const { data, info } = await sharp(await readFile(`public/images/samples/${file}`))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

/** The lines a fresh copy of the OCR module reads on WebAssembly, its models from `dir`. */
async function readOnWasm(dir: string, files: readonly string[]) {
  vi.resetModules();
  vi.stubEnv('OCR_RUNTIME', 'wasm');
  vi.stubEnv('OCR_OPTIMISED_DIR', dir);
  try {
    const { recognizeText } = await import('../../src/server/vision/ocr/ocr');
    const read = [];
    for (const file of files) read.push(await recognizeText(await rgb(file)));
    return read;
  } finally {
    vi.unstubAllEnvs();
  }
}

describe('the OCR models a function loads (npm run ocr:models)', () => {
  it('are written once, then left alone while newer than the package models', async () => {
    const written = await writeOptimisedOcrModels(out);
    expect(written.map((f) => f.slice(out.length + 1)).sort()).toEqual([...OCR_MODEL_FILES].sort());
    const mtime = statSync(join(out, OCR_MODEL_FILES[0])).mtimeMs;
    expect(await writeOptimisedOcrModels(out)).toEqual([]);
    expect(statSync(join(out, OCR_MODEL_FILES[0])).mtimeMs).toBe(mtime);
  }, 60_000);

  it("read the same lines and confidences on WebAssembly as the package's models, boxes within a hundredth of a pixel", async () => {
    if (!existsSync(join(out, OCR_MODEL_FILES[0]))) await writeOptimisedOcrModels(out);
    // A semi-transparent overlay (its short fragments read again along the line) and a sign.
    const files = ['coffee-cup-watermarked.jpg', 'wm-scene-sign.jpg'];
    const optimised = await readOnWasm(out, files);
    // A folder without them: the package's models.
    const original = await readOnWasm(join(out, 'none'), files);
    // The folded graphs round differently in the last bits: a box corner may move by 1e-4 px
    // (stock.example on the watermarked cup), which every answer rounds away.
    const rounded = (read: typeof original) =>
      read.map((lines) =>
        lines.map((l) => ({ ...l, quad: l.quad.map((p) => p.map((v) => Math.round(v * 100) / 100)) })),
      );
    expect(rounded(optimised)).toEqual(rounded(original));
    expect(optimised.flat().length).toBeGreaterThan(2);
  }, 240_000);

  it('are rewritten when an earlier recipe wrote them', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'optiq-ocr-recipe-'));
    try {
      await writeOptimisedOcrModels(dir);
      writeFileSync(join(dir, 'recipe.txt'), 'ort-basic');
      expect(await writeOptimisedOcrModels(dir)).toHaveLength(OCR_MODEL_FILES.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
