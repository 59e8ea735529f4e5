import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  addObject,
  DEFAULT_OBJECTS,
  displayedRequest,
  effectiveRoom,
  EVERYTHING,
  guessRoomFromUrl,
  OD_SAMPLES,
  objectsForSample,
  objectsToSend,
  parseObjectsList,
  QUICK_ADD,
} from './object-detection';

describe('object detection demo logic', () => {
  it('offers the first 8 of 20 common objects as chips', () => {
    expect(QUICK_ADD).toHaveLength(8);
    expect(QUICK_ADD[0]).toBe('sofa');
  });

  it('appends a chip only when absent', () => {
    expect(addObject('', 'sofa')).toBe('sofa');
    expect(addObject('chair', 'sofa')).toBe('chair, sofa');
    expect(addObject('chair, ', 'sofa')).toBe('chair, sofa');
    expect(addObject('Sofa, chair', 'sofa')).toBe('Sofa, chair');
  });

  it('splits, trims, lower-cases and drops empty entries', () => {
    expect(parseObjectsList(' Sofa, ,CHAIR ,, tv ')).toEqual(['sofa', 'chair', 'tv']);
    expect(parseObjectsList(' , ')).toEqual([]);
  });

  it('guesses the room from the URL for auto', () => {
    expect(guessRoomFromUrl('https://x.com/listing/Kitchen-1.jpg')).toBe('kitchen');
    expect(guessRoomFromUrl('https://x.com/bathroom.png')).toBe('bathroom');
    expect(guessRoomFromUrl('https://x.com/master-bedroom.png')).toBe('bedroom');
    expect(guessRoomFromUrl('https://x.com/living_room.webp')).toBe('living_room');
    expect(guessRoomFromUrl('https://x.com/photo.jpg')).toBe('general');
    expect(effectiveRoom('auto', 'https://x.com/kitchen.jpg')).toBe('kitchen');
    expect(effectiveRoom('office', 'https://x.com/kitchen.jpg')).toBe('office');
  });

  it('shows the request the page sends', () => {
    expect(displayedRequest({ url: 'https://x.com/a.jpg' }, 'Sofa, tv', 'general')).toEqual({
      caption: 'POST /api/demo/object-detection',
      value: {
        headers: { 'Content-Type': 'application/json' },
        body: { image_url: 'https://x.com/a.jpg', objects_to_find: 'Sofa, tv', room_category: 'general' },
      },
    });
    expect(displayedRequest({ fileName: 'room.jpg' }, 'sofa', 'auto')).toEqual({
      caption: 'POST /api/demo/object-detection (multipart/form-data)',
      value: { file: '(uploaded file: room.jpg)', objects_to_find: 'sofa', room_category: 'auto' },
    });
  });
});

describe('object detection defaults', () => {
  it('starts each sample with the objects it shows, and anything else with the default list', () => {
    expect(objectsForSample(OD_SAMPLES.find((s) => s.id === 'od-horses'))).toBe('horse');
    expect(objectsForSample(OD_SAMPLES.find((s) => s.id === 'od-dog-bicycle'))).toMatch(/dog.*bicycle/);
    expect(objectsForSample(undefined)).toBe(DEFAULT_OBJECTS);
    expect(objectsForSample({ ...OD_SAMPLES[0]!, id: 'not-a-sample' })).toBe(DEFAULT_OBJECTS);
    for (const s of OD_SAMPLES) expect(parseObjectsList(s.objects).length, s.id).toBeGreaterThan(0);
  });

  it('sends "*" for everything it can see, the typed list otherwise', () => {
    expect(objectsToSend('sofa, tv', true)).toBe(EVERYTHING);
    expect(EVERYTHING).toBe('*');
    expect(objectsToSend('sofa, tv', false)).toBe('sofa, tv');
  });
});

describe('object detection samples', () => {
  const words = (text: string) =>
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean);

  it('ships every photo at its declared size, small enough for the page', async () => {
    for (const s of OD_SAMPLES) {
      const file = join(process.cwd(), 'public', s.src);
      expect(existsSync(file), s.src).toBe(true);
      const meta = await sharp(file).metadata();
      expect([meta.format, meta.width, meta.height], s.src).toEqual(['jpeg', s.width, s.height]);
      expect(Math.min(s.width, s.height), s.src).toBeGreaterThanOrEqual(256);
      expect(statSync(file).size, s.src).toBeLessThan(250 * 1024);
    }
  });

  it('names each photo for what it shows, with matching id and file name', () => {
    expect(OD_SAMPLES.map((s) => s.label)).toEqual([
      'Coffee cup',
      'Dog and bicycle',
      'Horses',
      'Sitting room',
      'Astronaut',
    ]);
    for (const s of OD_SAMPLES) {
      expect(s.id).toMatch(/^od-/);
      expect(words(s.label), s.id).toEqual(expect.arrayContaining(words(s.id.slice(3))));
      expect(s.src).toBe(`/images/samples/${s.id}.jpg`);
      expect(s.alt.length).toBeGreaterThan(10);
      expect(s.credit).toMatch(/CC0|public domain|MIT|BSD/i);
    }
  });
});
