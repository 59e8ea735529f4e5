import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OCR_MODEL_FILES, OCR_MODELS_REL } from '../../src/server/vision/model-files';
import { foldOcrGraph } from './onnx-folds';
import { parseModel, serializeModel } from './onnx-graph';

const scratch = mkdtempSync(join(tmpdir(), 'optiq-onnx-folds-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Ort = typeof import('onnxruntime-node');

/** The package's model with ONNX Runtime's basic optimisations applied, as the build starts from. */
async function basicModel(ort: Ort, file: string): Promise<Uint8Array> {
  const out = join(scratch, file);
  const session = await ort.InferenceSession.create(join(OCR_MODELS_REL, file), {
    graphOptimizationLevel: 'basic',
    optimizedModelFilePath: out,
  });
  await session.release();
  return new Uint8Array(readFileSync(out));
}

/** A smooth, signed input with some structure (a plain constant would hide border effects). */
function input(dims: readonly number[]): Float32Array {
  const n = dims.reduce((a, b) => a * b, 1);
  const data = new Float32Array(n);
  for (let i = 0; i < n; i++) data[i] = Math.sin(i * 0.0137) * 1.8 + Math.cos(i * 0.00071);
  return data;
}

/** Runs `model` unoptimised (what is in the file is what runs) on `data`. */
async function run(
  ort: Ort,
  model: Uint8Array,
  data: Float32Array,
  dims: readonly number[],
): Promise<Float32Array> {
  const session = await ort.InferenceSession.create(model, { graphOptimizationLevel: 'disabled' });
  try {
    const out = await session.run({
      [session.inputNames[0] as string]: new ort.Tensor('float32', data, dims),
    });
    return out[session.outputNames[0] as string]?.data as Float32Array;
  } finally {
    await session.release();
  }
}

describe('the OCR graph folds (npm run ocr:models)', () => {
  it.each([
    ['detector', OCR_MODEL_FILES[0], [1, 3, 160, 224]],
    ['recogniser', OCR_MODEL_FILES[1], [1, 3, 48, 320]],
  ] as const)(
    'leave the %s (%s) computing the same function with fewer kernels',
    async (_, file, dims) => {
      const ort = await import('onnxruntime-node');
      const before = await basicModel(ort, file);
      const model = parseModel(before);
      const nodesBefore = model.graph.nodes.length;
      const counts = foldOcrGraph(model.graph);
      const after = serializeModel(model, model.graph);
      // Each fold removes kernels: an affine two (or one), a hard-swish chain two.
      expect(counts.affineAfterConv).toBeGreaterThan(20);
      expect(counts.hardSwish).toBeGreaterThan(20);
      expect(counts.affineBeforeConv).toBeGreaterThan(5);
      expect(model.graph.nodes.length).toBeLessThan(nodesBefore - 100);
      expect(model.graph.nodes.filter((n) => n.opType === 'Clip')).toEqual([]);
      // Read back, the written graph is the folded one.
      expect(parseModel(after).graph.nodes.map((n) => n.opType)).toEqual(
        model.graph.nodes.map((n) => n.opType),
      );

      const data = input(dims);
      const expected = await run(ort, before, data, dims);
      const actual = await run(ort, after, data, dims);
      expect(actual.length).toBe(expected.length);
      let worst = 0;
      for (let i = 0; i < expected.length; i++)
        worst = Math.max(worst, Math.abs((actual[i] as number) - (expected[i] as number)));
      // Probabilities (detector map, recogniser softmax): the same to float rounding.
      expect(worst).toBeLessThan(1e-4);
    },
    60_000,
  );

  it('leave a graph without those patterns as it was', async () => {
    const ort = await import('onnxruntime-node');
    const model = parseModel(await basicModel(ort, OCR_MODEL_FILES[0]));
    foldOcrGraph(model.graph);
    const folded = serializeModel(model, model.graph);
    const again = parseModel(folded);
    expect(foldOcrGraph(again.graph)).toEqual({ affineAfterConv: 0, affineBeforeConv: 0, hardSwish: 0 });
    expect(serializeModel(again, again.graph)).toEqual(folded);
  }, 60_000);
});
