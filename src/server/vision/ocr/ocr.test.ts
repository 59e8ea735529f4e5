import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { drawTextMarks } from '../watermark/overlay';
import { ocrMethod, ocrRuntime, recognizeText, type RgbImage } from './ocr';

async function rgb(bytes: Uint8Array): Promise<RgbImage> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

describe('recognizeText (PaddleOCR on ONNX Runtime)', () => {
  it('reads text drawn on a photo, with its box where it was drawn', async () => {
    const base = await readFile('public/images/samples/coffee-cup.jpg');
    const marked = await drawTextMarks(base, [
      { text: 'SAMPLE PHOTO', fontSize: 40, opacity: 1, at: { x: 0.5, y: 0.2 }, color: '#ffffff' },
    ]);
    const image = await rgb(marked);
    const lines = await recognizeText(image);
    const line = lines.find((l) => l.text.replace(/\s/g, '').toUpperCase().includes('SAMPLE'));
    expect(line, JSON.stringify(lines)).toBeDefined();
    const xs = line!.quad.map((p) => p[0]);
    const ys = line!.quad.map((p) => p[1]);
    const cx = (Math.min(...xs) + Math.max(...xs)) / 2 / image.width;
    const cy = (Math.min(...ys) + Math.max(...ys)) / 2 / image.height;
    expect(cx).toBeGreaterThan(0.4);
    expect(cx).toBeLessThan(0.6);
    expect(cy).toBeGreaterThan(0.12);
    expect(cy).toBeLessThan(0.28);
    expect(line!.confidence).toBeGreaterThan(0.8);
  }, 60_000);

  it('reads a half-transparent black overlay on a coloured background (the max-channel view)', async () => {
    // In the photo itself the detector sees no text here at all (its probability stays under
    // 0.001); the brightest-channel view shows the halved channels as a dark stroke.
    const base = await readFile('public/images/samples/astronaut.jpg');
    const marked = await drawTextMarks(base, [
      { text: 'Kestrel Media', fontSize: 57, opacity: 0.5, color: '#000000', at: { x: 0.617, y: 0.733 } },
    ]);
    const lines = await recognizeText(await rgb(marked));
    expect(lines.map((l) => l.text.toLowerCase()).join(' | ')).toContain('kestr');
  }, 60_000);

  it('reads a semi-transparent diagonal line whole where the detector marks only pieces of it', async () => {
    // Over the cup and the table the detector finds "Photo" and "reau" as separate short regions;
    // each is read again along its axis, grown to both sides, and the whole line comes back once.
    const base = await readFile('public/images/samples/coffee-cup.jpg');
    const marked = await drawTextMarks(base, [
      {
        text: 'Photo by Alex Moreau',
        fontSize: 30,
        opacity: 0.5,
        color: '#ffffff',
        angle: -30,
        at: { x: 0.5, y: 0.55 },
      },
    ]);
    const image = await rgb(marked);
    const lines = await recognizeText(image);
    const norm = (t: string): string => t.toLowerCase().replace(/[^a-z]/g, '');
    const whole = lines.filter((l) => norm(l.text).includes('photo') && norm(l.text).includes('moreau'));
    expect(whole, JSON.stringify(lines.map((l) => l.text))).toHaveLength(1);
    // No leftover piece of the same line beside it.
    expect(lines.filter((l) => l !== whole[0] && /reau|photo|alex/i.test(l.text))).toEqual([]);
    // Its box holds the drawn line's centre and runs along the drawn angle.
    const q = whole[0]!.quad;
    const xs = q.map((p) => p[0]);
    const ys = q.map((p) => p[1]);
    expect(Math.min(...xs)).toBeLessThan(0.5 * image.width);
    expect(Math.max(...xs)).toBeGreaterThan(0.5 * image.width);
    expect(Math.min(...ys)).toBeLessThan(0.55 * image.height);
    expect(Math.max(...ys)).toBeGreaterThan(0.55 * image.height);
    const angle = (Math.atan2(q[1][1] - q[0][1], q[1][0] - q[0][0]) * 180) / Math.PI;
    expect(Math.abs(angle + 30)).toBeLessThan(8);
  }, 60_000);

  it('reads the same lines without the max-channel view on the caption samples with text', async () => {
    // Captions read text without the view (a detector pass fewer): nothing they quote changes.
    // (All 25 sample images read the same both ways; these are the ones with text, the caption
    // demo's photo with a text-like region, and the view's own orange-suit photo.)
    const files = [
      'coffee-cup.jpg',
      'astronaut.jpg',
      'wm-scene-sign.jpg',
      'similar-firetruck-caption.jpg',
      'wm-corner-wordmark.jpg',
    ];
    const read: string[] = [];
    for (const file of files) {
      const image = await rgb(await readFile(`public/images/samples/${file}`));
      const without = await recognizeText(image, { maxChannel: false });
      expect(without, file).toEqual(await recognizeText(image));
      read.push(...without.map((l) => l.text));
    }
    // Not vacuous: the samples' text is read.
    expect(read).toEqual(expect.arrayContaining(['BAKERY', 'FOR SALE', 'Sxutterstock']));
  }, 180_000);

  it('invents no words on a photo without text', async () => {
    const lines = await recognizeText(await rgb(await readFile('public/images/samples/astronaut.jpg')));
    expect(lines.filter((l) => (l.text.match(/[\p{L}\p{N}]/gu) ?? []).length >= 3)).toEqual([]);
  }, 60_000);
});

describe('the OCR runtime', () => {
  it('is native in a long-lived server and WebAssembly in a function instance, unless OCR_RUNTIME says', () => {
    expect(ocrRuntime({})).toBe('native');
    expect(ocrRuntime({ LAMBDA_TASK_ROOT: '/var/task' })).toBe('wasm');
    expect(ocrRuntime({ AWS_LAMBDA_FUNCTION_NAME: 'watermark' })).toBe('wasm');
    expect(ocrRuntime({ OCR_RUNTIME: 'native', LAMBDA_TASK_ROOT: '/var/task' })).toBe('native');
    expect(ocrRuntime({ OCR_RUNTIME: 'wasm' })).toBe('wasm');
    expect(() => ocrRuntime({ OCR_RUNTIME: 'gpu' })).toThrow(/OCR_RUNTIME must be native or wasm/);
    expect(ocrMethod({})).toMatch(/onnxruntime-node/);
    expect(ocrMethod({ OCR_RUNTIME: 'wasm' })).toMatch(/onnxruntime-web \(WebAssembly\)/);
  });

  it('reads the same lines, confidences and boxes on WebAssembly as natively', async () => {
    const base = await readFile('public/images/samples/coffee-cup.jpg');
    const image = await rgb(
      await drawTextMarks(base, [
        {
          text: 'Photo by Alex Moreau',
          fontSize: 30,
          opacity: 0.5,
          color: '#ffffff',
          angle: -30,
          at: { x: 0.5, y: 0.55 },
        },
      ]),
    );
    const native = await recognizeText(image);
    // A fresh copy of the module: its models load again, on the runtime OCR_RUNTIME names.
    vi.resetModules();
    vi.stubEnv('OCR_RUNTIME', 'wasm');
    try {
      const wasm = await import('./ocr');
      expect(await wasm.recognizeText(image)).toEqual(native);
    } finally {
      vi.unstubAllEnvs();
    }
    expect(native.length).toBeGreaterThan(0);
  }, 120_000);

  it('creates the recognition session only once a text region is found', async () => {
    const ort = await import('onnxruntime-node');
    const create = vi.spyOn(ort.InferenceSession, 'create');
    // A fresh copy of the module, so its sessions load during this test.
    vi.resetModules();
    try {
      const fresh = await import('./ocr');
      const photo = await readFile('public/images/samples/astronaut.jpg');
      // The astronaut photo: no text region (as captions read it), so only the detector's session.
      expect(await fresh.recognizeText(await rgb(photo), { maxChannel: false })).toEqual([]);
      expect(create).toHaveBeenCalledTimes(1);
      const marked = await drawTextMarks(photo, [
        { text: 'SAMPLE PHOTO', fontSize: 40, opacity: 1, at: { x: 0.5, y: 0.2 }, color: '#ffffff' },
      ]);
      const lines = await fresh.recognizeText(await rgb(marked));
      expect(lines.map((l) => l.text.replace(/\s/g, '').toUpperCase())).toContain('SAMPLEPHOTO');
      expect(create).toHaveBeenCalledTimes(2);
      // Once: later images reuse it.
      await fresh.recognizeText(await rgb(marked));
      expect(create).toHaveBeenCalledTimes(2);
    } finally {
      create.mockRestore();
    }
  }, 120_000);
});
