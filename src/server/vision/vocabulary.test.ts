import { describe, expect, it } from 'vitest';
import { inferRoom } from './rooms/infer';
import { normalizeObjectName, resolveObject, resolveObjects } from './vocabulary';

describe('vocabulary', () => {
  it('maps product names and synonyms to model classes', () => {
    expect(resolveObject('sofa')).toBe('couch');
    expect(resolveObject('Couch')).toBe('couch');
    expect(resolveObject('fridge')).toBe('refrigerator');
    expect(resolveObject('dining_table')).toBe('dining table');
    expect(resolveObject('Dining Table')).toBe('dining table');
    expect(resolveObject('table')).toBe('dining table');
    expect(resolveObject('television')).toBe('tv');
    expect(resolveObject('plant')).toBe('potted plant');
    expect(resolveObject('potted-plant')).toBe('potted plant');
    expect(resolveObject('chairs')).toBe('chair');
    expect(resolveObject('cell_phone')).toBe('cell phone');
  });

  it('reports what the model cannot detect instead of guessing', () => {
    const { detectable, undetectable } = resolveObjects([
      'sink',
      'toilet',
      'walk_in_shower',
      'bathtub',
      'fireplace',
      'Sink',
    ]);
    expect([...detectable]).toEqual([
      ['sink', 'sink'],
      ['toilet', 'toilet'],
    ]);
    expect(undetectable).toEqual(['walk_in_shower', 'bathtub', 'fireplace']);
  });

  it('normalises names', () => {
    expect(normalizeObjectName('  Walk-in Shower ')).toBe('walk_in_shower');
  });
});

describe('inferRoom', () => {
  it.each([
    [['toilet', 'sink'], 'bathroom'],
    [['oven', 'sink'], 'kitchen'],
    [['refrigerator'], 'kitchen'],
    [['microwave', 'dining table', 'chair'], 'kitchen'],
    [['bed', 'tv'], 'bedroom'],
    [['couch', 'tv'], 'living_room'],
    [['dining table', 'chair'], 'dining_room'],
    [['laptop', 'keyboard', 'chair'], 'office'],
    [['sink'], 'general'],
    [['dog', 'bicycle'], 'general'],
    [[], 'general'],
  ] as const)('%j -> %s', (labels, room) => {
    expect(inferRoom(labels)).toBe(room);
  });
});
