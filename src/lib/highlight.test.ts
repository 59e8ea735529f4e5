import { describe, expect, it } from 'vitest';
import { highlight, normalizeCode } from './highlight';
import { codeSamples } from './snippets';

const decode = (html: string): string =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

/** The inner HTML of the element marked `data-api-key` (its spans may nest). */
function slotHtml(html: string): string {
  const open = /<span[^>]*data-api-key=""[^>]*>/.exec(html);
  if (!open) return '';
  let depth = 1;
  const tags = /<span\b[^>]*>|<\/span>/g;
  tags.lastIndex = open.index + open[0].length;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[0] === '</span>' ? -1 : 1;
    if (depth === 0) return html.slice(open.index + open[0].length, m.index);
  }
  return '';
}

describe('highlight', () => {
  const code = `{\n  "name": "chair",\n  "confidence": 0.91,\n  "box": [1, 2]\n}`;

  it('keeps the code text exactly, line breaks included', async () => {
    const html = await highlight(code, 'json');
    const inner = /<code>([\s\S]*)<\/code>/.exec(html)?.[1] ?? '';
    expect(decode(inner)).toBe(code);
  });

  it('writes tokens in the block colour as plain text and drops the line wrappers', async () => {
    const html = await highlight(code, 'json');
    expect(html).toContain('style="background-color:#0d1117;color:#e6edf3"');
    expect(html).not.toMatch(/<span style="color:#e6edf3">/i);
    expect(html).not.toContain('class="line"');
    // Coloured tokens keep their colour: the key, the string and the number.
    expect(html).toMatch(/<span style="color:#[0-9A-F]{6}">\s*"name"<\/span>/i);
    expect(html).toMatch(/<span style="color:#[0-9A-F]{6}">"chair"<\/span>/i);
    expect(html).toMatch(/<span style="color:#[0-9A-F]{6}">0.91<\/span>/i);
    // The braces and commas are in the block colour: no element of their own.
    expect(html).toMatch(/<code>\{\n/);
  });

  it('names the scrollable block for screen readers and falls back to plain text for unknown languages', async () => {
    const html = await highlight('SELECT 1;', 'sql', { label: 'Query code' });
    expect(html).toContain('aria-label="Query code"');
    expect(html).toContain('tabindex="0"');
    expect(decode(/<code>([\s\S]*)<\/code>/.exec(html)?.[1] ?? '')).toBe('SELECT 1;');
  });

  it("marks where each sample language reads the API key, and the export line's value, keeping the text", async () => {
    const samples = codeSamples({ method: 'GET', url: 'https://optiq.example/api/v1/categories' });
    const cases = [
      [samples.curl, 'bash', '$OPTIQ_API_KEY'],
      [samples.javascript, 'javascript', '${process.env.OPTIQ_API_KEY}'],
      [samples.python, 'python', "{os.environ['OPTIQ_API_KEY']}"],
      ['export OPTIQ_API_KEY="your-api-key"', 'bash', 'your-api-key'],
    ] as const;
    for (const [code, lang, slot] of cases) {
      const html = await highlight(code, lang);
      expect(html.split('data-api-key=""').length - 1, `${lang}: ${html}`).toBe(1);
      expect(decode(slotHtml(html)), lang).toBe(slot);
      expect(decode(/<code>([\s\S]*)<\/code>/.exec(html)?.[1] ?? '')).toBe(code);
    }
  });

  it('trims blank edge lines but keeps indentation', () => {
    expect(normalizeCode('\n\n  a\n    b\n\n')).toBe('  a\n    b');
  });
});
