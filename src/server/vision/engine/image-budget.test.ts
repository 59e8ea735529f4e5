import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/errors';
import { ByteBudget, DECODE_BYTES } from './image-budget';

const MB = 1024 * 1024;
const settled = async (p: Promise<unknown>) => {
  let done = false;
  void p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 10));
  return done;
};

describe('ByteBudget', () => {
  it('grants shares up to the limit and makes later callers wait', async () => {
    const budget = new ByteBudget({ limit: 30 * MB, maxWaitMs: 5_000 });
    const a = await budget.acquire(18 * MB);
    const b = budget.acquire(18 * MB);
    expect(await settled(b)).toBe(false);
    expect(budget.waiting).toBe(1);
    a.release();
    expect(await settled(b)).toBe(true);
    expect(budget.inUse).toBe(18 * MB);
    (await b).release();
    expect(budget.inUse).toBe(0);
  });

  it('lets waiters in as soon as a share shrinks to the real image cost', async () => {
    const budget = new ByteBudget({ limit: 30 * MB, maxWaitMs: 5_000 });
    const a = await budget.acquire(18 * MB);
    const b = budget.acquire(18 * MB);
    a.holdImage(200 * 1024); // a 200 kB photo: its cost is its bytes plus decoding room
    expect(a.bytes).toBe(200 * 1024 + DECODE_BYTES);
    expect(await settled(b)).toBe(true);
    a.shrinkTo(40 * MB); // never grows back
    expect(a.bytes).toBe(200 * 1024 + DECODE_BYTES);
  });

  it('serves waiters in arrival order, so a large one is not starved by small ones', async () => {
    const budget = new ByteBudget({ limit: 20 * MB, maxWaitMs: 5_000 });
    const first = await budget.acquire(15 * MB);
    const order: string[] = [];
    const big = budget.acquire(18 * MB).then((l) => (order.push('big'), l));
    const small = budget.acquire(1 * MB).then((l) => (order.push('small'), l));
    expect(await settled(small)).toBe(false); // 1 MB would fit, but the big one came first
    first.release();
    (await big).release();
    await small;
    expect(order).toEqual(['big', 'small']);
  });

  it('answers 503 with Retry-After to a caller that waited too long', async () => {
    const budget = new ByteBudget({ limit: 10 * MB, maxWaitMs: 50 });
    const held = await budget.acquire(10 * MB);
    const error = await budget.acquire(1 * MB).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      headers: { 'Retry-After': '1' },
    });
    expect(budget.waiting).toBe(0);
    held.release();
    held.release(); // twice is harmless
    expect(budget.inUse).toBe(0);
  });

  it('releases the share when the work fails', async () => {
    const budget = new ByteBudget({ limit: 10 * MB, maxWaitMs: 50 });
    await expect(budget.with(5 * MB, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(budget.inUse).toBe(0);
  });
});
