import { describe, expect, it } from 'vitest';
import {
  downscaledSize,
  needsDownscale,
  scaleBox,
  toSourcePixels,
  UPLOAD_LIMITS,
  type PreparedUpload,
} from './downscale';

describe('downscaledSize', () => {
  it('brings a 12 MP photo to at most 2 MP, keeping its aspect ratio', () => {
    const size = downscaledSize({ width: 4000, height: 3000 });
    expect(size).toEqual({ width: 1632, height: 1224 });
    expect(size.width * size.height).toBeLessThanOrEqual(UPLOAD_LIMITS.maxPixels);
    expect(size.width / size.height).toBeCloseTo(4 / 3, 2);
  });

  it('leaves small images alone and never enlarges', () => {
    expect(downscaledSize({ width: 1600, height: 1200 })).toEqual({ width: 1600, height: 1200 });
    expect(downscaledSize({ width: 300, height: 200 })).toEqual({ width: 300, height: 200 });
  });

  it('also keeps the longest side within the API maximum', () => {
    expect(downscaledSize({ width: 9000, height: 200 })).toEqual({ width: 4096, height: 91 });
    expect(downscaledSize({ width: 3000, height: 3000 }, 2_000_000, 1000)).toEqual({
      width: 1000,
      height: 1000,
    });
  });
});

describe('needsDownscale', () => {
  it('re-encodes files over the byte limit or the pixel limit', () => {
    expect(needsDownscale({ width: 1200, height: 900 }, 300_000)).toBe(false);
    expect(needsDownscale({ width: 1200, height: 900 }, UPLOAD_LIMITS.maxBytes + 1)).toBe(true);
    expect(needsDownscale({ width: 4000, height: 3000 }, 2_000_000)).toBe(true);
  });
});

describe('source pixels', () => {
  const upload: PreparedUpload = {
    file: new Blob(),
    name: 'big.jpg',
    source: { width: 4000, height: 3000 },
    sent: { width: 1632, height: 1224 },
    downscaled: true,
  };

  it('scales a box from the sent image back to the source image', () => {
    expect(scaleBox([816, 612, 408, 306], upload.sent, upload.source)).toEqual([2000, 1500, 1000, 750]);
  });

  it('restates a whole answer in source pixels, and leaves an untouched upload as it came', () => {
    const response = {
      image_width: 1632,
      image_height: 1224,
      objects_found: [
        { object: 'dog', bounding_box: [0, 0, 1632, 1224] as [number, number, number, number] },
      ],
    };
    expect(toSourcePixels(response, upload)).toEqual({
      image_width: 4000,
      image_height: 3000,
      objects_found: [{ object: 'dog', bounding_box: [0, 0, 4000, 3000] }],
    });
    expect(toSourcePixels(response, { ...upload, downscaled: false })).toBe(response);
  });
});
