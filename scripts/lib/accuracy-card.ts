import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { accuracyCardSchema, type AccuracyCard } from '../../src/shared/schemas/accuracy';

/** Folder of the committed cards (a content collection). */
export const ACCURACY_DIR = join(process.cwd(), 'content', 'accuracy');

function currentCommit(): string {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    // The cards themselves are what a run rewrites: a tree whose only changes are cards is clean.
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--untracked-files=no', '--', '.', ':(exclude)content/accuracy'],
      { encoding: 'utf8' },
    ).trim();
    return dirty ? `${sha}+dirty` : sha;
  } catch {
    return 'unknown';
  }
}

/** Validates a card, stamps the date and commit, and writes `content/accuracy/<api>.json`. */
export function writeAccuracyCard(card: Omit<AccuracyCard, 'measured_at' | 'commit'>): string {
  const full = accuracyCardSchema.parse({
    ...card,
    measured_at: new Date().toISOString(),
    commit: currentCommit(),
  });
  mkdirSync(ACCURACY_DIR, { recursive: true });
  const file = join(ACCURACY_DIR, `${full.api}.json`);
  writeFileSync(file, `${JSON.stringify(full, null, 2)}\n`);
  return file;
}
