/**
 * Makes the authenticity test images (tests/fixtures/authenticity/) and demo samples from the
 * CC0 / public-domain photos in tests/fixtures/images, with exiftool, sharp, our PNG text
 * writer and our dwtDct encoder. Deterministic; rerun with `npx tsx scripts/data/make-authenticity-fixtures.ts`.
 * How each file is made is listed in tests/fixtures/authenticity/README.md.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { KNOWN_MARKS, encodeDwtDct } from '../../src/server/vision/invisible-watermark';
import { writePngText } from '../../src/server/vision/authenticity/png-chunks';
import { parseCli } from '../lib/cli';

parseCli('Usage: npx tsx scripts/data/make-authenticity-fixtures.ts   (needs exiftool)', {});

const OUT = 'tests/fixtures/authenticity';
const PHOTOS = 'tests/fixtures/images';
const tmp = mkdtempSync(join(tmpdir(), 'auth-fixtures-'));
const exiftool = (...args: string[]) =>
  execFileSync('exiftool', ['-q', '-q', '-overwrite_original', ...args]);

const CAMERA_TAGS = [
  '-Make=Canon',
  '-Model=Canon EOS R6',
  '-LensModel=RF24-105mm F4 L IS USM',
  '-ExposureTime=1/250',
  '-FNumber=5.6',
  '-ISO=400',
  '-FocalLength=50',
  '-DateTimeOriginal=2024:05:01 10:00:00',
  '-CreateDate=2024:05:01 10:00:00',
];

async function camera(): Promise<void> {
  // A camera original: EXIF with make, model, exposure and a thumbnail of the same aspect.
  const file = `${OUT}/camera-exif.jpg`;
  await sharp(`${PHOTOS}/dog.jpg`).jpeg({ quality: 88 }).toFile(file);
  const thumb = join(tmp, 'thumb.jpg');
  await sharp(`${PHOTOS}/dog.jpg`).resize(160, 120).jpeg({ quality: 70 }).toFile(thumb);
  exiftool(...CAMERA_TAGS, `-ThumbnailImage<=${thumb}`, file);
  // The same photo cropped afterwards by a tool that kept the EXIF (thumbnail now 4:3 vs 1:1).
  const cropped = `${OUT}/camera-exif-cropped.jpg`;
  await sharp(file)
    .extract({ left: 96, top: 0, width: 576, height: 576 })
    .withMetadata()
    .jpeg({ quality: 88 })
    .toFile(cropped);
  exiftool(...CAMERA_TAGS, `-ThumbnailImage<=${thumb}`, cropped);
  // Everything stripped, as most sites do.
  const stripped = `${OUT}/stripped.jpg`;
  writeFileSync(stripped, readFileSync(file));
  exiftool('-all=', stripped);
}

async function edited(): Promise<void> {
  const file = `${OUT}/edited-photoshop.jpg`;
  await sharp(`${PHOTOS}/horses.jpg`).jpeg({ quality: 90 }).toFile(file);
  exiftool(
    ...CAMERA_TAGS,
    '-Software=Adobe Photoshop 25.0 (Windows)',
    '-XMP-xmp:CreatorTool=Adobe Photoshop 25.0 (Windows)',
    '-XMP-xmpMM:HistoryAction=saved',
    '-XMP-xmpMM:HistorySoftwareAgent=Adobe Photoshop 25.0 (Windows)',
    '-XMP-xmpMM:HistoryWhen=2024:05:02 09:00:00',
    file,
  );
}

async function declaredAi(): Promise<void> {
  // IPTC DigitalSourceType plus the IPTC 2025 AI fields (exiftool does not know the new
  // fields yet, so the XMP packet is written whole).
  const file = `${OUT}/ai-iptc-declared.jpg`;
  await sharp(`${PHOTOS}/coffee.jpg`).jpeg({ quality: 85 }).toFile(file);
  const xmp = join(tmp, 'ai.xmp');
  writeFileSync(
    xmp,
    `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"
  Iptc4xmpExt:DigitalSourceType="http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia"
  Iptc4xmpExt:AISystemUsed="ExampleGen"
  Iptc4xmpExt:AISystemVersionUsed="2.1"
  Iptc4xmpExt:AIPromptInformation="a cup of coffee on a wooden table, morning light"/>
</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`,
  );
  exiftool(`-xmp<=${xmp}`, file);
}

async function pngGenerators(): Promise<void> {
  const png = new Uint8Array(
    await sharp(`${PHOTOS}/chelsea.png`).png({ compressionLevel: 9, palette: true }).toBuffer(),
  );
  writeFileSync(
    `${OUT}/a1111-parameters.png`,
    writePngText(png, {
      parameters:
        'a photo of a tabby cat sitting on a wooden floor, soft light\nNegative prompt: blurry, lowres\nSteps: 28, Sampler: DPM++ 2M Karras, CFG scale: 7, Seed: 1234567890, Size: 451x300, Model hash: 6ce0161689, Model: v1-5-pruned-emaonly, Version: v1.10.1',
    }),
  );
  writeFileSync(
    `${OUT}/comfyui-prompt.png`,
    writePngText(png, {
      prompt: JSON.stringify({
        '3': {
          class_type: 'KSampler',
          inputs: { seed: 42, steps: 20, cfg: 8, sampler_name: 'euler', model: ['4', 0] },
        },
        '4': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'sd_xl_base_1.0.safetensors' } },
        '6': { class_type: 'CLIPTextEncode', inputs: { text: 'a tabby cat' } },
      }),
    }),
  );
}

async function watermarked(): Promise<void> {
  // A Stable Diffusion v1 style output: 512x512 with the reference scripts' 8-bit dwtDct mark,
  // saved as JPEG q95 with full-resolution chroma (4:4:4), which keeps the mark (a PNG would
  // be 500 KB).
  const { data, info } = await sharp(`${PHOTOS}/astronaut.jpg`)
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sd = KNOWN_MARKS.find((m) => m.id === 'stable-diffusion-v1')!;
  const marked = encodeDwtDct(
    { data: new Uint8Array(data), width: info.width, height: info.height },
    sd.bits,
    { arithmetic: 'uint8' },
  );
  await sharp(marked, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .toFile(`${OUT}/sd-v1-watermarked.jpg`);
}

async function corruptedC2pa(): Promise<void> {
  // A JPEG with an APP11 JUMBF segment labelled "c2pa" whose content is broken.
  const box = (type: string, payload: Buffer) => {
    const h = Buffer.alloc(8);
    h.writeUInt32BE(8 + payload.length);
    h.write(type, 4, 'latin1');
    return Buffer.concat([h, payload]);
  };
  const jumd = (uuidHex: string, label: string) =>
    box(
      'jumd',
      Buffer.concat([Buffer.from(uuidHex, 'hex'), Buffer.from([0x03]), Buffer.from(`${label}\0`, 'latin1')]),
    );
  const store = box(
    'jumb',
    Buffer.concat([
      jumd('6332706100110010800000aa00389b71', 'c2pa'),
      box(
        'jumb',
        Buffer.concat([
          jumd('63326d6100110010800000aa00389b71', 'urn:uuid:8f0e2ec4-0000-4000-8000-000000000000'),
          box('json', Buffer.from('{"truncated":')),
        ]),
      ),
    ]),
  );
  const payload = Buffer.concat([Buffer.from([0x4a, 0x50, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01]), store]);
  const marker = Buffer.from([0xff, 0xeb, 0, 0]);
  marker.writeUInt16BE(payload.length + 2, 2);
  const jpeg = await sharp(`${PHOTOS}/coffee.jpg`).jpeg({ quality: 85 }).toBuffer();
  writeFileSync(
    `${OUT}/corrupted-c2pa.jpg`,
    Buffer.concat([jpeg.subarray(0, 2), marker, payload, jpeg.subarray(2)]),
  );
}

async function recapture(): Promise<void> {
  // A simulated photo of a screen: the photo multiplied by a rotated pixel grid (period 4.5 px,
  // 25% modulation), as a display's subpixel grid beats against a camera sensor.
  const { data, info } = await sharp(`${PHOTOS}/dog.jpg`).raw().toBuffer({ resolveWithObject: true });
  const out = Buffer.from(data);
  const th = (7 * Math.PI) / 180;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const xr = x * Math.cos(th) + y * Math.sin(th);
      const yr = -x * Math.sin(th) + y * Math.cos(th);
      const g = 0.75 + 0.25 * Math.cos((2 * Math.PI * xr) / 4.5) * Math.cos((2 * Math.PI * yr) / 4.5);
      for (let c = 0; c < 3; c++)
        out[(y * info.width + x) * 3 + c] = Math.min(255, Math.round(out[(y * info.width + x) * 3 + c]! * g));
    }
  }
  await sharp(out, { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toFile(`${OUT}/recapture-simulated.jpg`);
}

await camera();
await edited();
await declaredAi();
await pngGenerators();
await watermarked();
await corruptedC2pa();
await recapture();
console.log('written to', OUT);
