import { describe, expect, it } from 'vitest';
import { changelogFeed, formatDay, groupByDay, type ChangelogEntry } from './changelog';
import { escapeXml } from './rss';

const entry = (id: string, date: string, over: Partial<ChangelogEntry> = {}): ChangelogEntry => ({
  id,
  title: `Entry ${id}`,
  date: new Date(`${date}T00:00:00Z`),
  kind: 'added',
  apis: [],
  summary: `Summary of ${id}`,
  html: '<ul><li>x</li></ul>',
  ...over,
});

/**
 * A strict reader of the XML subset the feed writes: a declaration, then elements (with quoted
 * attributes, self-closing or closed in order) and text in which `&` starts only one of the five
 * predefined entities and `<` never appears. Throws on anything else; returns the element paths.
 */
function readXml(xml: string): string[] {
  const paths: string[] = [];
  const stack: string[] = [];
  const rest = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  if (rest === xml) throw new Error('no XML declaration');
  const token =
    /<\/([\w:]+)>|<([\w:]+)((?:\s+[\w:]+="[^"<&]*(?:&(?:lt|gt|amp|apos|quot);[^"<&]*)*")*)\s*(\/?)>|([^<]+)/gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while ((m = token.exec(rest))) {
    at = token.lastIndex;
    const [, close, open, , selfClosing, text] = m;
    if (close) {
      if (stack.pop() !== close) throw new Error(`</${close}> closes the wrong element`);
    } else if (open) {
      if (stack.length === 0 && paths.length > 0) throw new Error('two root elements');
      paths.push([...stack, open].join('/'));
      if (!selfClosing) stack.push(open);
    } else if (text && /&(?!(?:lt|gt|amp|apos|quot);)/.test(text)) throw new Error(`bare & in ${text}`);
  }
  if (at !== rest.length) throw new Error(`unreadable XML at ${rest.slice(at, at + 40)}`);
  if (stack.length) throw new Error(`unclosed ${stack.join('/')}`);
  return paths;
}

const textOf = (xml: string, path: RegExp) => [...xml.matchAll(path)].map((m) => m[1]);

describe('the changelog feed (RSS 2.0)', () => {
  const entries = [
    entry('2026-11-22-a', '2026-11-22', { apis: ['image-object-detection'] }),
    entry('2026-11-26-b', '2026-11-26', { title: 'Quotes "<b>" & \'apostrophes\'', kind: 'fixed' }),
    entry('2026-11-26-c', '2026-11-26'),
  ];
  const xml = changelogFeed(entries, 'https://optiq.example');

  it('is well-formed XML with the elements RSS 2.0 requires of a channel and its items', () => {
    const paths = readXml(xml);
    expect(paths[0]).toBe('rss');
    expect(xml).toMatch(/^<\?xml[^>]*>\n<rss version="2\.0" xmlns:atom="http:\/\/www\.w3\.org\/2005\/Atom">/);
    for (const required of ['rss/channel/title', 'rss/channel/link', 'rss/channel/description'])
      expect(paths).toContain(required);
    expect(paths.filter((p) => p === 'rss/channel/item')).toHaveLength(3);
    for (const child of ['title', 'link', 'guid', 'description', 'pubDate'])
      expect(paths.filter((p) => p === `rss/channel/item/${child}`)).toHaveLength(3);
    expect(paths).toContain('rss/channel/atom:link');
    expect(xml).toContain(
      '<atom:link href="https://optiq.example/changelog.xml" rel="self" type="application/rss+xml"/>',
    );
  });

  it('lists the items newest first, linking each to its anchor on /changelog, with RFC 822 dates', () => {
    expect(textOf(xml, /<link>([^<]*)<\/link>/g)).toEqual([
      'https://optiq.example/changelog',
      'https://optiq.example/changelog#2026-11-26-c',
      'https://optiq.example/changelog#2026-11-26-b',
      'https://optiq.example/changelog#2026-11-22-a',
    ]);
    expect(textOf(xml, /<pubDate>([^<]*)<\/pubDate>/g)).toEqual([
      'Thu, 26 Nov 2026 00:00:00 GMT',
      'Thu, 26 Nov 2026 00:00:00 GMT',
      'Sun, 22 Nov 2026 00:00:00 GMT',
    ]);
    expect(textOf(xml, /<lastBuildDate>([^<]*)<\/lastBuildDate>/g)).toEqual([
      'Thu, 26 Nov 2026 00:00:00 GMT',
    ]);
    expect(xml).toContain('<category>image-object-detection</category>');
  });

  it('escapes the text it carries', () => {
    expect(xml).toContain('<title>Quotes &quot;&lt;b&gt;&quot; &amp; &apos;apostrophes&apos;</title>');
    expect(escapeXml(`<a href="x">&'`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;');
    expect(() => readXml('<?xml version="1.0" encoding="UTF-8"?>\n<rss><a>&</a></rss>')).toThrow(/bare &/);
    expect(() => readXml('<?xml version="1.0" encoding="UTF-8"?>\n<rss><a></rss>')).toThrow();
  });
});

describe('the changelog page', () => {
  it('groups entries by UTC day, newest day first', () => {
    const days = groupByDay([
      entry('2026-11-22-a', '2026-11-22'),
      entry('2026-11-26-b', '2026-11-26'),
      entry('2026-11-26-c', '2026-11-26'),
    ]);
    expect(days.map((d) => [d.date, d.entries.map((e) => e.id)])).toEqual([
      ['2026-11-26', ['2026-11-26-c', '2026-11-26-b']],
      ['2026-11-22', ['2026-11-22-a']],
    ]);
    expect(formatDay('2026-11-26')).toBe('26 November 2026');
  });
});
