import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillTemplate, siteCopySchema } from './copy';

describe('fillTemplate', () => {
  it('puts the values into every placeholder', () => {
    expect(
      fillTemplate('{base} for {included} images, {base} again', { base: '$150', included: '5,000' }),
    ).toBe('$150 for 5,000 images, $150 again');
    expect(fillTemplate('no placeholders', {})).toBe('no placeholders');
  });

  it('fails on a placeholder it has no value for', () => {
    expect(() => fillTemplate('costs {price}', { base: '$150' })).toThrow('{price}');
    expect(() => fillTemplate('{toString}', {})).toThrow('{toString}');
  });
});

describe('content/site', () => {
  const dir = join(import.meta.dirname, '../../content/site');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

  it('holds one valid file per page kind, named after it', () => {
    const pages = files.map((file) => {
      const copy = siteCopySchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      expect(file).toBe(`${copy.page}.json`);
      return copy.page;
    });
    expect(pages.sort()).toEqual(['home', 'nav', 'pricing', 'use-cases']);
  });

  it('names only industries that have a page', () => {
    const industries = new Set(readdirSync(join(dir, '../industries')).map((f) => f.replace(/\.json$/, '')));
    for (const file of files) {
      const copy = siteCopySchema.parse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      const slugs =
        copy.page === 'nav'
          ? copy.industries
          : copy.page === 'use-cases'
            ? copy.industries.map((i) => i.slug)
            : [];
      for (const slug of slugs) expect(industries, `${file}: ${slug}`).toContain(slug);
    }
  });
});
