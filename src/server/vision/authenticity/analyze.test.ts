import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { analyzeAuthenticity } from './analyze';
import { stripManifest, tamperImageData } from './c2pa-test-support';

const FIX = 'tests/fixtures/authenticity';
const PHOTOS = 'tests/fixtures/images';
const load = (path: string) => new Uint8Array(readFileSync(path));
const analyze = (path: string) => analyzeAuthenticity(load(path));

describe('photo authenticity, layer by layer (fixtures made by scripts/data/make-authenticity-fixtures.ts)', () => {
  it('declared camera: consistent but unsigned camera EXIF, no fail tag, weak evidence', async () => {
    const r = await analyze(`${FIX}/camera-exif.jpg`);
    expect(r.verdict).toBe('declared_camera');
    expect(r.indicators.join(' ')).toMatch(/anyone can write EXIF/);
    expect(r.pixel_signal).toMatchObject({ model: 'optiq-pixel-signal', threshold: expect.any(Number) });
    expect(r.pixel_signal.score).toBeGreaterThanOrEqual(0);
    expect(r.pixel_signal.score).toBeLessThan(r.pixel_signal.threshold);
    expect(r.is_real).toBe(true);
    expect(r.fail_tags).toEqual([]);
    expect(r.evidence.signals.camera_exif).toMatchObject({ present: true, consistent: true });
    expect(r.evidence.metadata.camera).toMatchObject({
      make: 'Canon',
      model: 'Canon EOS R6',
      iso: 400,
      thumbnail: { width: 160, height: 120 },
    });
  });

  it('a crop after capture breaks the thumbnail check: inconclusive, not declared_camera', async () => {
    const r = await analyze(`${FIX}/camera-exif-cropped.jpg`);
    expect(r.verdict).toBe('inconclusive');
    expect(r.evidence.signals.camera_exif.issues.join(' ')).toMatch(/thumbnail 160x120 .* 576x576/);
  });

  it('stripped metadata proves nothing: inconclusive and is_real stays true', async () => {
    const r = await analyze(`${FIX}/stripped.jpg`);
    expect(r.verdict).toBe('inconclusive');
    expect(r.is_real).toBe(true);
    expect(r.evidence.metadata.hasMetadata).toBe(false);
    expect(r.indicators.join(' ')).toMatch(/proves nothing/);
  });

  it('edited: Photoshop named in Software and the XMP history', async () => {
    const r = await analyze(`${FIX}/edited-photoshop.jpg`);
    expect(r.verdict).toBe('edited');
    expect(r.fail_tags).toEqual(['edited']);
    expect(r.is_real).toBe(false);
    expect(r.evidence.metadata.history[0]).toMatchObject({
      action: 'saved',
      softwareAgent: 'Adobe Photoshop 25.0 (Windows)',
    });
    expect(r.findings.map((f) => f.rule)).toEqual(['META-EDITOR']);
  });

  it('ai_generated from IPTC DigitalSourceType and the IPTC 2025 AI fields', async () => {
    const r = await analyze(`${FIX}/ai-iptc-declared.jpg`);
    expect(r.verdict).toBe('ai_generated');
    expect(r.evidence.metadata.digitalSourceType).toBe('trainedAlgorithmicMedia');
    expect(r.evidence.metadata.aiFields).toMatchObject({
      AISystemUsed: 'ExampleGen',
      AISystemVersionUsed: '2.1',
    });
    expect(r.findings.map((f) => f.rule)).toEqual(['META-DST', 'META-AI-FIELDS']);
  });

  it('ai_generated from AUTOMATIC1111 and ComfyUI PNG text chunks', async () => {
    const a1111 = await analyze(`${FIX}/a1111-parameters.png`);
    expect(a1111.evidence.metadata.pngGenerators[0]).toMatchObject({
      generator: 'AUTOMATIC1111 / Forge',
      chunk: 'parameters',
    });
    expect(a1111.fail_tags).toEqual(['ai_generated']);
    const comfy = await analyze(`${FIX}/comfyui-prompt.png`);
    expect(comfy.evidence.metadata.pngGenerators[0]).toMatchObject({ generator: 'ComfyUI', chunk: 'prompt' });
    expect(comfy.verdict).toBe('ai_generated');
  });

  it('ai_generated from a decoded Stable Diffusion watermark (JPEG q95, 4:4:4)', async () => {
    const r = await analyze(`${FIX}/sd-v1-watermarked.jpg`);
    expect(r.verdict).toBe('ai_generated');
    expect(r.findings.map((f) => f.rule)).toEqual(['WATERMARK']);
    const mark = r.evidence.watermark.marks.find((m) => m.id === 'stable-diffusion-v1')!;
    expect(mark).toMatchObject({ status: 'detected', decodedText: 'StableDiffusionV1' });
  });

  it('recaptured: a simulated screen grid gives the photo_of_photo tag', async () => {
    const r = await analyze(`${FIX}/recapture-simulated.jpg`);
    expect(r.verdict).toBe('recaptured');
    expect(r.fail_tags).toEqual(['photo_of_photo']);
    expect(r.evidence.signals.recapture.level).toBe('strong');
  });

  it('ai_generated from signed C2PA credentials (test chain, signer not on a trust list)', async () => {
    const r = await analyze(`${FIX}/c2pa-signed.jpg`);
    expect(r.verdict).toBe('ai_generated');
    expect(r.fail_tags).toEqual(['ai_generated']);
    expect(r.findings.map((f) => f.rule)).toEqual(['C2PA-AI']);
    expect(r.findings[0]!.explanation).toMatch(
      /signed by Optiq C2PA Test Signer, declare the image as trainedAlgorithmicMedia .* by Optiq sample maker 1\.0/,
    );
    expect(r.evidence.c2pa).toMatchObject({
      method: 'c2pa-content-credentials',
      status: 'present',
      validation: 'untrusted_signer',
    });
  });

  it('signed C2PA with one byte of image data changed: edited (C2PA-TAMPER), its AI claim not relied on', async () => {
    const r = await analyzeAuthenticity(tamperImageData(load(`${FIX}/c2pa-signed.jpg`)));
    expect(r.evidence.c2pa.validation).toBe('invalid');
    expect(r.findings.map((f) => f.rule)).toEqual(['C2PA-TAMPER']);
    expect(r.verdict).toBe('edited');
    expect(r.fail_tags).toEqual(['edited']);
  });

  it('signed C2PA with the manifest stripped: no credentials, inconclusive', async () => {
    const r = await analyzeAuthenticity(stripManifest(load(`${FIX}/c2pa-signed.jpg`)));
    expect(r.evidence.c2pa.status).toBe('absent');
    expect(r.fail_tags).toEqual([]);
    expect(r.verdict).toBe('inconclusive');
  });

  it('a corrupted C2PA manifest is reported unreadable and relied on for nothing', async () => {
    const r = await analyze(`${FIX}/corrupted-c2pa.jpg`);
    expect(r.evidence.c2pa.status).toBe('unreadable');
    expect(r.fail_tags).toEqual([]);
    expect(r.verdict).toBe('inconclusive');
    expect(r.indicators.join(' ')).toMatch(/C2PA manifest store that cannot be read/);
  });

  it('plain photos without evidence are inconclusive on every layer', async () => {
    for (const name of [
      'astronaut.jpg',
      'coffee.jpg',
      'dog.jpg',
      'horses.jpg',
      'chelsea.png',
      'coffee.webp',
    ]) {
      const r = await analyze(`${PHOTOS}/${name}`);
      expect(r.verdict, name).toBe('inconclusive');
      expect(r.fail_tags, name).toEqual([]);
      expect(r.evidence.c2pa.status, name).toBe('absent');
      expect(
        r.evidence.watermark.marks.every((m) => m.status === 'absent'),
        name,
      ).toBe(true);
      expect(r.evidence.signals.recapture.level, name).not.toBe('strong');
    }
  });

  it('returns an ELA heatmap PNG and the JPEG table comparison', async () => {
    const r = await analyze(`${FIX}/camera-exif.jpg`);
    const png = Buffer.from(
      r.evidence.signals.ela.heatmapPng.replace(/^data:image\/png;base64,/, ''),
      'base64',
    );
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(512);
    // Written by sharp (libjpeg-turbo) at q88: the IJG tables, recognised exactly.
    expect(r.evidence.signals.jpeg_quantisation).toEqual({ standardTables: true, quality: 88, tables: 2 });
    expect(r.indicators.join(' ')).toMatch(/standard libjpeg tables at quality 88/);
  });

  it('enforces the documented limits', async () => {
    const small = new Uint8Array(
      await sharp({ create: { width: 200, height: 300, channels: 3, background: '#888' } })
        .jpeg()
        .toBuffer(),
    );
    await expect(analyzeAuthenticity(small)).rejects.toMatchObject({ status: 422, code: 'INVALID_IMAGE' });
    const gif = new Uint8Array(Buffer.from('GIF89a0000'));
    await expect(analyzeAuthenticity(gif)).rejects.toBeInstanceOf(HttpError);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expect(analyzeAuthenticity(big)).rejects.toMatchObject({ status: 413 });
  });
});
