import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analyzeWatermarks, type WatermarkOptions } from './analyze';
import { drawSigns, drawTextMarks } from './overlay';

const opts = (o: Partial<WatermarkOptions> = {}): WatermarkOptions => ({
  detectType: 'all',
  sensitivity: 'medium',
  includeInvisible: true,
  ...o,
});

describe('analyzeWatermarks', () => {
  it('finds the stock overlay and the corner credit of the site sample, semi-transparent, in original pixels', async () => {
    const bytes = await readFile('public/images/samples/coffee-cup-watermarked.jpg');
    const r = await analyzeWatermarks(bytes, opts());
    const texts = r.visible.map((v) => v.text.toLowerCase());
    expect(
      texts.some((t) => t.includes('sample')),
      JSON.stringify(r.visible),
    ).toBe(true);
    expect(texts.some((t) => t.includes('stock.example'))).toBe(true);
    for (const v of r.visible) {
      expect(v.opacity).toBeLessThan(0.8);
      expect(v.location.x + v.location.width).toBeLessThanOrEqual(r.width);
      expect(v.location.y + v.location.height).toBeLessThanOrEqual(r.height);
    }
  }, 60_000);

  it('reports nothing on the clean photo, and reads its (absent) rights metadata', async () => {
    const r = await analyzeWatermarks(await readFile('public/images/samples/coffee-cup.jpg'), opts());
    expect(r.visible).toEqual([]);
    expect(r.logos).toEqual([]);
    expect(r.rights?.present).toBe(false);
  }, 60_000);

  it('names a stock agency wordmark as a brand logo laid over the photo', async () => {
    const base = await readFile('public/images/samples/coffee-cup.jpg');
    // Over the table (higher up, over the cup's rim, the OCR drops the "S" and no brand is named:
    // brands need an exact spelling).
    const marked = await drawTextMarks(base, [
      { text: 'Shutterstock', fontSize: 44, opacity: 0.5, at: { x: 0.5, y: 0.75 } },
    ]);
    const r = await analyzeWatermarks(marked, opts({ detectType: 'brand_logos' }));
    expect(r.ran).toMatchObject({ visible: false, brand_logos: true, invisible: false });
    expect(r.visible).toEqual([]);
    expect(r.logos, JSON.stringify(r.evidence)).toEqual([
      expect.objectContaining({ brand: 'Shutterstock', logo_type: 'overlay' }),
    ]);
  }, 60_000);

  it('never names a brand for text that only resembles one: a diagonal "STOCKPHOTO" and a corner "stockphoto.example" are not iStock', async () => {
    const base = await readFile('public/images/samples/rocket-launch.jpg');
    const marked = await drawTextMarks(base, [
      { text: 'STOCKPHOTO', fontSize: 48, opacity: 0.45, at: { x: 0.5, y: 0.5 }, angle: -35 },
      { text: 'stockphoto.example', fontSize: 16, opacity: 0.6, at: { x: 0.8, y: 0.93 } },
    ]);
    const r = await analyzeWatermarks(marked, opts());
    const texts = r.visible.map((v) => v.text.toLowerCase());
    expect(
      texts.some((t) => t.includes('ockphoto') && !t.includes('example')),
      JSON.stringify(r.evidence),
    ).toBe(true);
    expect(texts.some((t) => t.includes('example'))).toBe(true);
    expect(r.logos).toEqual([]);
    expect(r.visible.map((v) => v.type)).not.toContain('wordmark');
    expect(r.evidence.every((e) => e.brand === undefined)).toBe(true);
  }, 60_000);

  it('leaves an opaque painted sign alone at medium sensitivity', async () => {
    const base = await readFile('public/images/samples/astronaut.jpg');
    const signed = await drawSigns(base, [
      { text: 'BAKERY', at: { x: 0.35, y: 0.62 }, fontSize: 30, plate: '#f4f1e8', ink: '#1a1a1a' },
    ]);
    const r = await analyzeWatermarks(signed, opts());
    expect(r.evidence.map((e) => e.text)).toContain('BAKERY');
    expect(r.visible, JSON.stringify(r.evidence)).toEqual([]);
  }, 60_000);

  it('skips the text reading when only invisible marks are asked for', async () => {
    const r = await analyzeWatermarks(
      await readFile('public/images/samples/coffee-cup-watermarked.jpg'),
      opts({ detectType: 'invisible' }),
    );
    expect(r.ran.visible).toBe(false);
    expect(r.timings['ocr']).toBeUndefined();
    expect(r.visible).toEqual([]);
  });

  it('reports XMP and EXIF rights declarations in their own group', async () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/" xmlns:plus="http://ns.useplus.org/ldf/xmp/1.0/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" xmpRights:Marked="True" xmpRights:WebStatement="https://example.com/licence" photoshop:Credit="Jane Doe / Example Agency" photoshop:Source="Example Agency"><dc:rights><rdf:Alt><rdf:li xml:lang="x-default">© 2024 Jane Doe</rdf:li></rdf:Alt></dc:rights><plus:Licensor><rdf:Seq><rdf:li rdf:parseType="Resource"><plus:LicensorName>Example Agency</plus:LicensorName></rdf:li></rdf:Seq></plus:Licensor></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const bytes = await sharp(await readFile('public/images/samples/coffee-cup.jpg'))
      .withExif({ IFD0: { Copyright: '(c) Jane Doe' } })
      .withXmp(xmp)
      .jpeg()
      .toBuffer();
    const r = await analyzeWatermarks(bytes, opts({ detectType: 'invisible', includeInvisible: false }));
    expect(r.rights).toMatchObject({
      present: true,
      copyright_notice: '(c) Jane Doe',
      credit: 'Jane Doe / Example Agency',
      source: 'Example Agency',
      rights: '© 2024 Jane Doe',
      marked: true,
      web_statement: 'https://example.com/licence',
      licensors: ['Example Agency'],
    });
    expect(r.rights?.sources['copyright_notice']).toBe('EXIF Copyright');
  });

  it('refuses what is not an image', async () => {
    await expect(analyzeWatermarks(new TextEncoder().encode('<html></html>'), opts())).rejects.toMatchObject({
      status: 422,
    });
  });
});

describe('invisible marks', () => {
  it('decodes an SDXL dwtDct mark written with the encoder, with bit agreement as confidence', async () => {
    const { encodeDwtDct, KNOWN_MARKS } = await import('../invisible-watermark');
    const { data, info } = await sharp('tests/fixtures/images/dog.jpg')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const sdxl = KNOWN_MARKS.find((m) => m.id === 'sdxl')!;
    const marked = encodeDwtDct(
      { data: new Uint8Array(data), width: info.width, height: info.height },
      sdxl.bits,
    );
    const png = await sharp(Buffer.from(marked), {
      raw: { width: info.width, height: info.height, channels: 3 },
    })
      .png()
      .toBuffer();
    const r = await analyzeWatermarks(png, opts({ detectType: 'invisible' }));
    expect(r.invisible).toEqual([
      expect.objectContaining({
        algorithm: 'dwtDct',
        type: 'ai_generator',
        embedded_data: '0xb3ec907bb19e',
        status: 'detected',
      }),
    ]);
    expect(r.invisible[0]!.confidence).toBeGreaterThanOrEqual(0.9);
    const off = await analyzeWatermarks(png, opts({ detectType: 'invisible', includeInvisible: false }));
    expect(off.invisible).toEqual([]);
    expect(off.timings['invisible']).toBeUndefined();
  });

  it('finds no invisible mark on an unmarked photo', async () => {
    const r = await analyzeWatermarks(
      await readFile('tests/fixtures/images/dog.jpg'),
      opts({ detectType: 'invisible' }),
    );
    expect(r.invisible).toEqual([]);
  });
});

describe('the watermark demo samples (scripts/data/make-watermark-samples.ts)', () => {
  const run = async (name: string) =>
    analyzeWatermarks(await readFile(`public/images/samples/${name}`), opts());
  it('each shows the case it is offered for', async () => {
    // "Shutterstock" at 45% over a night sky with a launch light behind its "h": found, its
    // opacity read from the blending (it once read 4%, the bright light dragging the fit), and a
    // brand named only if the OCR spells the name exactly (it reads "Sxutterstock" today).
    const corner = await run('wm-corner-wordmark.jpg');
    expect(corner.visible, JSON.stringify(corner.evidence)).toHaveLength(1);
    expect(corner.visible[0]!.opacity).toBeGreaterThanOrEqual(0.25);
    expect(corner.visible[0]!.opacity).toBeLessThanOrEqual(0.7);
    const spelled = corner.visible[0]!.text.toLowerCase().replace(/[^a-z]/g, '') === 'shutterstock';
    expect(corner.logos).toEqual(
      spelled ? [expect.objectContaining({ brand: 'Shutterstock', logo_type: 'overlay' })] : [],
    );
    expect(corner.visible[0]!.type).toBe(spelled ? 'wordmark' : 'text');
    const tiled = await run('wm-tiled-pattern.jpg');
    expect(tiled.visible).toEqual([expect.objectContaining({ type: 'tiled_pattern', text: 'PREVIEW' })]);
    const invisible = await run('wm-invisible-sdxl.jpg');
    expect(invisible.visible).toEqual([]);
    expect(invisible.invisible).toEqual([
      expect.objectContaining({ algorithm: 'dwtDct', embedded_data: '0xb3ec907bb19e' }),
    ]);
    const sign = await run('wm-scene-sign.jpg');
    expect(sign.evidence.map((e) => e.text)).toContain('BAKERY');
    expect(sign.visible).toEqual([]);
  }, 120_000);
});

describe('C2PA in the rights group', () => {
  it('reports no manifest on a plain photo and an unreadable one where the store is broken', async () => {
    const plain = await analyzeWatermarks(
      await readFile('public/images/samples/coffee-cup.jpg'),
      opts({ detectType: 'invisible', includeInvisible: false }),
    );
    expect(plain.rights?.c2pa.status).toBe('absent');
    const broken = await analyzeWatermarks(
      await readFile('tests/fixtures/authenticity/corrupted-c2pa.jpg'),
      opts({ detectType: 'invisible', includeInvisible: false }),
    );
    expect(broken.rights).toMatchObject({ present: true, c2pa: { status: 'unreadable' } });
    expect(broken.rights?.sources['c2pa']).toBe('C2PA manifest store');
  });
});
