import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { idempotencyKey } from './service';
import { BACKGROUND_WORKER_PATH, wakeBackgroundWorker } from './wake';

describe('idempotencyKey', () => {
  it('reads the header, and refuses an overlong key or one with spaces', () => {
    const req = (value?: string) =>
      new Request('http://x.test/api/predict_batch', {
        method: 'POST',
        ...(value === undefined ? {} : { headers: { 'Idempotency-Key': value } }),
      });
    expect(idempotencyKey(req())).toBeNull();
    expect(idempotencyKey(req(' order-1 '))).toBe('order-1');
    for (const bad of ['x'.repeat(201), 'two words'])
      expect(() => idempotencyKey(req(bad)), bad).toThrow(HttpError);
  });
});

describe('wakeBackgroundWorker', () => {
  it('on Netlify, POSTs to the background function of the site; elsewhere, does nothing', async () => {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(202).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const pending: Promise<unknown>[] = [];
      const ctx = {
        ip: '127.0.0.1',
        requestId: 'r',
        waitUntil: (p: Promise<unknown>) => void pending.push(p),
      } as never;
      const req = new Request(`${origin}/api/predict_batch`, { method: 'POST' });
      wakeBackgroundWorker(req, ctx, {});
      expect(pending).toHaveLength(0);
      wakeBackgroundWorker(req, ctx, { NETLIFY: 'true', URL: origin });
      await Promise.all(pending);
      expect(hits).toEqual([`POST ${BACKGROUND_WORKER_PATH}`]);
    } finally {
      server.close();
    }
  });
});
