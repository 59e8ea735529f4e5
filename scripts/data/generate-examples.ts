/**
 * `npm run examples`: runs the real engine on the site's own sample images through the real
 * handlers (in-process, on a throwaway embedded database seeded from content/) and stores each
 * exchange in content/examples/<api>.json (one file per API: object-detection.json,
 * watermark-detection.json), with the origin replaced by `{{origin}}`.
 * Run it again when the samples, the engine or a contract change; the examples test fails until
 * the stored answers match what the handlers say. Names as arguments
 * (`npm run examples -- predictBatch predictBatchCompleted`) rerun only those, keeping the rest.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { exampleFile, exampleRequests, runExample } from '../lib/examples-run';
import { parseCli } from '../lib/cli';

const { positionals: only } = parseCli(
  'Usage: npm run examples [-- example names...]   (default: every example)',
  { allowPositionals: true },
);
for (const name of only) if (!exampleRequests[name]) throw new Error(`no example named ${name}`);
const stored = (file: string): Record<string, unknown> => {
  const path = resolve(import.meta.dirname, '../../content/examples', file);
  return only.length > 0 && existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>)
    : {};
};
const files = new Map<string, Record<string, unknown>>();
for (const [name, spec] of Object.entries(exampleRequests)) {
  if (only.length > 0 && !only.includes(name)) continue;
  const answered = await runExample(spec);
  const file = exampleFile(spec.path);
  if (!files.has(file)) files.set(file, stored(file));
  files.set(file, { ...files.get(file), [name]: answered });
  console.log(`${name}: ${spec.method} ${spec.path} -> ${answered.status}`);
}
for (const [file, results] of files) {
  const out = resolve(import.meta.dirname, '../../content/examples', file);
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${out}`);
}
process.exit(0);
