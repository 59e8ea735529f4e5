/**
 * `npm run sdk:generate`: regenerates the SDK's types and MCP tools (packages/sdk/src/generated/)
 * from the OpenAPI document the site serves, built from the contracts without a server. Run it
 * after changing a contract; scripts/lib/sdk-generate.test.ts fails when the committed files
 * differ from what this writes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseCli } from '../lib/cli';
import { generateSdkFiles } from '../lib/sdk-generate';

parseCli('Usage: npm run sdk:generate', {});

const ROOT = resolve(import.meta.dirname, '../..');
for (const [file, text] of Object.entries(await generateSdkFiles())) {
  mkdirSync(dirname(join(ROOT, file)), { recursive: true });
  writeFileSync(join(ROOT, file), text);
  console.log(`${file}: ${Buffer.byteLength(text)} bytes`);
}
