import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DETECTION_ROOMS, roomLabel } from './rooms';

describe('DETECTION_ROOMS', () => {
  it('are the seeded categories of the detection API, one each', () => {
    const seeded = readdirSync('content/api-categories')
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''));
    expect([...DETECTION_ROOMS].sort()).toEqual(seeded.sort());
  });

  it('read as words', () => {
    expect(roomLabel('living_room')).toBe('Living room');
    expect(roomLabel('kitchen')).toBe('Kitchen');
  });
});
