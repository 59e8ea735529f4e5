/**
 * A plain RSS 2.0 writer (no dependency): the channel and its items, every text escaped for XML,
 * dates in RFC 822 form as RSS wants them. /changelog.xml is written with it.
 */

export interface RssItem {
  title: string;
  /** Absolute URL of the item's page. */
  link: string;
  /** Unique and permanent: the link, unless the item has a better id. */
  guid: string;
  description: string;
  pubDate: Date;
  categories?: readonly string[];
}

export interface RssChannel {
  title: string;
  /** The site page the feed mirrors (absolute). */
  link: string;
  /** The feed's own URL (absolute), for the atom:link self reference feed readers expect. */
  self: string;
  description: string;
  items: readonly RssItem[];
}

/** Escapes the five XML special characters (text and attribute values alike). */
export function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );
}

/** The feed as an RSS 2.0 document; the channel's date is its newest item's. */
export function rssFeed(channel: RssChannel): string {
  const el = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const newest = channel.items.reduce<Date | undefined>(
    (latest, item) => (!latest || item.pubDate > latest ? item.pubDate : latest),
    undefined,
  );
  const items = channel.items.map((item) =>
    [
      '    <item>',
      `      ${el('title', item.title)}`,
      `      ${el('link', item.link)}`,
      `      <guid isPermaLink="${item.guid === item.link}">${escapeXml(item.guid)}</guid>`,
      `      ${el('description', item.description)}`,
      `      ${el('pubDate', item.pubDate.toUTCString())}`,
      ...(item.categories ?? []).map((c) => `      ${el('category', c)}`),
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${el('title', channel.title)}`,
    `    ${el('link', channel.link)}`,
    `    <atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    `    ${el('description', channel.description)}`,
    '    <language>en</language>',
    ...(newest ? [`    ${el('lastBuildDate', newest.toUTCString())}`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
