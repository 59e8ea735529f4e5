import { describe, expect, it } from 'vitest';
import { createFunctionDispatcher } from './dispatch';
import type { FunctionModule } from './function-routes';

const echo = (tag: string): FunctionModule => ({
  default: (req, ctx) => Response.json({ tag, method: req.method, params: ctx.params, ip: ctx.ip }),
  config: { path: ['/api/things', '/api/things/:id'] },
});

describe('createFunctionDispatcher', () => {
  it('hands the matched route parameters to the function as context.params, and null for other paths', async () => {
    const functions = await createFunctionDispatcher({
      listFiles: () => ['/virtual/things.ts'],
      loadModule: async () => echo('a'),
    });
    const res = await functions.dispatch(new Request('http://x/api/things/a%20b'), '203.0.113.1');
    expect(await res!.json()).toEqual({ tag: 'a', method: 'GET', params: { id: 'a b' }, ip: '203.0.113.1' });
    expect(await functions.dispatch(new Request('http://x/api/other'), '203.0.113.1')).toBeNull();
    expect(await functions.match('GET', '/api/things/x/y')).toBeNull();
  });

  it('loads the modules again on every request when asked to (the dev server), once otherwise', async () => {
    for (const reload of [true, false]) {
      let loads = 0;
      const functions = await createFunctionDispatcher({
        listFiles: () => ['/virtual/things.ts'],
        loadModule: async () => echo(`v${++loads}`),
        reload,
      });
      await functions.dispatch(new Request('http://x/api/things'), '::1');
      const body = (await (await functions.dispatch(new Request('http://x/api/things'), '::1'))!.json()) as {
        tag: string;
      };
      expect(body.tag).toBe(reload ? 'v3' : 'v1');
    }
  });

  it('gives functions waitUntil, and flush waits for the work they left running', async () => {
    let finished = false;
    const late: FunctionModule = {
      default: (_req, ctx) => {
        ctx.waitUntil!(new Promise((done) => setTimeout(done, 50)).then(() => (finished = true)));
        return new Response('ok');
      },
      config: { path: '/api/late' },
    };
    const functions = await createFunctionDispatcher({
      listFiles: () => ['/virtual/late.ts'],
      loadModule: async () => late,
    });
    await functions.dispatch(new Request('http://x/api/late', { method: 'POST' }), '::1');
    expect(finished).toBe(false);
    await functions.flush();
    expect(finished).toBe(true);
  });
});
