import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** The stored showcases the heroes draw (content/showcase, `npm run showcase`). */
const stored = (id: string) =>
  JSON.parse(readFileSync(`content/showcase/${id}.json`, 'utf8')) as {
    caption: string;
    boxes: { label: string; score: number }[];
  };

test.describe('hero showcases', () => {
  const pages: [string, string][] = [
    ['/industries/real-estate', 'room'],
    ['/real-estate-analysis', 'room'],
    ['/photo-authentication', 'provenance'],
    ['/similar-images', 'similar'],
    ['/industries/security', 'watermark'],
    ['/use-case/insurance-claim-assessment', 'provenance'],
    ['/use-cases', 'watermark'],
    ['/', 'detection'],
  ];
  for (const [path, id] of pages) {
    test(`${path} shows the ${id} showcase beside the hero text`, async ({ page }) => {
      await page.goto(path);
      const figure = page.locator(`figure[data-showcase="${id}"]`);
      await expect(figure).toBeVisible();
      await expect(figure.locator('figcaption')).toContainText(stored(id).caption);
      for (const b of stored(id).boxes)
        await expect(figure.locator('figcaption')).toContainText(`${b.label} ${b.score.toFixed(2)}`);
      // Every image reserves its box before it loads, and says what it shows.
      for (const img of await figure.locator('img').all()) {
        await expect(img).toHaveAttribute('width', /^\d+$/);
        await expect(img).toHaveAttribute('height', /^\d+$/);
        expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(3);
      }
      const h1 = await page.locator('h1').boundingBox();
      const box = await figure.boundingBox();
      const width = page.viewportSize()!.width;
      if (width >= 1024)
        expect(box!.x).toBeGreaterThan(h1!.x + h1!.width - 1); // right half
      else expect(box!.y).toBeGreaterThan(h1!.y + h1!.height); // stacked below the text
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }

  test('drawn boxes sit over the photo where the engine found them', async ({ page }) => {
    await page.goto('/industries/real-estate');
    const figure = page.locator('figure[data-showcase="room"]');
    const photo = await figure.locator('img').boundingBox();
    const show = JSON.parse(readFileSync('content/showcase/room.json', 'utf8')) as {
      width: number;
      boxes: { x: number; w: number }[];
    };
    const drawn = figure.locator('div[aria-hidden="true"] > div');
    await expect(drawn).toHaveCount(show.boxes.length);
    const first = (await drawn.first().boundingBox())!;
    const scale = photo!.width / show.width;
    expect(first.x - photo!.x).toBeCloseTo(show.boxes[0]!.x * scale, -1);
    expect(first.width).toBeCloseTo(show.boxes[0]!.w * scale, -1);
  });
});

test.describe('brand typeface', () => {
  test('text renders in the self-hosted Inter, code in a monospace stack, with one Latin font file', async ({
    page,
  }) => {
    const fonts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
    });
    await page.goto('/docs/image-object-detection');
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
    expect(await page.locator('body').evaluate((b) => getComputedStyle(b).fontFamily)).toMatch(
      /^"Inter Variable", "Inter Fallback"/,
    );
    expect(
      await page
        .locator('pre code')
        .first()
        .evaluate((c) => getComputedStyle(c).fontFamily),
    ).toMatch(/monospace/);
    expect(
      await page
        .locator('pre code')
        .first()
        .evaluate((c) => getComputedStyle(c).fontFamily),
    ).not.toMatch(/Inter/);
    const preload = await page.locator('link[rel="preload"][as="font"]').getAttribute('href');
    expect(preload).toMatch(/inter-latin-400-700\.[\w-]+\.woff2$/);
    expect(fonts).toEqual([preload]);
  });

  test('the fallback face takes the same room as Inter, so the swap shifts nothing', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => document.fonts.ready);
    const sizes = await page.evaluate(() => {
      const text =
        'Optiq reads listing photos the way an experienced agent would, in seconds and at portfolio scale.';
      const measure = (family: string, weight: number) => {
        const s = document.createElement('span');
        s.style.cssText = `font-family:${family};font-size:40px;font-weight:${weight};white-space:nowrap;position:absolute;line-height:normal`;
        s.textContent = text;
        document.body.append(s);
        const r = s.getBoundingClientRect();
        s.remove();
        return [r.width, r.height];
      };
      return [400, 700].map((w) => ({
        inter: measure('"Inter Variable"', w),
        fallback: measure('"Inter Fallback"', w),
      }));
    });
    for (const { inter, fallback } of sizes) {
      expect(Math.abs(fallback[0]! / inter[0]! - 1)).toBeLessThan(0.01);
      expect(fallback[1]).toBeCloseTo(inter[1]!, 0);
    }
  });
});
