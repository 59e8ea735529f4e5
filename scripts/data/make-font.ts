/**
 * `npm run font`: writes the brand font subset (src/assets/fonts/) and its @font-face rule
 * (src/styles/brand-font.css) from @fontsource-variable/inter. Run it after changing the
 * characters or weights in scripts/lib/brand-font.ts; scripts/lib/brand-font.test.ts fails when
 * the committed files differ from what this writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { FONT_CSS, FONT_FILE, brandFontCss, makeBrandFont } from '../lib/brand-font';
import { parseCli } from '../lib/cli';

parseCli('Usage: npm run font', {});

const ROOT = resolve(import.meta.dirname, '../..');
const font = await makeBrandFont();
mkdirSync(dirname(join(ROOT, FONT_FILE)), { recursive: true });
writeFileSync(join(ROOT, FONT_FILE), font);
writeFileSync(join(ROOT, FONT_CSS), brandFontCss());
console.log(`${FONT_FILE}: ${font.length} bytes; ${FONT_CSS} written`);
