/**
 * The contracts describe what the handlers really answer: real responses of the functions,
 * called in-process, parse with each operation's response schema, and their errors with the
 * error body schema. (Detect and the demo are replayed against the engine by examples.test.ts.)
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../src/server/auth/password';
import { fixtureCatalogue } from '../../src/server/catalogue/test-fixtures';
import { seed, setDb } from '../../src/server/db';
import { createTestDb } from '../support/test-db';
import {
  adminLoginOperation,
  adminLogoutOperation,
  adminSessionOperation,
} from '../../src/shared/contracts/admin-auth';
import {
  getApiOperation,
  getUseCaseOperation,
  listApisOperation,
  listUseCasesOperation,
} from '../../src/shared/contracts/catalogue';
import { createContactOperation, listContactsOperation } from '../../src/shared/contracts/contacts';
import { demoDetectOperation, detectOperation } from '../../src/shared/contracts/object-detection';
import { errorBodySchema, type OperationContract } from '../../src/shared/contracts';
import * as apisFunction from '../../functions/apis';
import authLogin from '../../functions/admin-login';
import authLogout from '../../functions/admin-logout';
import authSession from '../../functions/admin-session';
import contacts from '../../functions/contacts';
import demoDetect from '../../functions/demo-detect';
import { noImageAnalysedDetailsSchema } from '../../src/shared/schemas/detect';
import * as useCasesFunction from '../../functions/use-cases';
import { routed } from '../support/routed';

const apis = routed(apisFunction);
const useCases = routed(useCasesFunction);

let close: () => Promise<void>;
let passwordHash: string;
beforeAll(async () => {
  const t = await createTestDb();
  await seed(t.db, { catalogue: fixtureCatalogue });
  setDb(t.db);
  close = t.close;
  passwordHash = await hashPassword('correct horse battery staple', { N: 1024, r: 8, p: 1 });
});
afterAll(async () => {
  setDb(undefined);
  await close();
});
afterEach(() => vi.unstubAllEnvs());

const ORIGIN = 'http://localhost';
let ip = 0;
function call(
  handler: (req: Request, ctx?: { ip?: string }) => Promise<Response>,
  path: string,
  init: RequestInit = {},
) {
  const clientIp = `198.51.100.${++ip}`;
  return handler(new Request(`${ORIGIN}${path}`, { ...init, headers: { origin: ORIGIN, ...init.headers } }), {
    ip: clientIp,
  });
}

/** The body of `res`, after checking its status and that it parses with the operation's response schema. */
async function answers(op: OperationContract, res: Response) {
  expect(res.status, `${op.operationId}`).toBe(op.response.status);
  const body: unknown = await res.json();
  const parsed = op.response.schema.safeParse(body);
  expect(parsed.success, `${op.operationId}: ${parsed.error?.message}`).toBe(true);
  return body;
}

async function fails(op: OperationContract, res: Response, code: string) {
  const body = errorBodySchema.parse(await res.json());
  expect(body.error.code).toBe(code);
  expect(op.errors, `${op.operationId} must document ${code}`).toContain(code);
}

describe('handler responses match their contracts', () => {
  it('catalogue', async () => {
    const list = (await answers(listApisOperation, await call(apis, '/api/apis'))) as { id: string }[];
    expect(list.length).toBeGreaterThan(0);
    await answers(getApiOperation, await call(apis, `/api/apis/${list[0]!.id}`));
    await fails(getApiOperation, await call(apis, '/api/apis/no-such-api'), 'NOT_FOUND');
    const cases = (await answers(listUseCasesOperation, await call(useCases, '/api/use-cases'))) as {
      id: string;
    }[];
    expect(cases.length).toBeGreaterThan(0);
    await answers(getUseCaseOperation, await call(useCases, `/api/use-cases/${cases[0]!.id}`));
    await fails(listApisOperation, await call(apis, '/api/apis', { method: 'DELETE' }), 'METHOD_NOT_ALLOWED');
  });

  it('contact request, with its example body', async () => {
    const body = createContactOperation.examples!.request![0]!.value;
    const json = { 'content-type': 'application/json' };
    await answers(
      createContactOperation,
      await call(contacts, '/api/contacts', { method: 'POST', headers: json, body: JSON.stringify(body) }),
    );
    await fails(
      createContactOperation,
      await call(contacts, '/api/contacts', { method: 'POST', headers: json, body: '{"name":""}' }),
      'INVALID_REQUEST',
    );
    await fails(
      createContactOperation,
      await call(contacts, '/api/contacts', { method: 'POST', headers: json, body: '{' }),
      'INVALID_JSON',
    );
  });

  it('detect (keyless, as the live tester calls it): an error whose details carry data matches the documented details shape', async () => {
    vi.stubEnv('VISION_ALLOW_PRIVATE_URLS', '');
    const body = JSON.stringify({ image_urls: ['http://127.0.0.1:1/a.jpg', 'http://10.0.0.1/b.jpg'] });
    const res = await call(demoDetect, '/api/demo/detect', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(422);
    const error = errorBodySchema.parse(await res.json()).error;
    expect(error.code).toBe('NO_IMAGE_ANALYSED');
    expect(demoDetectOperation.errorDetails?.NO_IMAGE_ANALYSED).toBe(noImageAnalysedDetailsSchema);
    expect(detectOperation.errorDetails?.NO_IMAGE_ANALYSED).toBe(noImageAnalysedDetailsSchema);
    const details = noImageAnalysedDetailsSchema.parse(error.details);
    expect(details.results.map((r) => r.image_url)).toEqual([
      'http://127.0.0.1:1/a.jpg',
      'http://10.0.0.1/b.jpg',
    ]);
  });

  it('admin session, login, contact list and logout', async () => {
    vi.stubEnv('ADMIN_USERNAME', 'admin');
    vi.stubEnv('ADMIN_PASSWORD_HASH', passwordHash);
    vi.stubEnv('SESSION_SECRET', 'round-trip-secret-'.padEnd(48, 'x'));
    const json = { 'content-type': 'application/json' };
    expect(await answers(adminSessionOperation, await call(authSession, '/api/auth/session'))).toEqual({
      authenticated: false,
    });
    await fails(listContactsOperation, await call(contacts, '/api/contacts'), 'UNAUTHORIZED');
    const wrong = JSON.stringify({ username: 'admin', password: 'nope' });
    await fails(
      adminLoginOperation,
      await call(authLogin, '/api/auth/login', { method: 'POST', headers: json, body: wrong }),
      'UNAUTHORIZED',
    );

    const good = JSON.stringify({ username: 'admin', password: 'correct horse battery staple' });
    const login = await call(authLogin, '/api/auth/login', { method: 'POST', headers: json, body: good });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    await answers(adminLoginOperation, login);
    expect(
      await answers(
        adminSessionOperation,
        await call(authSession, '/api/auth/session', { headers: { cookie } }),
      ),
    ).toMatchObject({ authenticated: true, username: 'admin' });
    const page = (await answers(
      listContactsOperation,
      await call(contacts, '/api/contacts?limit=1', { headers: { cookie } }),
    )) as { items: unknown[] };
    expect(page.items).toHaveLength(1);
    await fails(
      listContactsOperation,
      await call(contacts, '/api/contacts?limit=0', { headers: { cookie } }),
      'INVALID_REQUEST',
    );
    await answers(
      adminLogoutOperation,
      await call(authLogout, '/api/auth/logout', { method: 'POST', headers: { cookie } }),
    );
  });
});
