/**
 * Builds the functions exactly as a Netlify deploy does: `netlify.toml` read by Netlify's own
 * config resolver (`@netlify/config`), turned into the bundler options the way Netlify's build
 * does, and every function zipped by Netlify's own bundler (`@netlify/zip-it-and-ship-it`).
 * Then unpacks a zip into an empty folder and runs its handler in a fresh Node process
 * (tests/bundles/invoke.mjs). Used by the bundle test (tests/bundles/), `npm run function-size`
 * and `npm run bench:cold`.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { resolveConfig } from '@netlify/config';
import { zipFunction, zipFunctions, type Config, type FunctionResult } from '@netlify/zip-it-and-ship-it';
import StreamZip from 'node-stream-zip';
import { OCR_MODEL_FILES, OCR_OPTIMISED_REL } from '../../src/server/vision/model-files';
import { writeOptimisedOcrModels } from './ocr-models';

export const ROOT = resolve(import.meta.dirname, '../..');

/** Netlify refuses a function whose zip is larger. */
export const NETLIFY_ZIPPED_LIMIT = 50 * 1024 * 1024;
/** Ours: every function zip stays at or under this, so the heaviest has room to grow. */
export const SIZE_BUDGET = 40 * 1024 * 1024;

/**
 * The functions that read text (PaddleOCR: captions and watermarks). They run the OCR on
 * onnxruntime-web's WebAssembly build (3.7 MB zipped) rather than onnxruntime-node's native
 * library (19.4 MB zipped for linux-x64 alone), which with the models (14.4 MB), sharp (8.9 MB)
 * and CenterNet took them to 47.7-48.4 MB; they now fit the same budget as every other function.
 */
const TEXT_READER_FUNCTIONS = ['caption', 'demo-image-captioning', 'watermark', 'demo-watermark-detection'];

/** The runner a fresh process executes inside an unpacked function folder. */
export const INVOKE_SCRIPT = join(ROOT, 'tests/bundles/invoke.mjs');

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The bundler's per-function options from `netlify.toml`, as Netlify's build passes them:
 * `[functions]` becomes the `*` pattern, each `[functions."<glob>"]` its own, and
 * `included_files` paths are relative to the base directory.
 */
export async function bundlerConfig(root: string = ROOT): Promise<Config> {
  const { config } = await resolveConfig({
    repositoryRoot: root,
    cwd: root,
    offline: true,
    context: 'production',
    mode: 'buildbot',
  } as never);
  const functions = (config as { functions?: Record<string, Record<string, unknown>> }).functions ?? {};
  const out: Config = {};
  for (const [pattern, c] of Object.entries(functions)) {
    out[pattern] = {
      externalNodeModules: c['external_node_modules'] as string[] | undefined,
      includedFiles: c['included_files'] as string[] | undefined,
      includedFilesBasePath: root,
      ignoredNodeModules: c['ignored_node_modules'] as string[] | undefined,
      nodeBundler: c['node_bundler'] === 'esbuild' ? 'esbuild_zisi' : (c['node_bundler'] as never),
      schedule: c['schedule'] as string | undefined,
      zipGo: true,
    } as Config[string];
  }
  return out;
}

/** One function as Netlify would deploy it. */
export interface BuiltFunction {
  name: string;
  /** The zip file. */
  zip: string;
  /** Size of the zip. */
  bytes: number;
  /** Route patterns from the function's `config.path` (none for scheduled and background functions). */
  routes: string[];
  schedule?: string | undefined;
}

/**
 * Zips every function of `functions/` (or only `only`) into `outDir` with Netlify's bundler and
 * `netlify.toml`, in one pass. Throws what the bundler throws (a config it cannot read, say).
 */
export async function buildFunctionZips(
  outDir: string,
  { only }: { only?: readonly string[] } = {},
): Promise<BuiltFunction[]> {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  // What Netlify's build command writes before the functions are zipped (`npm run ocr:models`).
  if (!only || only.some((name) => TEXT_READERS.has(name))) await writeOptimisedOcrModels();
  const config = await bundlerConfig();
  const options = {
    basePath: ROOT,
    repositoryRoot: ROOT,
    config,
    configFileDirectories: [],
    featureFlags: { zisi_functions_api_v2: true },
  } as never;
  let results: FunctionResult[];
  if (only) {
    results = [];
    for (const name of only) {
      const result = await zipFunction(join(ROOT, 'functions', `${name}.ts`), outDir, options);
      if (!result) throw new Error(`no function ${name} in functions/`);
      results.push(result);
    }
  } else {
    results = await zipFunctions(join(ROOT, 'functions'), outDir, options);
  }
  return results
    .map((r) => ({
      name: r.name,
      zip: r.path,
      bytes: statSync(r.path).size,
      routes: (r.routes ?? []).map((route) => route.pattern),
      schedule: r.schedule,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** What a zip holds: its file names, unpacked size and largest files. */
export async function zipContents(
  zip: string,
): Promise<{ names: string[]; unpacked: number; largest: { name: string; size: number }[] }> {
  const archive = new StreamZip.async({ file: zip });
  try {
    const entries = Object.values(await archive.entries()).filter((e) => e.isFile);
    return {
      names: entries.map((e) => e.name),
      unpacked: entries.reduce((sum, e) => sum + e.size, 0),
      largest: entries
        .sort((a, b) => b.size - a.size)
        .slice(0, 5)
        .map((e) => ({ name: e.name, size: e.size })),
    };
  } finally {
    await archive.close();
  }
}

/** Functions that read text (PaddleOCR): the only ones that carry the OCR's WebAssembly runtime. */
export const TEXT_READERS: ReadonlySet<string> = new Set(TEXT_READER_FUNCTIONS);

/**
 * The size table of `built` (zipped, budget, unzipped, files; `--largest` lists each zip's
 * biggest files) and what breaks the rules: over its budget or Netlify's limit, or carrying
 * what production never runs (PGlite, a Node binary, the native onnxruntime-node, or the OCR's
 * WebAssembly runtime in a function that reads no text).
 */
export async function checkBundles(
  built: readonly BuiltFunction[],
  { largest = false } = {},
): Promise<{ table: string; problems: string[] }> {
  const rows = [
    `${'function'.padEnd(34)}${'zipped'.padStart(10)}${'budget'.padStart(10)}${'unzipped'.padStart(11)}${'files'.padStart(7)}`,
  ];
  const problems: string[] = [];
  for (const fn of built) {
    const contents = await zipContents(fn.zip);
    const { names, unpacked } = contents;
    const budget = SIZE_BUDGET;
    rows.push(
      `${fn.name.padEnd(34)}${mb(fn.bytes).padStart(10)}${mb(budget).padStart(10)}${mb(unpacked).padStart(11)}${String(names.length).padStart(7)}${fn.bytes > budget ? '  OVER' : ''}`,
    );
    if (largest) rows.push(...contents.largest.map((f) => `    ${mb(f.size).padStart(9)}  ${f.name}`));
    if (fn.bytes > budget) problems.push(`${fn.name}: ${mb(fn.bytes)} zipped, budget ${mb(budget)}`);
    if (fn.bytes > NETLIFY_ZIPPED_LIMIT)
      problems.push(`${fn.name}: over Netlify's ${mb(NETLIFY_ZIPPED_LIMIT)} limit`);
    const has = (prefix: string) => names.some((n) => n.startsWith(prefix));
    if (has('node_modules/@electric-sql/')) problems.push(`${fn.name}: carries PGlite`);
    if (has('node_modules/node/')) problems.push(`${fn.name}: carries a Node binary`);
    if (has('node_modules/onnxruntime-node/'))
      problems.push(`${fn.name}: carries onnxruntime-node (functions read text with onnxruntime-web)`);
    const ortWasm = names.some((n) => n.startsWith('node_modules/onnxruntime-web/') && n.endsWith('.wasm'));
    if (!TEXT_READERS.has(fn.name) && ortWasm)
      problems.push(`${fn.name}: carries onnxruntime-web's wasm but reads no text`);
    if (
      TEXT_READERS.has(fn.name) &&
      !names.includes('node_modules/onnxruntime-web/dist/ort-wasm-simd-threaded.wasm')
    ) {
      problems.push(`${fn.name}: reads text but lacks onnxruntime-web's wasm`);
    }
    if (
      TEXT_READERS.has(fn.name) &&
      !OCR_MODEL_FILES.every((f) => names.includes(`${OCR_OPTIMISED_REL}/${f}`))
    )
      problems.push(`${fn.name}: reads text but lacks the optimised OCR models (${OCR_OPTIMISED_REL})`);
    if (TEXT_READERS.has(fn.name) && has('node_modules/@gutenye/'))
      problems.push(`${fn.name}: carries the package's OCR models (functions load ${OCR_OPTIMISED_REL})`);
  }
  const total = built.reduce((sum, f) => sum + f.bytes, 0);
  rows.push(
    `${built.length} functions, ${mb(total)} zipped in all; budget ${mb(SIZE_BUDGET)} per function, Netlify's limit ${mb(NETLIFY_ZIPPED_LIMIT)}`,
  );
  return { table: rows.join('\n'), problems };
}

/** Unpacks `zip` into a new empty folder under the system temp dir (outside the repository). */
export async function unpack(zip: string, parent: string = tmpdir()): Promise<string> {
  const dir = mkdtempSync(join(parent, 'optiq-fn-'));
  const archive = new StreamZip.async({ file: zip });
  try {
    await archive.extract(null, dir);
  } finally {
    await archive.close();
  }
  return dir;
}

/** A request for `invoke.mjs`: JSON, multipart (files as base64) or no body. */
export interface PlannedRequest {
  method: string;
  url: string;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  json?: unknown;
  multipart?: (
    { name: string; value: string } | { name: string; base64: string; filename: string; type: string }
  )[];
}

/** One answer as `invoke.mjs` reports it; `thrown` when the handler threw instead of answering. */
export interface InvokeAnswer {
  status: number;
  headers?: Record<string, string>;
  /** Every `Set-Cookie` header, apart (`headers` keeps only one). */
  setCookies?: string[];
  body?: string;
  thrown?: string;
  /** Time to answer this request (ms). */
  ms: number;
  /** When it was answered, in ms since the process started. */
  at: number;
  /** CPU time (user + system, all threads) the process had used when it answered (ms). */
  cpu: number;
}

export interface InvokeRun {
  /** Time the function module took to import (ms). */
  importMs: number;
  answers: InvokeAnswer[];
  /** Wall time of the whole process, spawn to exit (ms). */
  wallMs: number;
  stderr: string;
}

/**
 * Runs `requests` through the handler of the function unpacked in `dir`, in a fresh plain Node
 * process whose working directory is `dir`, with only the variables given in `env` (plus PATH
 * and HOME): nothing of this process or repository leaks in.
 */
export function invokeUnpacked(
  dir: string,
  requests: readonly PlannedRequest[],
  env: Record<string, string>,
  { timeoutMs = 180_000 } = {},
): Promise<InvokeRun> {
  const planDir = mkdtempSync(join(tmpdir(), 'optiq-plan-'));
  const planFile = join(planDir, 'plan.json');
  writeFileSync(planFile, JSON.stringify({ requests }));
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [INVOKE_SCRIPT, planFile], {
      cwd: dir,
      env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: dir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      rmSync(planDir, { recursive: true, force: true });
      try {
        const lines = stdout
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as Record<string, unknown>);
        const head = lines.find((l) => l['imported']);
        if (!head || !lines.some((l) => l['done'])) {
          throw new Error(
            `function process exited with ${code} before answering every request:\n${stderr.slice(-4000)}`,
          );
        }
        resolvePromise({
          importMs: Number(head['importMs']),
          answers: lines.filter((l) => 'status' in l) as unknown as InvokeAnswer[],
          wallMs: Math.round(performance.now() - started),
          stderr,
        });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/** A fresh folder for zips, outside the repository. */
export const zipsDir = (): string => mkdtempSync(join(tmpdir(), 'optiq-zips-'));

/**
 * Where `npm run bundles:zip` leaves every function's zip for the bundle test of the same
 * `npm test` run (`BUNDLE_ZIPS=prebuilt`), so the zipping can run beside the unit tests: a
 * temporary folder named after this checkout (outside it, where no test walks), removed by the
 * bundle test when it ends.
 */
export const PREBUILT_ZIPS_DIR = join(
  tmpdir(),
  `optiq-function-zips-${createHash('sha256').update(ROOT).digest('hex').slice(0, 12)}`,
);
const PREBUILT_LIST = 'built.json';

/** Zips every function into PREBUILT_ZIPS_DIR and lists them there last (a folder without the list is unfinished). */
export async function prebuildFunctionZips(): Promise<BuiltFunction[]> {
  const built = await buildFunctionZips(PREBUILT_ZIPS_DIR);
  writeFileSync(join(PREBUILT_ZIPS_DIR, PREBUILT_LIST), JSON.stringify(built));
  return built;
}

/** The zips `prebuildFunctionZips` left; throws when there are none (or an unfinished run's). */
export function readPrebuiltZips(): BuiltFunction[] {
  const list = join(PREBUILT_ZIPS_DIR, PREBUILT_LIST);
  if (!existsSync(list)) {
    throw new Error(`no function zips in ${PREBUILT_ZIPS_DIR}: run \`npm run bundles:zip\` first`);
  }
  return JSON.parse(readFileSync(list, 'utf8')) as BuiltFunction[];
}

/** Reads a repository file as base64 (uploads in planned requests). */
export const base64Of = (rel: string): string => readFileSync(join(ROOT, rel)).toString('base64');
