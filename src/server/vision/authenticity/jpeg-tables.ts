/**
 * JPEG quantisation tables: read the DQT segments and compare them with the IJG (libjpeg)
 * standard tables scaled to each quality 1-100. Software encoders (libjpeg/libjpeg-turbo,
 * sharp, ImageMagick, browsers, most web services) write those tables exactly; many cameras
 * and Photoshop write their own. An indicator only: some phones also use the IJG tables.
 */

// IJG Annex K tables in zigzag order, as they are stored in DQT segments.
const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7,
  14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46,
  53, 60, 61, 54, 47, 55, 62, 63,
];
const LUMA_NATURAL = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22,
  29, 51, 87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103,
  121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_NATURAL = [
  17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99, 24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
];
const toZigzag = (natural: number[]): number[] => ZIGZAG.map((n) => natural[n]!);
const LUMA = toZigzag(LUMA_NATURAL);
const CHROMA = toZigzag(CHROMA_NATURAL);

/** The IJG table for a quality (libjpeg's jpeg_quality_scaling, baseline clamp 1..255). */
export function ijgTable(base: readonly number[], quality: number): number[] {
  const scale = quality < 50 ? Math.floor(5000 / quality) : 200 - quality * 2;
  return base.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
}

/** Quantisation tables of a JPEG by table id (0 = usually luma, 1 = chroma), zigzag order. */
export function readQuantTables(bytes: Uint8Array): Map<number, number[]> {
  const tables = new Map<number, number[]>();
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return tables;
  let pos = 2;
  while (pos + 4 <= bytes.length) {
    if (bytes[pos] !== 0xff) break;
    const marker = bytes[pos + 1]!;
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) break;
    const length = (bytes[pos + 2]! << 8) | bytes[pos + 3]!;
    if (marker === 0xdb) {
      let p = pos + 4;
      const end = pos + 2 + length;
      while (p < end && p < bytes.length) {
        const pq = bytes[p]! >> 4;
        const tq = bytes[p]! & 0x0f;
        p++;
        const values: number[] = [];
        for (let i = 0; i < 64; i++) {
          values.push(pq ? (bytes[p]! << 8) | bytes[p + 1]! : bytes[p]!);
          p += pq ? 2 : 1;
        }
        tables.set(tq, values);
      }
    }
    pos += 2 + length;
  }
  return tables;
}

export interface QuantisationEvidence {
  /** True when every table is an IJG standard table at one quality (a software encoder's). */
  standardTables: boolean;
  /** That quality when standard; otherwise the closest IJG quality (an estimate). */
  quality: number;
  tables: number;
}

/** Compares a JPEG's tables with the IJG tables; undefined for non-JPEG or table-less files. */
export function analyseQuantisation(bytes: Uint8Array): QuantisationEvidence | undefined {
  const tables = readQuantTables(bytes);
  const luma = tables.get(0);
  if (!luma) return undefined;
  const chroma = tables.get(1);
  let best = { q: 50, err: Infinity };
  for (let q = 1; q <= 100; q++) {
    const l = ijgTable(LUMA, q);
    let err = l.reduce((s, v, i) => s + Math.abs(v - luma[i]!), 0);
    if (chroma) err += ijgTable(CHROMA, q).reduce((s, v, i) => s + Math.abs(v - chroma[i]!), 0);
    if (err < best.err) best = { q, err };
  }
  return { standardTables: best.err === 0, quality: best.q, tables: tables.size };
}
