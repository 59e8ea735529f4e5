import { describe, expect, it } from 'vitest';
import { sortApis, toCardData } from './api-card-data';

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
