/**
 * Just enough of the ONNX file format (protocol buffers) to rewrite a model's graph at build
 * time: a model is read as its fields, its graph's nodes and initializers as objects, and every
 * field this module does not know is written back byte for byte. Field numbers from onnx.proto
 * (ModelProto.graph 7; GraphProto node 1, initializer 5, output 12, value_info 13; NodeProto input
 * 1, output 2, name 3, op_type 4, attribute 5, domain 7; TensorProto dims 1, data_type 2,
 * float_data 4, name 8, raw_data 9; AttributeProto name 1, f 2, i 3, ints 8, type 20).
 */

/** One protocol-buffer field: a varint (wire 0, as a bigint), fixed 64 or 32 bits (1, 5) or bytes (2). */
interface Field {
  no: number;
  wire: 0 | 1 | 2 | 5;
  value: bigint | Uint8Array;
}

function readVarint(buf: Uint8Array, at: number): [bigint, number] {
  let value = 0n;
  let shift = 0n;
  for (;;) {
    if (at >= buf.length) throw new Error('onnx: truncated varint');
    const byte = buf[at++] as number;
    value |= BigInt(byte & 0x7f) << shift;
    if (byte < 0x80) return [value, at];
    shift += 7n;
  }
}

function decode(buf: Uint8Array): Field[] {
  const fields: Field[] = [];
  let at = 0;
  while (at < buf.length) {
    const [key, next] = readVarint(buf, at);
    at = next;
    const no = Number(key >> 3n);
    const wire = Number(key & 7n);
    if (wire === 0) {
      const [value, after] = readVarint(buf, at);
      fields.push({ no, wire, value });
      at = after;
    } else if (wire === 2) {
      const [length, after] = readVarint(buf, at);
      const end = after + Number(length);
      if (end > buf.length) throw new Error('onnx: truncated field');
      fields.push({ no, wire, value: buf.subarray(after, end) });
      at = end;
    } else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      fields.push({ no, wire, value: buf.subarray(at, at + size) });
      at += size;
    } else {
      throw new Error(`onnx: unsupported wire type ${wire}`);
    }
  }
  return fields;
}

function varint(value: bigint): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, value);
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

function encode(fields: readonly Field[]): Uint8Array {
  const parts: Uint8Array[] = [];
  let size = 0;
  const push = (part: Uint8Array): void => {
    parts.push(part);
    size += part.length;
  };
  for (const f of fields) {
    push(Uint8Array.from(varint(BigInt((f.no << 3) | f.wire))));
    if (f.wire === 0) push(Uint8Array.from(varint(f.value as bigint)));
    else {
      const bytes = f.value as Uint8Array;
      if (f.wire === 2) push(Uint8Array.from(varint(BigInt(bytes.length))));
      push(bytes);
    }
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The little-endian float at `at` of `bytes` (a view into a larger buffer, as Node's Buffers are). */
const float32 = (bytes: Uint8Array, at = 0): number =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getFloat32(at, true);

const text = new TextDecoder();
const utf8 = new TextEncoder();
const str = (no: number, value: string): Field => ({ no, wire: 2, value: utf8.encode(value) });
const strings = (fields: readonly Field[], no: number): string[] =>
  fields.filter((f) => f.no === no && f.wire === 2).map((f) => text.decode(f.value as Uint8Array));

/** A graph node: its inputs and outputs by tensor name, op type, and attributes kept as read. */
export interface OnnxNode {
  name: string;
  opType: string;
  domain: string;
  inputs: string[];
  outputs: string[];
  /** Attribute messages as read (or written by `floatAttribute`). */
  attributes: Uint8Array[];
}

/** A float tensor of the graph's initializers (weights), its values decoded. */
export interface FloatInitializer {
  name: string;
  dims: number[];
  values: Float32Array;
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  /** The graph's float initializers; others are kept as read in `otherInitializers`. */
  initializers: Map<string, FloatInitializer>;
  /** Names of the graph's outputs. */
  outputs: string[];
}

interface ParsedModel {
  graph: OnnxGraph;
  /** Everything else, written back as read. */
  modelFields: Field[];
  graphFields: Field[];
  otherInitializers: Uint8Array[];
}

const FLOAT = 1n;

function parseNode(bytes: Uint8Array): OnnxNode {
  const f = decode(bytes);
  return {
    name: strings(f, 3)[0] ?? '',
    opType: strings(f, 4)[0] ?? '',
    domain: strings(f, 7)[0] ?? '',
    inputs: strings(f, 1),
    outputs: strings(f, 2),
    attributes: f.filter((x) => x.no === 5).map((x) => x.value as Uint8Array),
  };
}

function encodeNode(node: OnnxNode): Uint8Array {
  return encode([
    ...node.inputs.map((name) => str(1, name)),
    ...node.outputs.map((name) => str(2, name)),
    str(3, node.name),
    str(4, node.opType),
    ...node.attributes.map((value): Field => ({ no: 5, wire: 2, value })),
    ...(node.domain ? [str(7, node.domain)] : []),
  ]);
}

/** Dims of a TensorProto: packed or one varint per dim. */
function dimsOf(fields: readonly Field[]): number[] {
  const dims: number[] = [];
  for (const f of fields) {
    if (f.no !== 1) continue;
    if (f.wire === 0) dims.push(Number(BigInt.asIntN(64, f.value as bigint)));
    else for (const v of decodePackedVarints(f.value as Uint8Array)) dims.push(Number(BigInt.asIntN(64, v)));
  }
  return dims;
}

function decodePackedVarints(bytes: Uint8Array): bigint[] {
  const out: bigint[] = [];
  let at = 0;
  while (at < bytes.length) {
    const [v, next] = readVarint(bytes, at);
    out.push(v);
    at = next;
  }
  return out;
}

/** A float initializer's values (raw little-endian data or `float_data`), or undefined for another type. */
function parseFloatTensor(bytes: Uint8Array): FloatInitializer | undefined {
  const f = decode(bytes);
  const type = f.find((x) => x.no === 2);
  if (!type || type.value !== FLOAT) return undefined;
  // Anything beyond name, dims, type and data (external data, segments) is left alone.
  if (f.some((x) => ![1, 2, 4, 8, 9].includes(x.no))) return undefined;
  const dims = dimsOf(f);
  const count = dims.reduce((a, b) => a * b, 1);
  const raw = f.find((x) => x.no === 9);
  const packed = f.filter((x) => x.no === 4);
  let values: Float32Array;
  if (raw) {
    const data = raw.value as Uint8Array;
    values = new Float32Array(data.length / 4);
    for (let i = 0; i < values.length; i++) values[i] = float32(data, i * 4);
  } else {
    const floats: number[] = [];
    for (const p of packed) {
      const data = p.value as Uint8Array;
      for (let i = 0; i < data.length; i += 4) floats.push(float32(data, i));
    }
    values = Float32Array.from(floats);
  }
  if (values.length !== count) return undefined;
  return { name: strings(f, 8)[0] ?? '', dims, values };
}

function encodeFloatTensor(t: FloatInitializer): Uint8Array {
  const raw = new Uint8Array(t.values.length * 4);
  const view = new DataView(raw.buffer);
  t.values.forEach((v, i) => view.setFloat32(i * 4, v, true));
  return encode([
    ...t.dims.map((d): Field => ({ no: 1, wire: 0, value: BigInt(d) })),
    { no: 2, wire: 0, value: FLOAT },
    str(8, t.name),
    { no: 9, wire: 2, value: raw },
  ]);
}

export function parseModel(bytes: Uint8Array): ParsedModel {
  const modelFields = decode(bytes);
  const graphField = modelFields.find((f) => f.no === 7);
  if (!graphField) throw new Error('onnx: the model has no graph');
  const graphFields = decode(graphField.value as Uint8Array);
  const initializers = new Map<string, FloatInitializer>();
  const otherInitializers: Uint8Array[] = [];
  for (const f of graphFields.filter((x) => x.no === 5)) {
    const t = parseFloatTensor(f.value as Uint8Array);
    if (t) initializers.set(t.name, t);
    else otherInitializers.push(f.value as Uint8Array);
  }
  return {
    graph: {
      nodes: graphFields.filter((f) => f.no === 1).map((f) => parseNode(f.value as Uint8Array)),
      initializers,
      outputs: graphFields
        .filter((f) => f.no === 12)
        .map((f) => strings(decode(f.value as Uint8Array), 1)[0] ?? ''),
    },
    modelFields,
    graphFields,
    otherInitializers,
  };
}

/**
 * The model with `graph`'s nodes and float initializers in place of those read; value_info
 * entries for tensors no node produces any more are dropped.
 */
export function serializeModel(model: ParsedModel, graph: OnnxGraph): Uint8Array {
  const produced = new Set(graph.nodes.flatMap((n) => n.outputs));
  const graphOut: Field[] = [];
  let nodesWritten = false;
  for (const f of model.graphFields) {
    if (f.no === 1 || f.no === 5) {
      // Nodes then initializers, where the first node was.
      if (!nodesWritten) {
        nodesWritten = true;
        for (const node of graph.nodes) graphOut.push({ no: 1, wire: 2, value: encodeNode(node) });
        for (const t of graph.initializers.values())
          graphOut.push({ no: 5, wire: 2, value: encodeFloatTensor(t) });
        for (const value of model.otherInitializers) graphOut.push({ no: 5, wire: 2, value });
      }
      continue;
    }
    if (f.no === 13 && !produced.has(strings(decode(f.value as Uint8Array), 1)[0] ?? '')) continue;
    graphOut.push(f);
  }
  const graphBytes = encode(graphOut);
  return encode(model.modelFields.map((f) => (f.no === 7 ? { ...f, value: graphBytes } : f)));
}

/** Reads a float (`f`), int (`i`) or ints attribute by name. */
export function attribute(
  node: OnnxNode,
  name: string,
): { f?: number; i?: number; ints?: number[] } | undefined {
  for (const bytes of node.attributes) {
    const f = decode(bytes);
    if (strings(f, 1)[0] !== name) continue;
    const fl = f.find((x) => x.no === 2);
    const i = f.find((x) => x.no === 3);
    const ints = f
      .filter((x) => x.no === 8)
      .flatMap((x) => (x.wire === 0 ? [x.value as bigint] : decodePackedVarints(x.value as Uint8Array)))
      .map((v) => Number(BigInt.asIntN(64, v)));
    return {
      ...(fl && { f: float32(fl.value as Uint8Array) }),
      ...(i && { i: Number(BigInt.asIntN(64, i.value as bigint)) }),
      ...(ints.length > 0 && { ints }),
    };
  }
  return undefined;
}

/** A float attribute message (AttributeProto type FLOAT). */
export function floatAttribute(name: string, value: number): Uint8Array {
  const f = new Uint8Array(4);
  new DataView(f.buffer).setFloat32(0, value, true);
  return encode([str(1, name), { no: 2, wire: 5, value: f }, { no: 20, wire: 0, value: 1n }]);
}
