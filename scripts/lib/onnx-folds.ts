/**
 * Folds that ONNX Runtime's own optimisations leave undone in PaddleOCR's v4 models (their
 * PP-LCNetV3 backbones), which on WebAssembly cost a detector pass a third of its time in
 * memory-bound elementwise kernels over full-resolution feature maps:
 * - a "learnable affine" after a convolution, `conv(x) * s + b` with scalar s and b (two
 *   kernels over the conv's output), folded into the convolution's weights and bias;
 * - the same affine before a 1x1 convolution without padding, folded into that convolution
 *   (`W(s x + b) = (s W) x + b sum(W)`; with padding the border would differ, so kxk ones keep it);
 * - hard-swish exported as four kernels, `x * clip(x + 3, 0, 6) / 6`, as two:
 *   `x * HardSigmoid(x)` (alpha 1/6, beta 1/2), the same function.
 * The folded arithmetic rounds differently in the last bits; the OCR reads the same lines,
 * confidences and boxes on every sample image (scripts/lib/ocr-models.test.ts).
 */
import {
  attribute,
  floatAttribute,
  type FloatInitializer,
  type OnnxGraph,
  type OnnxNode,
} from './onnx-graph';

/** The value of a one-element float initializer, else undefined. */
function scalar(graph: OnnxGraph, name: string): number | undefined {
  const t = graph.initializers.get(name);
  return t && t.values.length === 1 ? t.values[0] : undefined;
}

/** `node`'s one non-constant input and its scalar constant (Mul/Add/Div with a one-element initializer). */
function withScalar(graph: OnnxGraph, node: OnnxNode): { x: string; c: number } | undefined {
  if (node.inputs.length !== 2) return undefined;
  const [a, b] = node.inputs as [string, string];
  const cb = scalar(graph, b);
  if (cb !== undefined && !graph.initializers.has(a)) return { x: a, c: cb };
  // Div's constant is its divisor: only `x / c` counts.
  const ca = node.opType === 'Div' ? undefined : scalar(graph, a);
  if (ca !== undefined && !graph.initializers.has(b)) return { x: b, c: ca };
  return undefined;
}

export interface FoldCounts {
  /** Affines folded into the convolution before them. */
  affineAfterConv: number;
  /** Affines folded into the 1x1 convolution after them. */
  affineBeforeConv: number;
  /** Hard-swish chains turned into HardSigmoid and Mul. */
  hardSwish: number;
}

/** Applies the folds to `graph` (in place) and says how many of each it made. */
export function foldOcrGraph(graph: OnnxGraph): FoldCounts {
  const counts: FoldCounts = { affineAfterConv: 0, affineBeforeConv: 0, hardSwish: 0 };
  const consumers = new Map<string, OnnxNode[]>();
  for (const n of graph.nodes) for (const i of n.inputs) consumers.set(i, [...(consumers.get(i) ?? []), n]);
  const outputs = new Set(graph.outputs);
  /** The single consumer of `tensor` when it is of `opType` (and `tensor` is no graph output). */
  const only = (tensor: string, opType: string): OnnxNode | undefined => {
    const users = consumers.get(tensor) ?? [];
    return users.length === 1 && users[0]?.opType === opType && !outputs.has(tensor) ? users[0] : undefined;
  };
  const removed = new Set<OnnxNode>();
  const rename = new Map<string, string>();
  let fresh = 0;
  const addInitializer = (base: string, dims: number[], values: Float32Array): string => {
    const name = `${base}_folded_${fresh++}`;
    graph.initializers.set(name, { name, dims, values } satisfies FloatInitializer);
    return name;
  };
  const weightsOf = (conv: OnnxNode): { w: FloatInitializer; bias: Float32Array } | undefined => {
    const w = graph.initializers.get(conv.inputs[1] ?? '');
    if (!w || w.dims.length !== 4) return undefined;
    const out = w.dims[0] as number;
    const b = conv.inputs[2] ? graph.initializers.get(conv.inputs[2]) : undefined;
    if (conv.inputs[2] && !b) return undefined;
    return { w, bias: b ? b.values : new Float32Array(out) };
  };
  const setWeights = (
    conv: OnnxNode,
    w: FloatInitializer,
    values: Float32Array,
    bias: Float32Array,
  ): void => {
    conv.inputs[1] = addInitializer(conv.name, w.dims, values);
    conv.inputs[2] = addInitializer(conv.name, [bias.length], bias);
  };

  for (const conv of graph.nodes) {
    if (conv.opType !== 'Conv' || conv.domain !== '') continue;
    // conv -> Mul(s) -> Add(b)
    const mul = only(conv.outputs[0] ?? '', 'Mul');
    const ms = mul && withScalar(graph, mul);
    if (!mul || !ms) continue;
    const add = only(mul.outputs[0] ?? '', 'Add');
    const as = add && withScalar(graph, add);
    const wb = weightsOf(conv);
    if (!wb) continue;
    const last = as && add ? add : mul;
    if (outputs.has(last.outputs[0] ?? '')) continue;
    const s = ms.c;
    const b = as ? as.c : 0;
    const f = Math.fround;
    setWeights(
      conv,
      wb.w,
      wb.w.values.map((v) => f(v * s)),
      wb.bias.map((v) => f(f(v * s) + b)),
    );
    removed.add(mul);
    if (as && add) removed.add(add);
    rename.set(last.outputs[0] ?? '', conv.outputs[0] ?? '');
    counts.affineAfterConv++;
  }

  for (const mul of graph.nodes) {
    if (mul.opType !== 'Mul' || removed.has(mul)) continue;
    const ms = withScalar(graph, mul);
    const add = ms && only(mul.outputs[0] ?? '', 'Add');
    const as = add && withScalar(graph, add);
    const conv = as && add && only(add.outputs[0] ?? '', 'Conv');
    if (!ms || !add || !as || !conv || conv.domain !== '' || outputs.has(add.outputs[0] ?? '')) continue;
    const wb = weightsOf(conv);
    const pads = attribute(conv, 'pads')?.ints ?? [];
    if (!wb || wb.w.dims[2] !== 1 || wb.w.dims[3] !== 1) continue;
    if ((attribute(conv, 'group')?.i ?? 1) !== 1 || pads.some((p) => p !== 0)) continue;
    const perOut = wb.w.values.length / (wb.w.dims[0] as number);
    const bias = wb.bias.map((v, o) => {
      let sum = 0;
      for (let k = 0; k < perOut; k++) sum += wb.w.values[o * perOut + k] as number;
      return Math.fround(v + as.c * sum);
    });
    setWeights(
      conv,
      wb.w,
      wb.w.values.map((v) => Math.fround(v * ms.c)),
      bias,
    );
    removed.add(mul);
    removed.add(add);
    rename.set(add.outputs[0] ?? '', ms.x);
    counts.affineBeforeConv++;
  }

  // x -> Add(3) -> Clip(0, 6) -> Mul(x, .) -> Div(6)
  const replaced = new Map<OnnxNode, OnnxNode[]>();
  for (const add of graph.nodes) {
    if (add.opType !== 'Add' || removed.has(add)) continue;
    const three = withScalar(graph, add);
    if (!three || three.c !== 3) continue;
    const clip = only(add.outputs[0] ?? '', 'Clip');
    // Clip's bounds: inputs since opset 11, attributes before.
    const bound = (input: number, name: string): number | undefined =>
      clip && (clip.inputs.length > 1 ? scalar(graph, clip.inputs[input] ?? '') : attribute(clip, name)?.f);
    if (!clip || bound(1, 'min') !== 0 || bound(2, 'max') !== 6) continue;
    const mul = only(clip.outputs[0] ?? '', 'Mul');
    if (!mul || !mul.inputs.includes(three.x)) continue;
    const div = only(mul.outputs[0] ?? '', 'Div');
    const six = div && withScalar(graph, div);
    if (!div || !six || six.c !== 6) continue;
    const gate = `${add.name}_hardsigmoid`;
    replaced.set(add, [
      {
        name: gate,
        opType: 'HardSigmoid',
        domain: '',
        inputs: [three.x],
        outputs: [gate],
        attributes: [floatAttribute('alpha', 1 / 6), floatAttribute('beta', 0.5)],
      },
      {
        name: `${add.name}_hardswish`,
        opType: 'Mul',
        domain: '',
        inputs: [three.x, gate],
        outputs: [...div.outputs],
        attributes: [],
      },
    ]);
    for (const n of [clip, mul, div]) removed.add(n);
    counts.hardSwish++;
  }

  const resolve = (name: string): string => {
    let n = name;
    while (rename.has(n)) n = rename.get(n) as string;
    return n;
  };
  graph.nodes = graph.nodes.flatMap((n) => replaced.get(n) ?? (removed.has(n) ? [] : [n]));
  for (const n of graph.nodes) n.inputs = n.inputs.map(resolve);
  const used = new Set(graph.nodes.flatMap((n) => n.inputs));
  for (const name of [...graph.initializers.keys()]) if (!used.has(name)) graph.initializers.delete(name);
  return counts;
}
