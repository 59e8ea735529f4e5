import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from './errors';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('HttpError calls', () => {
  it('use only the statuses ERROR_STATUS documents for their code', () => {
    const calls = ['src', 'functions'].flatMap(sourceFiles).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/new HttpError\(\s*(\d{3})\s*,\s*'([A-Z_]+)'/g)].map((m) => ({ file, status: Number(m[1]), code: m[2] as ErrorCode })),
    );
    expect(calls.length).toBeGreaterThan(20);
    const wrong = calls.filter(({ status, code }) => !(ERROR_STATUS[code] as readonly number[] | undefined)?.includes(status));
    expect(wrong).toEqual([]);
  });
});
