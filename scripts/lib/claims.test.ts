import { describe, expect, it } from 'vitest';
import { extractClaims, normsOf, unsourcedClaims, visibleText } from './claims';

const page = (body: string) =>
  `<!doctype html><html><head><title>T</title></head><body>${body}</body></html>`;
const registry = new Set(['10 MB', '4.5 MB', '256 px', '4096 px', '100 /minute', '$20 /month', '50%']);
const unsourced = (body: string, allow: RegExp[] = [], measured = new Set<string>()) =>
  unsourcedClaims(visibleText(page(body)), registry, allow, measured).map((u) => u.raw);

describe('extractClaims', () => {
  it('normalises each kind of figure', () => {
    expect(normsOf('99.5% accuracy')).toEqual(['99.5%']);
    expect(normsOf('a maximum of 50MB')).toEqual(['50 MB']);
    expect(normsOf('10,000 requests an hour')).toEqual(['10000 /hour']);
    expect(normsOf('process 1000+ images per minute')).toEqual(['1000 /minute']);
    expect(normsOf('starts at $20/month')).toEqual(['$20 /month']);
    expect(normsOf('support 24/7')).toEqual(['24/7']);
    expect(normsOf('answers in under 500 ms')).toEqual(['500 ms']);
    expect(normsOf('p99 1.4 s')).toEqual(['1.4 s']);
    expect(normsOf('256x256 to 4096x4096 pixels')).toEqual(['256 px', '4096 px']);
    expect(normsOf('adds 50-200 KB')).toEqual(['50 KB', '200 KB']);
    expect(normsOf('about 2 megapixels')).toEqual(['2 MP']);
    expect(normsOf('Analyse a photo in about a second')).toEqual(['1 s']);
    expect(normsOf('sub-second response')).toEqual(['1 s']);
    expect(normsOf('3x more manipulated photos caught')).toEqual(['3x']);
  });

  it('reads a stat card whose label comes before its figure', () => {
    expect(normsOf('requests per hour ¦ 10,000')).toEqual(['10000 /hour']);
  });

  it('leaves plain numbers, prices per request and similarity scores alone', () => {
    expect(
      extractClaims('Send 1 to 20 image URLs for $0.05 per request; 0.9 is a near duplicate; 3 steps'),
    ).toEqual([]);
  });
});

describe('visibleText', () => {
  it('skips code, scripts, styles and SVG but keeps the title and description', () => {
    const html = `<html><head><title>Up to 10 MB</title><meta name="description" content="99.5% sure"></head><body><p>Text</p><pre>99% in code</pre><code>50MB</code><script>var a = "24/7"</script><svg><text>75%</text></svg></body></html>`;
    const text = visibleText(html);
    expect(text).toContain('Up to 10 MB');
    expect(text).toContain('99.5% sure');
    expect(text).not.toMatch(/99%|50MB|24\/7|75%/);
  });

  it('decodes entities so figures written with them are read', () => {
    expect(normsOf(visibleText(page('<p>up to 10&nbsp;MB</p>')))).toEqual(['10 MB']);
  });
});

describe('unsourcedClaims', () => {
  it('fails a page claiming "99.5% accuracy" and passes "10 MB" from the registry', () => {
    expect(unsourced('<p>99.5% accuracy</p>')).toEqual(['99.5%']);
    expect(unsourced('<p>Images up to 10 MB by URL, 4.5 MB uploaded.</p>')).toEqual([]);
  });

  it("fails the issue's unmeasured claims", () => {
    expect(
      unsourced('<dl><dt>maximum image size</dt><dd>50MB</dd><dt>support</dt><dd>24/7</dd></dl>'),
    ).toEqual(['50MB', '24/7']);
    expect(
      unsourced('<p>10,000 requests an hour handles peaks</p><p>Process 1000+ images a minute.</p>'),
    ).toEqual(['10,000 requests an hour', '1000+ images a minute']);
  });

  it('does not let a limit vouch for a claim of quality or speed that shares its value', () => {
    // 50% is the similarity slider's minimum, a limit; "50% faster" needs a measurement.
    expect(unsourced('<div><p>50%</p><p>faster listing review</p></div>')).toEqual(['50%']);
    expect(unsourced('<div><p>50%</p><p>faster listing review</p></div>', [], new Set(['50%']))).toEqual([]);
    expect(unsourced('<label>Similarity threshold</label><span>50%</span>')).toEqual([]);
  });

  it('does not read a rate limit beside an Accuracy heading as a claim of accuracy', () => {
    expect(
      unsourced('<table><tr><td>100 requests a minute (single)</td></tr></table><h2>Accuracy</h2>'),
    ).toEqual([]);
    expect(unsourced('<p>97%</p><h2>Accuracy</h2>')).toEqual(['97%']);
  });

  it('allows a figure only inside an allow-listed phrase', () => {
    const sla = [/99\.9% uptime SLA/g];
    expect(unsourced('<p>A 99.9% uptime SLA.</p>', sla)).toEqual([]);
    expect(unsourced('<p>99.9% accuracy</p>', sla)).toEqual(['99.9%']);
  });

  it('ignores figures in code samples', () => {
    expect(
      unsourced('<pre><code>curl -d \'{"max": "50MB"}\'</code></pre><p>Inline <code>99%</code> too.</p>'),
    ).toEqual([]);
  });

  it('skips an element marked data-claims="skip" with its nested content', () => {
    expect(unsourced('<div data-claims="skip"><div>99%</div></div><p>24/7</p>')).toEqual(['24/7']);
  });
});
