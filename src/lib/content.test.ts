import { beforeEach, describe, expect, it, vi } from 'vitest';

// The real collections only exist inside an Astro build; these entries stand in for them.
const collections: Record<string, { id?: string; data: Record<string, unknown> }[]> = {
  apis: [
    {
      data: { id: 'watermark-detection', name: 'Watermark Detection', status: 'coming_soon', endpoints: [] },
    },
    {
      data: { id: 'image-object-detection', name: 'Image Object Detection', status: 'active', endpoints: [] },
    },
    { data: { id: 'image-classification', name: 'Image Classification', status: 'active', endpoints: [] } },
  ],
  useCases: [
    { data: { id: 'b', name: 'Retail Shelf Monitoring', applicableApis: [] } },
    {
      data: {
        id: 'a',
        name: 'Insurance Claims',
        applicableApis: ['image-object-detection', 'gone', 'image-classification'],
      },
    },
  ],
  apiCategories: [
    { data: { id: 'kitchen', name: 'Kitchen', objects: ['oven'] } },
    { data: { id: 'bathroom', name: 'Bathroom', objects: ['sink'] } },
  ],
  industries: [
    { id: 'retail', data: { slug: 'retail', name: 'Retail' } },
    { id: 'healthcare', data: { slug: 'healthcare', name: 'Healthcare' } },
    { id: 'real-estate', data: { slug: 'real-estate', name: 'Real Estate' } },
  ],
  siteCopy: [
    { id: 'nav', data: { page: 'nav', industries: ['real-estate', 'retail'] } },
    {
      id: 'use-cases',
      data: { page: 'use-cases', industries: [{ slug: 'retail', icon: 'bag', description: 'Shelves.' }] },
    },
  ],
};
const getCollection = vi.fn(async (name: string) => collections[name] ?? []);
const getEntry = vi.fn(async (name: string, id: string) => collections[name]?.find((e) => e.id === id));
vi.mock('astro:content', () => ({ getCollection, getEntry }));

const load = async () => {
  vi.resetModules();
  return import('./content');
};

describe('catalogue content', () => {
  beforeEach(() => getCollection.mockClear());

  it('lists active APIs first, then by name', async () => {
    const { getApis } = await load();
    expect((await getApis()).map((a) => a.id)).toEqual([
      'image-classification',
      'image-object-detection',
      'watermark-detection',
    ]);
  });

  it('loads each collection once however often it is asked', async () => {
    const { getApis, getApi } = await load();
    await getApis();
    await getApi('image-classification');
    await getApi('nope');
    expect(getCollection).toHaveBeenCalledTimes(1);
  });

  it('finds an API or use case by id and returns undefined otherwise', async () => {
    const { getApi, getUseCase } = await load();
    expect((await getApi('image-object-detection'))?.name).toBe('Image Object Detection');
    expect(await getApi('missing')).toBeUndefined();
    expect((await getUseCase('a'))?.name).toBe('Insurance Claims');
    expect(await getUseCase('missing')).toBeUndefined();
  });

  it('sorts use cases and categories by name', async () => {
    const { getUseCases, getApiCategories } = await load();
    expect((await getUseCases()).map((u) => u.id)).toEqual(['a', 'b']);
    expect((await getApiCategories()).map((c) => c.id)).toEqual(['bathroom', 'kitchen']);
  });

  it("resolves a use case's APIs in its own order, skipping unknown ids", async () => {
    const { getApisForUseCase, getUseCase } = await load();
    const useCase = await getUseCase('a');
    expect((await getApisForUseCase(useCase!)).map((a) => a.id)).toEqual([
      'image-object-detection',
      'image-classification',
    ]);
    expect(await getApisForUseCase({ applicableApis: [] })).toEqual([]);
  });
});

describe('industry pages and site copy', () => {
  beforeEach(() => {
    collections['siteCopy']![0]!.data['industries'] = ['real-estate', 'retail'];
  });

  it('sorts industry pages by slug', async () => {
    const { getIndustryPages } = await load();
    expect((await getIndustryPages()).map((p) => p.slug)).toEqual(['healthcare', 'real-estate', 'retail']);
  });

  it("builds the nav's industries from their pages, in the copy's order", async () => {
    const { getNavIndustries, getAllIndustryLinks } = await load();
    expect(await getNavIndustries()).toEqual([
      { href: '/industries/real-estate', label: 'Real Estate' },
      { href: '/industries/retail', label: 'Retail' },
    ]);
    expect((await getAllIndustryLinks()).map((l) => l.label)).toEqual([
      'Real Estate',
      'Retail',
      'Healthcare',
    ]);
  });

  it('gives the /use-cases cards the name and link of their industry page', async () => {
    const { getUseCaseIndustryCards } = await load();
    expect(await getUseCaseIndustryCards()).toEqual([
      { href: '/industries/retail', label: 'Retail', icon: 'bag', description: 'Shelves.' },
    ]);
  });

  it('fails on copy that names an industry without a page, or a missing copy file', async () => {
    collections['siteCopy']![0]!.data['industries'] = ['retail', 'space'];
    const { getNavIndustries, getSiteCopy } = await load();
    await expect(getNavIndustries()).rejects.toThrow('content/industries/space.json does not exist');
    await expect(getSiteCopy('pricing')).rejects.toThrow('content/site/pricing.json is missing');
  });

  it('fails when an industry file and its slug disagree', async () => {
    collections['industries']!.push({ id: 'mining', data: { slug: 'minerals', name: 'Mining' } });
    const { getIndustryPages } = await load();
    await expect(getIndustryPages()).rejects.toThrow(
      'content/industries/mining.json declares slug "minerals"',
    );
    collections['industries']!.pop();
  });
});
