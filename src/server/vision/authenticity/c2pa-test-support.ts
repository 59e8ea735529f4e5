/**
 * Variants of a signed JPEG for the C2PA tests: one byte of image data changed, and the
 * manifest store removed. Test support only.
 */

/** JPEG segments before the scan: [marker, start, end) of each, and where the scan data starts. */
function jpegSegments(jpeg: Uint8Array): {
  segments: { marker: number; start: number; end: number }[];
  scanStart: number;
} {
  const segments: { marker: number; start: number; end: number }[] = [];
  let i = 2;
  for (;;) {
    const marker = jpeg[i + 1]!;
    const length = (jpeg[i + 2]! << 8) | jpeg[i + 3]!;
    segments.push({ marker, start: i, end: i + 2 + length });
    if (marker === 0xda) return { segments, scanStart: i + 2 + length };
    i += 2 + length;
  }
}

/** The signed file with one byte of the entropy-coded image data changed. */
export function tamperImageData(jpeg: Uint8Array): Uint8Array {
  const out = jpeg.slice();
  const { scanStart } = jpegSegments(jpeg);
  let i = scanStart + Math.floor((jpeg.length - scanStart) / 2);
  // A byte that is not part of a marker or a stuffed 0xFF 0x00 pair, and does not become one.
  while (out[i] === 0xff || out[i - 1] === 0xff || (out[i]! ^ 0x01) === 0xff) i++;
  out[i] = out[i]! ^ 0x01;
  return out;
}

/** The signed file without its APP11 (JUMBF, the C2PA manifest store) segments. */
export function stripManifest(jpeg: Uint8Array): Uint8Array {
  const { segments } = jpegSegments(jpeg);
  const app11 = segments.filter((s) => s.marker === 0xeb);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (const s of app11) {
    parts.push(jpeg.subarray(from, s.start));
    from = s.end;
  }
  parts.push(jpeg.subarray(from));
  return new Uint8Array(Buffer.concat(parts));
}
