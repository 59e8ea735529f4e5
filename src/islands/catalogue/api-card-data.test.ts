import { describe, expect, it } from 'vitest';
import { parseApiList, sortApis, toCardData } from './api-card-data';

const row = (over: Record<string, unknown> = {}) => ({
  id: 'image-object-detection',
  name: 'Image Object Detection',
  description: 'Finds fixtures.',
  icon: 'fa-eye',
  status: 'active',
  features: ['Batches of 20'],
  price: 0.05,
  category: 'Computer Vision',
  endpoints: [{ method: 'POST', path: '/v1/detect', description: 'Detect' }],
  ...over,
});

describe('parseApiList', () => {
  it('reads a list of APIs and keeps only the card fields', () => {
    const parsed = parseApiList([row()]);
    expect(parsed).toEqual([
      {
        id: 'image-object-detection',
        name: 'Image Object Detection',
        description: 'Finds fixtures.',
        icon: 'fa-eye',
        status: 'active',
        features: ['Batches of 20'],
        price: 0.05,
        category: 'Computer Vision',
      },
    ]);
  });

  it('accepts a decimal price sent as a string, as Postgres returns it', () => {
    expect(parseApiList([row({ price: '0.05' })])?.[0]?.price).toBe(0.05);
  });

  it('sorts active APIs first, then by name', () => {
    const parsed = parseApiList([
      row({ id: 'z', name: 'Zeta', status: 'active' }),
      row({ id: 'a', name: 'Alpha', status: 'coming_soon' }),
      row({ id: 'b', name: 'Beta', status: 'active' }),
    ]);
    expect(parsed?.map((a) => a.id)).toEqual(['b', 'z', 'a']);
  });

  it('rejects anything that is not a list of APIs', () => {
    expect(parseApiList({ error: { code: 'NOT_FOUND' } })).toBeNull();
    expect(parseApiList('<html>')).toBeNull();
    expect(parseApiList([row({ price: 'free' })])).toBeNull();
    expect(parseApiList([row({ features: 'one' })])).toBeNull();
    expect(parseApiList([row({ name: undefined })])).toBeNull();
    expect(parseApiList([null])).toBeNull();
  });

  it('tolerates a missing icon or category', () => {
    expect(parseApiList([row({ icon: undefined, category: null })])?.[0]).toMatchObject({ icon: '', category: '' });
  });

  it('accepts an empty list', () => {
    expect(parseApiList([])).toEqual([]);
  });
});

describe('sortApis / toCardData', () => {
  it('does not mutate its input', () => {
    const input = [row({ name: 'B' }), row({ name: 'A' })];
    sortApis(input);
    expect(input.map((a) => a.name)).toEqual(['B', 'A']);
  });

  it('strips fields a card does not need', () => {
    const card = toCardData(row() as never);
    expect(card).not.toHaveProperty('endpoints');
  });
});
