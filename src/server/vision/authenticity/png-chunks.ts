/**
 * A small PNG text-chunk reader (tEXt, zTXt, iTXt) and writer, for the generator parameters
 * that image generators store in PNG files: AUTOMATIC1111 / Forge `parameters`, ComfyUI
 * `prompt` and `workflow`, InvokeAI `invokeai_metadata` (older `sd-metadata` / `Dream`),
 * NovelAI `Software` = "NovelAI" with `Comment` JSON, Fooocus `fooocus_scheme`, etc.
 */
import { crc32, inflateSync } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Text larger than this is cut (a ComfyUI workflow can be hundreds of KB). */
const MAX_TEXT = 64 * 1024;

export interface PngText {
  keyword: string;
  text: string;
  /** True when the text was cut at MAX_TEXT characters. */
  truncated: boolean;
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');

function clip(text: string): { text: string; truncated: boolean } {
  return text.length > MAX_TEXT
    ? { text: text.slice(0, MAX_TEXT), truncated: true }
    : { text, truncated: false };
}

/** Reads every text chunk of a PNG; returns [] for anything else or a malformed file. */
export function readPngText(bytes: Uint8Array): PngText[] {
  if (bytes.length < 8 || !SIGNATURE.every((v, i) => bytes[i] === v)) return [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: PngText[] = [];
  let pos = 8;
  while (pos + 12 <= bytes.length) {
    const length = view.getUint32(pos);
    const type = String.fromCharCode(bytes[pos + 4]!, bytes[pos + 5]!, bytes[pos + 6]!, bytes[pos + 7]!);
    const start = pos + 8;
    const end = start + length;
    if (end + 4 > bytes.length) break;
    const data = bytes.subarray(start, end);
    try {
      if (type === 'tEXt') {
        const nul = data.indexOf(0);
        if (nul > 0)
          out.push({
            keyword: latin1.decode(data.subarray(0, nul)),
            ...clip(latin1.decode(data.subarray(nul + 1))),
          });
      } else if (type === 'zTXt') {
        const nul = data.indexOf(0);
        if (nul > 0) {
          const inflated = inflateSync(data.subarray(nul + 2), { maxOutputLength: MAX_TEXT * 4 });
          out.push({ keyword: latin1.decode(data.subarray(0, nul)), ...clip(latin1.decode(inflated)) });
        }
      } else if (type === 'iTXt') {
        const nul = data.indexOf(0);
        if (nul > 0) {
          const compressed = data[nul + 1] === 1;
          let p = nul + 3;
          const langEnd = data.indexOf(0, p);
          const transEnd = data.indexOf(0, langEnd + 1);
          p = transEnd + 1;
          if (langEnd >= 0 && transEnd >= 0) {
            const raw = data.subarray(p);
            const text = compressed
              ? utf8.decode(inflateSync(raw, { maxOutputLength: MAX_TEXT * 4 }))
              : utf8.decode(raw);
            out.push({ keyword: latin1.decode(data.subarray(0, nul)), ...clip(text) });
          }
        }
      } else if (type === 'IEND') {
        break;
      }
    } catch {
      // A damaged or oversized chunk: skip it, keep reading the rest.
    }
    pos = end + 4;
  }
  return out;
}

/** Returns a copy of a PNG with tEXt chunks added before IEND (used to make test images). */
export function writePngText(png: Uint8Array, entries: Record<string, string>): Uint8Array {
  const iend = png.length - 12;
  const chunks: Uint8Array[] = [png.subarray(0, iend)];
  for (const [keyword, text] of Object.entries(entries)) {
    const data = Buffer.concat([
      Buffer.from(keyword, 'latin1'),
      Buffer.from([0]),
      Buffer.from(text, 'latin1'),
    ]);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write('tEXt', 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    chunks.push(head, data, crc);
  }
  chunks.push(png.subarray(iend));
  return new Uint8Array(Buffer.concat(chunks));
}

export interface GeneratorTrace {
  /** The tool the chunk belongs to. */
  generator:
    | 'AUTOMATIC1111 / Forge'
    | 'ComfyUI'
    | 'InvokeAI'
    | 'NovelAI'
    | 'Fooocus'
    | 'Midjourney'
    | 'other generator';
  /** The chunk keyword that says so. */
  chunk: string;
  /** The start of the chunk's text (prompt, settings), at most 300 characters. */
  excerpt: string;
}

const excerpt = (t: string): string => (t.length > 300 ? `${t.slice(0, 297)}...` : t);

/** Recognises generator parameters among PNG text chunks (documented keyword by keyword). */
export function generatorTraces(texts: readonly PngText[]): GeneratorTrace[] {
  const traces: GeneratorTrace[] = [];
  const byKey = new Map(texts.map((t) => [t.keyword.toLowerCase(), t]));
  const a1111 = byKey.get('parameters');
  // AUTOMATIC1111/Forge write "prompt\nNegative prompt: ...\nSteps: 20, Sampler: ..., Seed: ..."
  if (a1111 && /\bSteps:\s*\d+/.test(a1111.text) && /\b(Sampler|Seed|CFG scale):/.test(a1111.text)) {
    traces.push({ generator: 'AUTOMATIC1111 / Forge', chunk: a1111.keyword, excerpt: excerpt(a1111.text) });
  }
  for (const key of ['prompt', 'workflow']) {
    const t = byKey.get(key);
    if (t && /"class_type"|"nodes"\s*:|"last_node_id"/.test(t.text)) {
      traces.push({ generator: 'ComfyUI', chunk: t.keyword, excerpt: excerpt(t.text) });
    }
  }
  for (const key of ['invokeai_metadata', 'invokeai_graph', 'sd-metadata', 'dream']) {
    const t = byKey.get(key);
    if (t) traces.push({ generator: 'InvokeAI', chunk: t.keyword, excerpt: excerpt(t.text) });
  }
  const software = byKey.get('software');
  if (software && /novelai/i.test(software.text)) {
    const comment = byKey.get('comment');
    traces.push({
      generator: 'NovelAI',
      chunk: software.keyword,
      excerpt: excerpt(comment?.text ?? software.text),
    });
  }
  const fooocus = byKey.get('fooocus_scheme');
  if (fooocus) traces.push({ generator: 'Fooocus', chunk: fooocus.keyword, excerpt: excerpt(fooocus.text) });
  const description = byKey.get('description');
  if (description && /\bJob ID:/i.test(description.text) && /--(ar|v|stylize)\b/.test(description.text)) {
    traces.push({ generator: 'Midjourney', chunk: description.keyword, excerpt: excerpt(description.text) });
  }
  return traces;
}
