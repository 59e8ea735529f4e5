import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCURACY_API_IDS } from '../../src/shared/schemas/accuracy';

/**
 * What `npm run eval` runs: one `scripts/eval/<api id>.ts` per API, found by existing. An API id
 * is one of the APIs that carry a card (ACCURACY_API_IDS) or any id of the catalogue
 * (`content/apis/*.json`), so a new API's script joins the run by being written; other files in
 * `scripts/eval/` (helpers, tests) are never run.
 */

export const EVAL_DIR = join(process.cwd(), 'scripts', 'eval');

export interface EvalPlan {
  /** Scripts to run, one process each, in this order. */
  run: { api: string; file: string }[];
  /** Requested or expected APIs with no script yet. */
  missing: string[];
  /** Files in scripts/eval that are not an API's evaluation (named so nobody wonders). */
  ignored: string[];
  /** Requested ids that are no API at all (a typo). */
  unknown: string[];
}

/** Catalogue ids (content/apis/*.json). */
export function catalogueIds(dir = join(process.cwd(), 'content', 'apis')): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { id: string }).id);
}

/**
 * Plans a run from the files present in scripts/eval. `requested` empty: every API with a
 * script; otherwise exactly those ids.
 */
export function planEvalRuns(
  files: readonly string[],
  apiIds: readonly string[],
  requested: readonly string[] = [],
): EvalPlan {
  const known = [...new Set([...ACCURACY_API_IDS, ...apiIds])];
  const present = new Set(
    files.filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts')).map((f) => f.slice(0, -'.ts'.length)),
  );
  const unknown = requested.filter((id) => !known.includes(id));
  const wanted = requested.length ? requested.filter((id) => known.includes(id)) : known;
  return {
    run: wanted.filter((id) => present.has(id)).map((api) => ({ api, file: `${api}.ts` })),
    missing: wanted.filter(
      (id) =>
        !present.has(id) && (requested.length > 0 || (ACCURACY_API_IDS as readonly string[]).includes(id)),
    ),
    ignored: requested.length
      ? []
      : files.filter(
          (f) => f !== 'index.ts' && !known.includes(f.replace(/\.ts$/, '')) && !f.endsWith('.test.ts'),
        ),
    unknown,
  };
}
