/**
 * Draws text watermarks (and scene-like signs) onto photos with sharp's SVG renderer: used by
 * the tests, the evaluation set and the demo samples, so every figure is measured on images made
 * the same, documented way.
 */
import sharp from 'sharp';

export interface TextMarkSpec {
  text: string;
  /** Font size in pixels. */
  fontSize: number;
  /** 0-1: how much of the text colour covers what is underneath. */
  opacity: number;
  /** CSS colour of the text (white by default). */
  color?: string;
  /** Anchor of the text's centre as fractions (0-1) of the width and height. */
  at: { x: number; y: number };
  /** Rotation in degrees (negative: rising to the right). */
  angle?: number;
  /** Repeat the text over the whole image on a grid with these gaps (fractions of width/height). */
  tile?: { dx: number; dy: number };
  bold?: boolean;
  font?: string;
}

const escapeXml = (s: string): string => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function textElements(spec: TextMarkSpec, width: number, height: number): string {
  const anchors: { x: number; y: number }[] = [];
  if (spec.tile) {
    const stepX = Math.max(spec.tile.dx * width, 1);
    const stepY = Math.max(spec.tile.dy * height, 1);
    for (let y = (spec.at.y * height) % stepY; y < height + stepY / 2; y += stepY) {
      const row = Math.round(y / stepY);
      for (
        let x = ((spec.at.x * width) % stepX) + (row % 2 ? stepX / 2 : 0) - stepX;
        x < width + stepX / 2;
        x += stepX
      ) {
        anchors.push({ x, y });
      }
    }
  } else {
    anchors.push({ x: spec.at.x * width, y: spec.at.y * height });
  }
  const font = spec.font ?? 'DejaVu Sans';
  return anchors
    .map(({ x, y }) => {
      const rotate = spec.angle ? ` transform="rotate(${spec.angle} ${x.toFixed(1)} ${y.toFixed(1)})"` : '';
      return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" text-anchor="middle" dominant-baseline="central" font-family="${escapeXml(font)}" font-size="${spec.fontSize}" font-weight="${spec.bold === false ? 'normal' : 'bold'}" fill="${escapeXml(spec.color ?? '#ffffff')}" fill-opacity="${spec.opacity}"${rotate}>${escapeXml(spec.text)}</text>`;
    })
    .join('');
}

/** The image with the text marks drawn over it, encoded as JPEG (quality 92 unless said). */
export async function drawTextMarks(image: Uint8Array, marks: TextMarkSpec[], quality = 92): Promise<Buffer> {
  const meta = await sharp(image).rotate().metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${marks.map((m) => textElements(m, width, height)).join('')}</svg>`;
  return sharp(image)
    .rotate()
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
    .jpeg({ quality })
    .toBuffer();
}

export interface SignSpec {
  text: string;
  /** Centre of the sign as fractions of the width and height. */
  at: { x: number; y: number };
  fontSize: number;
  /** Plate and text colours (opaque, as painted or printed on an object in the scene). */
  plate: string;
  ink: string;
  angle?: number;
  /** Shading across the plate (0-1): real signs are lit unevenly. */
  shade?: number;
}

/** The image with opaque signs (a plate with printed text) drawn into it: text that belongs to the scene. */
export async function drawSigns(image: Uint8Array, signs: SignSpec[], quality = 92): Promise<Buffer> {
  const meta = await sharp(image).rotate().metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const parts = signs.map((s, i) => {
    const cx = s.at.x * width;
    const cy = s.at.y * height;
    const w = s.text.length * s.fontSize * 0.68 + s.fontSize * 1.2;
    const h = s.fontSize * 1.9;
    const rotate = s.angle ? ` transform="rotate(${s.angle} ${cx.toFixed(1)} ${cy.toFixed(1)})"` : '';
    const shade = s.shade ?? 0.25;
    return `<defs><linearGradient id="g${i}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${shade}"/></linearGradient></defs>
<g${rotate}><rect x="${(cx - w / 2).toFixed(1)}" y="${(cy - h / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="${(s.fontSize * 0.2).toFixed(1)}" fill="${escapeXml(s.plate)}" stroke="#333" stroke-width="2"/>
<text x="${cx.toFixed(1)}" y="${cy.toFixed(1)}" text-anchor="middle" dominant-baseline="central" font-family="DejaVu Sans" font-weight="bold" font-size="${s.fontSize}" fill="${escapeXml(s.ink)}">${escapeXml(s.text)}</text>
<rect x="${(cx - w / 2).toFixed(1)}" y="${(cy - h / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" rx="${(s.fontSize * 0.2).toFixed(1)}" fill="url(#g${i})"/></g>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  // A slight blur and noise-free re-encode: printed text in a photo is never pixel-sharp.
  const composed = await sharp(image)
    .rotate()
    .composite([{ input: Buffer.from(svg), left: 0, top: 0 }])
    .png()
    .toBuffer();
  return sharp(composed).blur(0.6).jpeg({ quality }).toBuffer();
}
