import { beforeEach, describe, expect, it, vi } from 'vitest';

// The real collections only exist inside an Astro build; these entries stand in for them.
const collections: Record<string, { data: Record<string, unknown> }[]> = {
  apis: [
    { data: { id: 'watermark-detection', name: 'Watermark Detection', status: 'coming_soon', endpoints: [] } },
    { data: { id: 'image-object-detection', name: 'Image Object Detection', status: 'active', endpoints: [] } },
    { data: { id: 'image-classification', name: 'Image Classification', status: 'active', endpoints: [] } },
  ],
  useCases: [
    { data: { id: 'b', name: 'Retail Shelf Monitoring', applicableApis: [] } },
    { data: { id: 'a', name: 'Insurance Claims', applicableApis: ['image-object-detection', 'gone', 'image-classification'] } },
  ],
  apiCategories: [
    { data: { id: 'kitchen', name: 'Kitchen', objects: ['oven'] } },
    { data: { id: 'bathroom', name: 'Bathroom', objects: ['sink'] } },
  ],
};
const getCollection = vi.fn(async (name: string) => collections[name] ?? []);
vi.mock('astro:content', () => ({ getCollection }));

const load = async () => {
  vi.resetModules();
  return import('./content');
};

describe('catalogue content', () => {
  beforeEach(() => getCollection.mockClear());

  it('lists active APIs first, then by name', async () => {
    const { getApis } = await load();
    expect((await getApis()).map((a) => a.id)).toEqual(['image-classification', 'image-object-detection', 'watermark-detection']);
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
    expect((await getApisForUseCase(useCase!)).map((a) => a.id)).toEqual(['image-object-detection', 'image-classification']);
    expect(await getApisForUseCase({ applicableApis: [] })).toEqual([]);
  });
});
