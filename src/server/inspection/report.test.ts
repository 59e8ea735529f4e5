import { describe, expect, it } from 'vitest';
import { composeReport, duplicatesInSet } from './report';
import type { StoredPhoto } from './photo';
import { inspectionReportSchema } from '../../shared/schemas/inspection';

/** A unit vector along axis `k` of a small embedding space. */
const axis = (k: number): number[] => Array.from({ length: 8 }, (_, i) => (i === k ? 1 : 0));

/** Perceptual hashes at least 32 bits apart from each other and from the mirrored hash. */
const HASHES = [
  '0f0f0f0f0f0f0f0f',
  'f0f0f0f0f0f0f0f0',
  '00ff00ff00ff00ff',
  'ff00ff00ff00ff00',
  '3333333333333333',
  'cccccccccccccccc',
];

function photo(index: number, over: Partial<StoredPhoto> = {}): StoredPhoto {
  return {
    index,
    image_url: `https://img.example/${index}.jpg`,
    room: { label: 'kitchen', score: 0.9 },
    fixtures: [],
    quality: {
      width: 1600,
      height: 1200,
      blurred: false,
      dark: false,
      too_small: false,
      sharpness: 0.6,
      brightness: 0.5,
    },
    capture: { gps_present: false },
    authenticity: { verdict: 'inconclusive', fail_tags: [], evidence: [] },
    phash: { hash: HASHES[index % HASHES.length]!, mirrored: '0000000000000000' },
    embedding: axis(index % 8),
    ...over,
  };
}

describe('duplicatesInSet', () => {
  it('pairs photos with the same perceptual hash, and photos whose embeddings nearly coincide', () => {
    const a = photo(0, { phash: { hash: 'aaaaaaaaaaaaaaaa', mirrored: '5555555555555555' } });
    const b = photo(1, { phash: { hash: 'aaaaaaaaaaaaaaab', mirrored: '5555555555555554' } });
    const c = photo(2, { embedding: axis(5) });
    const d = photo(3, { embedding: axis(5) });
    const e = photo(4);
    expect(duplicatesInSet([a, b, c, d, e])).toEqual([[1], [0], [3], [2], []]);
  });

  it('leaves photos without an analysis out', () => {
    const broken = { index: 1, image_url: 'x', error: { code: 'INVALID_IMAGE', message: 'no' } };
    expect(duplicatesInSet([photo(0), broken])).toEqual([[], []]);
  });
});

describe('composeReport', () => {
  it('covers the checklist: rooms found, missing and short, and rooms whose photos lack an expected fixture', () => {
    const report = composeReport(
      [
        photo(0, { fixtures: [{ name: 'sink', score: 0.8 }] }),
        photo(1, { room: { label: 'bedroom', score: 0.7 }, fixtures: [{ name: 'bed', score: 0.9 }] }),
        photo(2, { room: { label: 'other', score: 0.6 } }),
      ],
      {
        checklist: {
          rooms: { kitchen: 1, bedroom: 2, bathroom: 1 },
          fixtures: { kitchen: ['oven', 'sink', 'refrigerator'], bedroom: ['bed'], bathroom: ['toilet'] },
        },
        property_ref: 'flat 3',
      },
    );
    inspectionReportSchema.parse(report);
    expect(report.coverage).toEqual({
      found: { kitchen: 1, bedroom: 1, other: 1 },
      missing: ['bathroom', 'bedroom'],
      rooms_missing_fixtures: [{ room: 'kitchen', fixtures: ['oven', 'refrigerator'] }],
    });
    expect(report.flags.map((f) => [f.code, f.message, f.photo_indexes])).toEqual([
      ['room_missing', 'Bathroom missing', []],
      ['room_missing', 'Bedroom: 1 of 2 photographed', []],
      ['fixture_missing', 'Kitchen: no photo shows oven, refrigerator', [0]],
      ['not_a_room', '1 photo shows no recognisable room', [2]],
    ]);
    expect(report.property_ref).toBe('flat 3');
    expect(report.photos.every((p) => !('phash' in p) && !('embedding' in p))).toBe(true);
  });

  it('flags authenticity, re-use, collection matches, quality and failures, most serious first, each with its photos', () => {
    const report = composeReport(
      [
        photo(0, { quality: { ...photo(0).quality!, blurred: true, sharpness: 0.1 } }),
        photo(1, {
          authenticity: {
            verdict: 'ai_generated',
            fail_tags: ['ai_generated'],
            evidence: [{ tag: 'ai_generated', explanation: 'Its metadata declares a generator.' }],
          },
        }),
        photo(2, { embedding: axis(6) }),
        photo(3, { embedding: axis(6) }),
        photo(4, {
          collection_matches: [{ collection: 'listings', image_id: 'l-9', url: '', similarity: 0.97 }],
        }),
        {
          index: 5,
          image_url: 'https://img.example/5.jpg',
          error: { code: 'IMAGE_FETCH_FAILED', message: 'gone' },
        },
      ],
      {},
    );
    expect(report.flags.map((f) => [f.code, f.message, f.image_urls.length])).toEqual([
      ['ai_generated', '1 photo looks AI-generated', 1],
      ['reused_in_set', '2 photos look re-used: near-duplicates of another photo in this set', 2],
      ['matches_collection', '1 photo matches an image already in your collections', 1],
      ['low_quality', '1 photo is blurred, dark or too small', 1],
      ['photo_failed', '1 photo could not be analysed', 1],
    ]);
    expect(report.photos[2]!.duplicate_of).toEqual(['https://img.example/3.jpg']);
    expect(report.photos[5]).toEqual({
      index: 5,
      image_url: 'https://img.example/5.jpg',
      error: { code: 'IMAGE_FETCH_FAILED', message: 'gone' },
    });
    // Without a checklist nothing is missing.
    expect(report.coverage.missing).toEqual([]);
    expect(report.not_assessed).toMatch(/does not grade condition/);
  });
});
