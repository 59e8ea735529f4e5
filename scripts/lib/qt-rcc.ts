/**
 * Reads Qt resource files (`.rcc`): GCompris keeps its images in them. Used by the gallery
 * build and by the room head's non-room photos (scripts/lib/nonroom-photos.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** Unpacks a Qt resource file (format versions 1-3, zlib-compressed entries) into `out`. */
export function readRcc(file: string, out: string): void {
  const b = readFileSync(file);
  if (b.toString('latin1', 0, 4) !== 'qres') throw new Error(`${file}: not a Qt resource file`);
  const version = b.readUInt32BE(4);
  const tree = b.readUInt32BE(8);
  const data = b.readUInt32BE(12);
  const names = b.readUInt32BE(16);
  const nodeSize = version >= 2 ? 22 : 14;
  const nameAt = (off: number): string => {
    const len = b.readUInt16BE(names + off);
    const start = names + off + 6;
    return Buffer.from(b.subarray(start, start + 2 * len))
      .swap16()
      .toString('utf16le');
  };
  const walk = (i: number, prefix: string): void => {
    const o = tree + i * nodeSize;
    const flags = b.readUInt16BE(o + 4);
    const name = i === 0 ? '' : nameAt(b.readUInt32BE(o));
    const path = name ? `${prefix}/${name}` : prefix;
    if (flags & 2) {
      const count = b.readUInt32BE(o + 6);
      const first = b.readUInt32BE(o + 10);
      for (let c = first; c < first + count; c++) walk(c, path);
      return;
    }
    const p = data + b.readUInt32BE(o + 10);
    let bytes = b.subarray(p + 4, p + 4 + b.readUInt32BE(p));
    if (flags & 4) return; // zstd entries: none of the images used here
    if (flags & 1) bytes = inflateSync(bytes.subarray(4));
    const target = join(out, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, bytes);
  };
  walk(0, '');
}
