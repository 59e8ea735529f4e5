/**
 * Makes the watermark demo's sample images (public/images/samples/wm-*.jpg) from the site's
 * openly licensed photos, so the demo offers one image for each case it handles:
 *
 *   wm-corner-wordmark.jpg  rocket-launch.jpg (SpaceX, public domain) + "Shutterstock" at 45% in a corner
 *   wm-tiled-pattern.jpg    astronaut.jpg (NASA, public domain) + "PREVIEW" tiled at 40%, tilted
 *   wm-invisible-sdxl.jpg   od-horses.jpg (darknet, MIT/GPL/WTFPL) + the SDXL dwtDct mark, written by our
 *                           encoder (JPEG q95 with full-resolution chroma, which keeps the mark)
 *   wm-scene-sign.jpg       cat-chelsea.jpg (CC0) + an opaque painted sign "BAKERY": text, but no watermark
 *
 * The centred stock overlay is coffee-cup-watermarked.jpg and the clean photo coffee-cup.jpg,
 * already shipped. Run: npx tsx scripts/data/make-watermark-samples.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { KNOWN_MARKS, encodeDwtDct } from '../../src/server/vision/invisible-watermark';
import { drawSigns, drawTextMarks } from '../../src/server/vision/watermark/overlay';
import { parseCli } from '../lib/cli';

parseCli('Usage: npx tsx scripts/data/make-watermark-samples.ts', {});

const dir = 'public/images/samples';
const read = (name: string) => readFile(`${dir}/${name}`);

await writeFile(
  `${dir}/wm-corner-wordmark.jpg`,
  await drawTextMarks(
    await read('rocket-launch.jpg'),
    [{ text: 'Shutterstock', fontSize: 30, opacity: 0.45, at: { x: 0.8, y: 0.92 } }],
    85,
  ),
);
await writeFile(
  `${dir}/wm-tiled-pattern.jpg`,
  await drawTextMarks(
    await read('astronaut.jpg'),
    [
      {
        text: 'PREVIEW',
        fontSize: 40,
        opacity: 0.4,
        at: { x: 0.25, y: 0.2 },
        angle: -15,
        tile: { dx: 0.55, dy: 0.3 },
      },
    ],
    85,
  ),
);
await writeFile(
  `${dir}/wm-scene-sign.jpg`,
  await drawSigns(
    await read('cat-chelsea.jpg'),
    [{ text: 'BAKERY', at: { x: 0.25, y: 0.2 }, fontSize: 24, plate: '#f4f1e8', ink: '#1a1a1a', angle: -3 }],
    85,
  ),
);
const { data, info } = await sharp(await read('od-horses.jpg'))
  .removeAlpha()
  .raw()
  .toBuffer({ resolveWithObject: true });
const sdxl = KNOWN_MARKS.find((m) => m.id === 'sdxl');
if (!sdxl) throw new Error('SDXL payload missing');
const marked = encodeDwtDct(
  { data: new Uint8Array(data), width: info.width, height: info.height },
  sdxl.bits,
);
await writeFile(
  `${dir}/wm-invisible-sdxl.jpg`,
  await sharp(Buffer.from(marked), { raw: { width: info.width, height: info.height, channels: 3 } })
    .jpeg({ quality: 95, chromaSubsampling: '4:4:4' })
    .toBuffer(),
);
console.log('wrote wm-corner-wordmark.jpg, wm-tiled-pattern.jpg, wm-scene-sign.jpg, wm-invisible-sdxl.jpg');
