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

  it('finds the face of a photo stored turned (its orientation lost), with the box and landmarks where the face is in it', async () => {
    const upright = await analyzeFaces(await photo('astronaut.jpg'));
    expect(upright.faces).toHaveLength(1);
    const [ux1, uy1, ux2, uy2] = upright.faces[0]!.box;
    const { width: w, height: h } = upright;
    const side = ux2 - ux1;
    // sharp turns clockwise: the upright box's corners land at these places in each turned copy.
    const expected = {
      90: [h - uy2, ux1, h - uy1, ux2],
      180: [w - ux2, h - uy2, w - ux1, h - uy1],
      270: [uy1, w - ux2, uy2, w - ux1],
    } as const;
    const turnedOnly = DETECT_PASSES.filter((p) => p.angle !== 0);
    for (const turn of [90, 180, 270] as const) {
      const bytes = await sharp(readFileSync(`${SAMPLES}/astronaut.jpg`))
        .rotate(turn)
        .png()
        .toBuffer();
      const decoded = await decodeImage(new Uint8Array(bytes));
      // With every pass, and with the turned passes alone.
      for (const passes of [DETECT_PASSES, turnedOnly]) {
        const { faces } = await analyzeFaces(decoded, { passes });
        const what = `turned ${turn}, ${passes.length} passes`;
        expect(faces, what).toHaveLength(1);
        // Upside down, the upright passes already find this face (a weak detection the mesh
        // confirms), and the mesh is then fitted upside down: found, not placed; the turned
        // passes, which run when the upright ones find nothing, place it.
        if (turn === 180 && passes === DETECT_PASSES) continue;
        const face = faces[0]!;
        face.box.forEach((v, i) =>
          expect(Math.abs(v - expected[turn][i]!), `${what}, corner ${i}`).toBeLessThan(side * 0.15),
        );
        // The eyes sit above the nose in the upright face: in the turned copy, on the side its top went to.
        const { left_eye: eye, nose_tip: nose } = face.landmarks;
        if (turn === 90) expect(eye[0], what).toBeGreaterThan(nose[0]);
        if (turn === 180) expect(eye[1], what).toBeGreaterThan(nose[1]);
        if (turn === 270) expect(eye[0], what).toBeLessThan(nose[0]);
        // Yaw and pitch are the upright face's; the roll is the turn as the photo shows it
        // (turned clockwise on screen: a negative roll).
        const pose = upright.faces[0]!.pose;
        expect(Math.abs(face.pose.yaw - pose.yaw), what).toBeLessThan(10);
        expect(Math.abs(face.pose.pitch - pose.pitch), what).toBeLessThan(10);
        const roll = { 90: -90, 180: 180, 270: 90 }[turn];
        const off = Math.abs(((face.pose.roll - pose.roll - roll + 540) % 360) - 180);
        expect(off, `${what}: roll ${face.pose.roll}`).toBeLessThan(10);
      }
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
