import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { redact, schemaTarget } from './db-cli';

const root = join(import.meta.dirname, '../..');

function run(script: string, env: Record<string, string>) {
  const {
    DATABASE_URL: _a,
    NETLIFY_DATABASE_URL: _b,
    DATABASE_URL_UNPOOLED: _c,
    NETLIFY_DATABASE_URL_UNPOOLED: _d,
    ...base
  } = process.env;
  // One process, tsx as a loader (`npx tsx` would add npm's and tsx's own CLI processes).
  const res = spawnSync(process.execPath, ['--import', 'tsx', `scripts/run/${script}.ts`], {
    cwd: root,
    env: { ...base, ...env },
    encoding: 'utf8',
    timeout: 90_000,
  });
  return { status: res.status, out: res.stdout, err: res.stderr };
}

describe('redact', () => {
  it('hides credentials in connection strings', () => {
    expect(redact('connect postgres://app:s3cret@db.example.com:5432/x failed')).toBe(
      'connect postgres://***@db.example.com:5432/x failed',
    );
    expect(redact('no url here')).toBe('no url here');
  });
});

describe('schemaTarget', () => {
  it("is the direct twin of the functions' URL when set, else that URL, else embedded PGlite", () => {
    const pooled = 'postgres://u:p@ep-x-pooler.eu-central-1.aws.neon.tech/db?sslmode=require';
    const direct = 'postgres://u:p@ep-x.eu-central-1.aws.neon.tech/db?sslmode=require';
    expect(schemaTarget({ NETLIFY_DATABASE_URL: pooled, NETLIFY_DATABASE_URL_UNPOOLED: direct })).toEqual({
      kind: 'neon',
      url: direct,
    });
    expect(schemaTarget({ DATABASE_URL: pooled })).toEqual({ kind: 'neon', url: pooled });
    expect(
      schemaTarget({
        DATABASE_URL: 'postgres://localhost/x',
        DATABASE_URL_UNPOOLED: 'postgres://localhost:5433/x',
      }),
    ).toEqual({ kind: 'postgres', url: 'postgres://localhost:5433/x' });
    expect(schemaTarget({ PGLITE_DIR: '/tmp/x' })).toEqual({ kind: 'pglite', dataDir: '/tmp/x' });
  });
});

describe('db scripts', () => {
  it('migrate applies the migrations once, then reports the database up to date; seed loads the catalogue', () => {
    const dir = mkdtempSync(join(tmpdir(), 'optiq-db-cli-'));
    const first = run('db-migrate', { PGLITE_DIR: dir });
    expect(first.status, first.err).toBe(0);
    expect(first.out).toMatch(/up\s+\d{4}_\d{2}_\d{2}_\d{6}_initial \(Success\)/);
    const second = run('db-migrate', { PGLITE_DIR: dir });
    expect(second.status).toBe(0);
    expect(second.out).toContain('database is up to date');
    const seeded = run('db-seed', { PGLITE_DIR: dir });
    expect(seeded.status, seeded.err).toBe(0);
    expect(seeded.out).toMatch(/apis: [1-9]/);
  }, 180_000);

  it('exits 1 with a redacted message when the database is unreachable', () => {
    const res = run('db-migrate', { DATABASE_URL: 'postgres://nobody:s3cret@127.0.0.1:1/none' });
    expect(res.status).toBe(1);
    expect(res.err).toContain('db:migrate failed');
    expect(res.out + res.err).not.toContain('s3cret');
  }, 120_000);

  it('migrates through the direct URL when one is set, not the pooled one', () => {
    const res = run('db-migrate', {
      DATABASE_URL: 'postgres://nobody:s3cret@127.0.0.1:1/pooled',
      DATABASE_URL_UNPOOLED: 'postgres://nobody:s3cret@127.0.0.1:2/direct',
    });
    expect(res.status).toBe(1);
    expect(res.out).toContain('db:migrate: PostgreSQL at 127.0.0.1:2/direct');
    expect(res.out + res.err).not.toContain('s3cret');
  }, 120_000);
});
