import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeImage, type DecodedImage } from '../image-input';
import {
  DETECT_PASSES,
  FACE_RULE,
  acceptFaces,
  analyzeFaces,
  faceCandidates,
  loadFaceModels,
} from './analyze';

const SAMPLES = 'public/images/samples';
const photo = (name: string) => decodeImage(new Uint8Array(readFileSync(`${SAMPLES}/${name}`)));

/**
 * The astronaut's face cut to 70% of its box around its centre (the face overflows the frame),
 * brought down to 24 px and enlarged to 256 px: a blurred close-up like the degraded face crops
 * of the labelled set, which the detector scores under its floor.
 */
async function blurredCloseUp(): Promise<DecodedImage> {
  const side = 64;
  const small = await sharp(readFileSync(`${SAMPLES}/astronaut.jpg`))
    .extract({ left: 193, top: 91, width: side, height: side })
    .resize(24, 24)
    .png()
    .toBuffer();
  return decodeImage(new Uint8Array(await sharp(small).resize(256, 256).jpeg().toBuffer()));
}

beforeAll(async () => {
  await loadFaceModels();
}, 60_000);

describe('face detection passes', () => {
  it('answers a face exactly when every pass, with every candidate meshed, would (the fallback passes only run when none was found)', async () => {
    const cases = [
      ['astronaut.jpg', true],
      ['cat-chelsea.jpg', false],
    ] as const;
    for (const [name, hasFace] of cases) {
      const decoded = await photo(name);
      const staged = await analyzeFaces(decoded);
      const everyPass = acceptFaces(await faceCandidates(decoded, DETECT_PASSES, FACE_RULE.lowScore));
      expect(staged.faces.length > 0, name).toBe(hasFace);
      expect(everyPass.length > 0, name).toBe(hasFace);
    }
  }, 120_000);

  it('finds a blurred face that overflows the frame by the mesh reading the frame at 1.6x its side', async () => {
    const decoded = await blurredCloseUp();
    const { faces } = await analyzeFaces(decoded);
    expect(faces).toHaveLength(1);
    const [face] = faces;
    // No detector candidate: the frame reading (detector score 0), confirmed by the mesh.
    expect(face!.detectorScore).toBe(0);
    expect(face!.meshScore).toBeGreaterThanOrEqual(FACE_RULE.frameMeshScore);
    // The mesh reaches past the frame: the face is larger than the photo.
    expect(face!.outOfFrame).toBeGreaterThan(0);
    const atOneAndAQuarter = (await faceCandidates(decoded, DETECT_PASSES, FACE_RULE.lowScore)).filter(
      (c) => c.frame && DETECT_PASSES[c.pass]?.margin === 1.25,
    );
    expect(atOneAndAQuarter.every((c) => c.meshScore < FACE_RULE.frameMeshScore)).toBe(true);
  });
});
