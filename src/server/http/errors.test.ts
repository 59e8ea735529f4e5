import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PoolBusyError } from '../vision/engine/pool';
import { ERROR_STATUS, HttpError, toHttpError, type ErrorCode } from './errors';

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
      [...readFileSync(file, 'utf8').matchAll(/new HttpError\(\s*(\d{3})\s*,\s*'([A-Z_]+)'/g)].map((m) => ({
        file,
        status: Number(m[1]),
        code: m[2] as ErrorCode,
      })),
    );
    expect(calls.length).toBeGreaterThan(20);
    const wrong = calls.filter(
      ({ status, code }) => !(ERROR_STATUS[code] as readonly number[] | undefined)?.includes(status),
    );
    expect(wrong).toEqual([]);
  });
});

describe('toHttpError', () => {
  it('answers an HttpError as itself, a full engine queue as 503 with Retry-After, and nothing else', () => {
    const own = new HttpError(422, 'INVALID_IMAGE', 'not an image');
    expect(toHttpError(own)).toBe(own);
    const busy = toHttpError(new PoolBusyError(7, 'watermark analysis'));
    expect(busy).toBeInstanceOf(HttpError);
    expect(busy).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The watermark analysis queue is full; retry in 7 s',
      headers: { 'Retry-After': '7' },
    });
    expect(toHttpError(new Error('boom'))).toBeUndefined();
    expect(toHttpError('boom')).toBeUndefined();
  });
});
