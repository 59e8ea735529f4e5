import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, inlineScriptHashes, siteScriptHashes } from './csp';

describe('inlineScriptHashes', () => {
  it('hashes the exact text of each inline script the browser would run, as CSP does', () => {
    const html = `<head><script>alert(1)</script><script type="module">import('/a.js')</script>
      <script src="/_astro/x.js"></script><script type="application/ld+json">{"@type":"Thing"}</script></head>`;
    // sha256 of "alert(1)", base64: the value a browser prints in its CSP violation message.
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='",
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
    ]);
  });
});

describe('contentSecurityPolicy', () => {
  it("allows inline scripts only by hash, never with 'unsafe-inline'", () => {
    const policy = contentSecurityPolicy(["'sha256-abc='"]);
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });
});

describe('siteScriptHashes', () => {
  it('collects the distinct hashes of every page of a build, sorted', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'optiq-csp-'));
    mkdirSync(join(dir, 'docs'));
    writeFileSync(join(dir, 'index.html'), '<script>alert(1)</script><script>b()</script>');
    writeFileSync(join(dir, 'docs', 'a.html'), '<script>b()</script>');
    writeFileSync(join(dir, 'robots.txt'), '<script>not html</script>');
    const hashes = await siteScriptHashes(dir);
    expect(hashes).toHaveLength(2);
    expect([...hashes].sort()).toEqual(hashes);
  });
});
