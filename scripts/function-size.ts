/**
 * `npm run function-size`: what Netlify would deploy for each function, measured the way its
 * esbuild bundler packs it: one bundle, plus the external modules (`sharp` and its native
 * libvips build) and the `included_files` of netlify.toml (model and wasm). Prints unzipped and
 * zipped sizes against Netlify's limits (250 MB unzipped, 50 MB zipped per function).
 * `npm run function-size -- watermark watermark-brands` measures only the functions named.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';
import { listFunctionFiles } from '../src/local/function-routes';

const root = resolve(import.meta.dirname, '..');
const LIMIT_UNZIPPED = 250 * 1024 * 1024;
const LIMIT_ZIPPED = 50 * 1024 * 1024;

/** The `included_files` globs per function, read from netlify.toml (`dir/*.ext` or exact paths). */
function includedFiles(name: string): string[] {
  const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
  const section = toml.split(/^\[/m).find((s) => s.startsWith(`functions."${name}"]`));
  const list = section?.match(/included_files\s*=\s*\[([\s\S]*?)\]/)?.[1] ?? '';
  const globs = [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1] ?? '').filter((g) => !g.startsWith('!'));
  return globs.flatMap((glob) => {
    const star = glob.indexOf('*');
    if (star < 0) return [join(root, glob)];
    const dir = join(root, glob.slice(0, glob.lastIndexOf('/', star)));
    const ext = glob.slice(glob.lastIndexOf('*') + 1);
    return readdirSync(dir).filter((f) => f.endsWith(ext)).map((f) => join(dir, f));
  });
}

/** The `!`-prefixed `included_files` globs of a function: folders (`dir/**`) left out of the bundle. */
function excludedPrefixes(name: string): string[] {
  const toml = readFileSync(join(root, 'netlify.toml'), 'utf8');
  const section = toml.split(/^\[/m).find((s) => s.startsWith(`functions."${name}"]`));
  const list = section?.match(/included_files\s*=\s*\[([\s\S]*?)\]/)?.[1] ?? '';
  return [...list.matchAll(/"!([^"]+)\/\*\*"/g)].map((m) => join(root, m[1] ?? '') + '/');
}

/** Every file below a package folder (how an external node module ships). */
function packageFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

/** netlify.toml's `external_node_modules`: shipped as package folders with their dependencies. */
const EXTERNAL = [...(readFileSync(join(root, 'netlify.toml'), 'utf8').match(/external_node_modules\s*=\s*\[([^\]]*)\]/)?.[1] ?? '').matchAll(/"([^"]+)"/g)].map(
  (m) => m[1] ?? '',
);

/** A package and everything it depends on (installed ones: optional platform builds included). */
function packageClosure(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const queue = [...names];
  while (queue.length > 0) {
    const name = queue.shift() ?? '';
    const dir = join(root, 'node_modules', name);
    if (seen.has(dir) || !existsSync(join(dir, 'package.json'))) continue;
    seen.add(dir);
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    queue.push(...Object.keys({ ...pkg['dependencies'], ...pkg['optionalDependencies'] }));
  }
  return [...seen];
}

const out = mkdtempSync(join(tmpdir(), 'optiq-fn-size-'));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
console.log(`${'function'.padEnd(24)}${'bundle'.padStart(10)}${'files'.padStart(8)}${'unzipped'.padStart(12)}${'zipped'.padStart(12)}  within limits`);
let over = 0;
const only = process.argv.slice(2);
for (const file of listFunctionFiles(join(root, 'functions'))) {
  const name = relative(join(root, 'functions'), file).replace(/\.[^.]+$/, '');
  if (only.length > 0 && !only.includes(name)) continue;
  const outfile = join(out, `${name}.mjs`);
  await build({
    entryPoints: [file],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    outfile,
    external: EXTERNAL,
    logLevel: 'error',
    // Bundled ESM still needs `require` for the CommonJS dependencies it inlines.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const bundle = readFileSync(outfile);
  const included = includedFiles(name);
  const text = bundle.toString('utf8');
  const used = EXTERNAL.filter((m) => text.includes(`"${m}"`));
  const excluded = excludedPrefixes(name);
  const files = [...included, ...packageClosure(used).flatMap(packageFiles)].filter((f) => !excluded.some((p) => f.startsWith(p)));
  let unzipped = bundle.byteLength;
  let zipped = deflateRawSync(bundle).byteLength;
  for (const f of files) {
    const data = readFileSync(f);
    unzipped += statSync(f).size;
    zipped += deflateRawSync(data).byteLength;
  }
  const ok = unzipped <= LIMIT_UNZIPPED && zipped <= LIMIT_ZIPPED;
  if (!ok) over++;
  console.log(
    `${name.padEnd(24)}${mb(bundle.byteLength).padStart(10)}${String(files.length + 1).padStart(8)}${mb(unzipped).padStart(12)}${mb(zipped).padStart(12)}  ${ok ? 'yes' : 'NO'}`,
  );
}
console.log(`limits: ${mb(LIMIT_UNZIPPED)} unzipped, ${mb(LIMIT_ZIPPED)} zipped per function; ${over} over`);
process.exit(over > 0 ? 1 : 0);
