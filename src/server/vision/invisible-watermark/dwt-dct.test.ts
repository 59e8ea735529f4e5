import sharp, { type Region, type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeDwtDct, encodeDwtDct, type RgbPixels } from './dwt-dct';
import { KNOWN_MARKS, bitsToText, readKnownMarks, textToBits } from './known-marks';

const FIXTURES = 'tests/fixtures/authenticity';
const PHOTOS = 'tests/fixtures/images';

async function pixels(input: string | Buffer, crop?: Region): Promise<RgbPixels> {
  let pipeline = sharp(input);
  if (crop) pipeline = pipeline.extract(crop);
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data), width: info.width, height: info.height };
}

async function reencode(img: RgbPixels, edit: (s: Sharp) => Sharp): Promise<RgbPixels> {
  const raw = { raw: { width: img.width, height: img.height, channels: 3 as const } };
  return pixels(await edit(sharp(img.data, raw)).toBuffer());
}

const sdV1 = KNOWN_MARKS.find((m) => m.id === 'stable-diffusion-v1')!;
const sdxl = KNOWN_MARKS.find((m) => m.id === 'sdxl')!;
const reading = (img: RgbPixels, id: string) => readKnownMarks(img).find((r) => r.id === id)!;

describe('the known payloads', () => {
  it('spell the published values', () => {
    expect(sdV1.bits).toHaveLength(136);
    expect(bitsToText(textToBits('StableDiffusionV1'))).toBe('StableDiffusionV1');
    expect(sdxl.bits).toHaveLength(48);
    // 0xB3EC907BB19E, the hex form quoted next to the binary literal in the sources.
    expect(parseInt(sdxl.bits.join(''), 2).toString(16)).toBe('b3ec907bb19e');
  });
});

describe('dwtDct against the library', () => {
  it("writes the same pixels as invisible-watermark's 8-bit encoder (Stable Diffusion's scripts)", async () => {
    // The fixture is the library's own output on this crop (see the fixtures README).
    const base = await pixels(`${PHOTOS}/astronaut.jpg`, { left: 96, top: 64, width: 320, height: 256 });
    const library = await pixels(`${FIXTURES}/imwatermark-sd-v1-astronaut.png`);
    const ours = encodeDwtDct(base, sdV1.bits, { arithmetic: 'uint8' });
    expect(Buffer.compare(Buffer.from(ours), Buffer.from(library.data))).toBe(0);
  });

  it('reads the library-written Stable Diffusion v1 mark back to its text', async () => {
    const r = reading(await pixels(`${FIXTURES}/imwatermark-sd-v1-astronaut.png`), 'stable-diffusion-v1');
    expect(r.status).toBe('detected');
    // A 320x256 crop gives each bit only ~9 blocks: a few bits of the text flip.
    expect(r.matchingBits).toBeGreaterThanOrEqual(128);
    expect(r.decodedText).toMatch(/Diffu.*ionV1$/);
  });

  it('reads the library-written SDXL mark (float pixels, as diffusers calls it)', async () => {
    const r = reading(await pixels(`${FIXTURES}/imwatermark-sdxl-chelsea.png`), 'sdxl');
    expect(r.status).toBe('detected');
    expect(r.matchingBits).toBeGreaterThanOrEqual(44);
  });
});

describe('dwtDct round trips with our encoder', () => {
  it('finds no mark on unmarked photos', async () => {
    for (const name of [
      'astronaut.jpg',
      'coffee.jpg',
      'dog.jpg',
      'horses.jpg',
      'chelsea.png',
      'coffee.webp',
    ]) {
      const found = readKnownMarks(await pixels(`${PHOTOS}/${name}`)).filter((r) => r.status !== 'absent');
      expect(found, name).toEqual([]);
    }
  });

  it('reads its own marks losslessly', async () => {
    const dog = await pixels(`${PHOTOS}/dog.jpg`);
    const v1 = { ...dog, data: encodeDwtDct(dog, sdV1.bits) };
    expect(reading(v1, 'stable-diffusion-v1').decodedText).toBe('StableDiffusionV1');
    const xl = { ...dog, data: encodeDwtDct(dog, sdxl.bits, { arithmetic: 'float' }) };
    expect(reading(xl, 'sdxl').status).toBe('detected');
    expect(reading(xl, 'stable-diffusion-v1').status).toBe('absent');
  });

  it('refuses images below 256x256 as the library does', () => {
    const tiny = { data: new Uint8Array(100 * 100 * 3), width: 100, height: 100 };
    expect(() => encodeDwtDct(tiny, [1, 0])).toThrow(/too small/);
    expect(readKnownMarks(tiny)).toEqual([]);
  });

  // Where the mark survives, measured on dog.jpg (768x576) with sharp/libjpeg-turbo (matching
  // bits of 136 for SD v1 / of 48 for SDXL): JPEG with full-resolution chroma (4:4:4) keeps it
  // at q95 and q90 (136, 48), mostly at q85 (133, 48) and only as a trace at q75 (106, 43 of 48
  // for the float SDXL path); the default 4:2:0 chroma
  // subsampling (what most encoders and sites use) averages the U channel over 2x2 pixels and
  // the decoder's interpolated upsampling blurs the block values past the +-9 tolerance of the
  // scale-36 quantiser, so it is lost even at q95; a 10% resize moves the 4x4 block grid and
  // loses it too.
  it('survives JPEG q95 with 4:4:4 chroma and leaves a trace at q75', async () => {
    const dog = await pixels(`${PHOTOS}/dog.jpg`);
    const marked = { ...dog, data: encodeDwtDct(dog, sdV1.bits) };
    const q95 = await reencode(marked, (s) => s.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }));
    expect(reading(q95, 'stable-diffusion-v1').decodedText).toBe('StableDiffusionV1');
    const q75 = await reencode(marked, (s) => s.jpeg({ quality: 75, chromaSubsampling: '4:4:4' }));
    expect(reading(q75, 'stable-diffusion-v1').status).toBe('trace');
  });

  it('loses the mark to 4:2:0 chroma subsampling and to a 10% resize', async () => {
    const dog = await pixels(`${PHOTOS}/dog.jpg`);
    const marked = { ...dog, data: encodeDwtDct(dog, sdV1.bits) };
    const subsampled = await reencode(marked, (s) => s.jpeg({ quality: 95, chromaSubsampling: '4:2:0' }));
    expect(reading(subsampled, 'stable-diffusion-v1').status).toBe('absent');
    const resized = await reencode(marked, (s) => s.resize(Math.round(dog.width * 0.9)).png());
    expect(reading(resized, 'stable-diffusion-v1').status).toBe('absent');
  });

  it('reports per-bit votes: near 1 for 1-bits, well under half for 0-bits', async () => {
    // Quantising a 0 usually lowers the block's largest entry, so another entry may become the
    // largest and the reader sees an unrelated value: 0-bits vote ~0.2-0.45, not 0.
    const dog = await pixels(`${PHOTOS}/dog.jpg`);
    const marked = { ...dog, data: encodeDwtDct(dog, sdxl.bits) };
    const { votes, bits, blocksPerBit } = decodeDwtDct(marked, 48);
    expect(blocksPerBit).toBeGreaterThan(100);
    expect(bits).toEqual(sdxl.bits);
    votes.forEach((v, i) => expect(sdxl.bits[i] ? v > 0.9 : v < 0.46).toBe(true));
  });
});
