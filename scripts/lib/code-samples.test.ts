import { describe, expect, it } from 'vitest';
import { curlSnippet } from '../../src/lib/snippets';
import { apiUrlsIn, codeSamplesOf, decodeEntities, parseCurl, shellWords } from './code-samples';

describe('code samples of the built site', () => {
  it('reads <pre> blocks as text', () => {
    const html =
      '<pre class="shiki"><code><span>curl -X POST http://a.test/api/v1/detect \\</span>\n<span>  -d &#39;{&quot;x&quot;: 1}&#39;</span></code></pre>';
    expect(codeSamplesOf([{ file: 'docs.html', route: '/docs', html }])).toEqual([
      { page: '/docs', text: `curl -X POST http://a.test/api/v1/detect \\\n  -d '{"x": 1}'` },
    ]);
    expect(decodeEntities('&lt;&#x7B;&amp;&gt;')).toBe('<{&>');
  });

  it('parses the curl samples the site generates', () => {
    const text = curlSnippet({
      method: 'POST',
      url: 'http://a.test/api/v1/detect',
      body: { image_urls: ["it's"], n: 1 },
    });
    expect(parseCurl(text)).toEqual({
      method: 'POST',
      url: 'http://a.test/api/v1/detect',
      headers: { Authorization: 'Bearer $OPTIQ_API_KEY', 'Content-Type': 'application/json' },
      body: JSON.stringify({ image_urls: ["it's"], n: 1 }, null, 2).replaceAll('\n', '\n  '),
    });
    expect(parseCurl('curl http://a.test/api/apis')).toMatchObject({
      method: 'GET',
      url: 'http://a.test/api/apis',
    });
    expect(shellWords(`a "b \\"c\\"" 'd e'`)).toEqual(['a', 'b "c"', 'd e']);
  });

  it('finds API URLs in JavaScript and Python samples', () => {
    expect(apiUrlsIn(`fetch('http://127.0.0.1:4321/api/v1/detect', {`)).toEqual([
      'http://127.0.0.1:4321/api/v1/detect',
    ]);
    expect(apiUrlsIn(`requests.get(\n    "https://x.test/api/predict_batch/1",`)).toEqual([
      'https://x.test/api/predict_batch/1',
    ]);
  });
});
