import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseCli } from './cli';

const usage = 'Usage: tsx scripts/x.ts [--n N] [dist]';

class Exit extends Error {
  constructor(readonly code: number | undefined) {
    super(`exit ${code}`);
  }
}

function trapExit() {
  const out = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new Exit(code as number | undefined);
  });
  return { out, err };
}

afterEach(() => vi.restoreAllMocks());

describe('parseCli', () => {
  it('reads options and positionals as parseArgs does', () => {
    const { values, positionals } = parseCli(
      usage,
      { options: { n: { type: 'string' }, quick: { type: 'boolean' } }, allowPositionals: true },
      ['--n', '5', '--quick', 'out'],
    );
    expect(values).toEqual({ n: '5', quick: true });
    expect(positionals).toEqual(['out']);
  });
  it('prints the usage and exits 0 on --help, even beside other arguments', () => {
    const { out } = trapExit();
    expect(() => parseCli(usage, { options: {} }, ['--bogus', '-h'])).toThrow(new Exit(0));
    expect(out).toHaveBeenCalledWith(usage);
  });
  it('exits 2 with the problem and the usage on an unknown option or positional', () => {
    const { err } = trapExit();
    expect(() => parseCli(usage, { options: {} }, ['--bogus'])).toThrow(new Exit(2));
    expect(String(err.mock.calls[0]?.[0])).toMatch(/bogus[\s\S]*Usage: tsx scripts\/x\.ts/);
    expect(() => parseCli(usage, { options: {} }, ['extra'])).toThrow(new Exit(2));
  });
});
