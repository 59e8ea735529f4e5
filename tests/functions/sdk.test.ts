/**
 * The SDK package (packages/sdk) built as it is published and used against the local runtime
 * over HTTP: a visitor signs up, subscribes and creates a key through the typed client, then
 * detects, classifies (by URL and by upload) and meets the API's errors. The MCP server is the
 * built `optiq-mcp` bin (what `npx optiq-mcp` runs) and `npm run mcp`, each spawned and driven over
 * stdio by the MCP SDK's own client.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { getDefaultEnvironment, StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_OPERATIONS } from '../../packages/sdk/src/generated/operations';
import { startLocalSite, type LocalSite } from '../support/local-site';
import { useVisionEnv } from '../support/vision-env';

type Sdk = typeof import('../../packages/sdk/src/index');

const ROOT = resolve(import.meta.dirname, '../..');
const PACKAGE = join(ROOT, 'packages/sdk');
const SAMPLES = join(ROOT, 'public/images/samples');

useVisionEnv();

let site: LocalSite;
let sdk: Sdk;
let apiKey: string;
const sample = (name: string) => `${site.origin}/images/samples/${name}`;

beforeAll(async () => {
  // The package's own build (tsc: JS and declarations into dist/), then its published entry.
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
    {
      cwd: PACKAGE,
      stdio: 'inherit',
    },
  );
  sdk = (await import(pathToFileURL(join(PACKAGE, 'dist/index.js')).href)) as Sdk;
  site = await startLocalSite();

  // A new account through the typed client: sign up (session cookie), subscribe, create a key.
  const username = `sdk-${randomBytes(4).toString('hex')}`;
  const visitor = sdk.createOptiqClient({ baseUrl: site.origin });
  const signUp = await visitor.POST('/api/account/signup', {
    body: { username, email: `${username}@example.test`, password: 'Lantern-Quartz-7841-Meadow' },
  });
  expect(signUp.response.status).toBe(201);
  expect(signUp.data?.user.username).toBe(username);
  const cookie = signUp.response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const session = sdk.createOptiqClient({ baseUrl: site.origin, headers: { Cookie: cookie } });
  for (const api_id of ['image-object-detection', 'image-classification'])
    sdk.unwrap(await session.POST('/api/subscriptions', { body: { api_id, tier: 'pay-per-use' } }));
  apiKey = sdk.unwrap(await session.POST('/api/account/keys', { body: { name: 'sdk test' } })).key;
}, 180_000);
afterAll(() => site?.stop());

describe('the SDK against the local server', () => {
  it('detects the objects of a sample photo by URL', async () => {
    const optiq = sdk.createOptiqClient({ apiKey, baseUrl: site.origin });
    const result = sdk.unwrap(
      await optiq.POST('/api/v1/detect', {
        body: { image_urls: [sample('od-sitting-room.jpg')], category: 'living_room' },
      }),
    );
    expect(result.category).toBe('living_room');
    const [entry] = result.detection_results;
    expect(entry?.image_url).toBe(sample('od-sitting-room.jpg'));
    expect(Object.values(entry && 'objects' in entry ? entry.objects : {})).toContain(true);
    expect(result.usage.images).toBe(1);
  });

  it('classifies by URL and by an uploaded file, with the same answer', async () => {
    const optiq = sdk.createOptiqClient({ apiKey, baseUrl: site.origin });
    const byUrl = sdk.unwrap(
      await optiq.POST('/api/v1/classify', { body: { image_url: sample('od-coffee-cup.jpg'), top_k: 2 } }),
    );
    const file = new Blob([readFileSync(join(SAMPLES, 'od-coffee-cup.jpg'))], { type: 'image/jpeg' });
    const byFile = sdk.unwrap(
      await optiq.POST('/api/v1/classify', { body: { file, top_k: 2 }, bodySerializer: sdk.multipart }),
    );
    expect(byUrl.labels).toHaveLength(2);
    expect(byFile.labels.map((l) => l.label)).toEqual(byUrl.labels.map((l) => l.label));
    // A close-up of a cup is no room.
    expect(byUrl.labels[0]?.label).toBe('other');
  });

  it('gives the documented error body: typed on `error`, thrown as OptiqError by unwrap', async () => {
    const optiq = sdk.createOptiqClient({ apiKey, baseUrl: site.origin });
    const invalid = await optiq.POST('/api/v1/detect', { body: { image_urls: [] } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.error.code).toBe('INVALID_REQUEST');
    expect(invalid.error?.error.details).toMatchObject({ fields: { image_urls: [expect.any(String)] } });

    const stranger = sdk.createOptiqClient({ apiKey: 'optiq_live_not-a-real-key', baseUrl: site.origin });
    const refused = await stranger
      .POST('/api/v1/classify', { body: { image_url: sample('od-sitting-room.jpg') } })
      .then(sdk.unwrap)
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(sdk.OptiqError);
    expect(refused).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((refused as InstanceType<Sdk['OptiqError']>).requestId).toEqual(expect.any(String));
  });
});

describe('the MCP server over stdio', () => {
  const clients: Client[] = [];
  /** The built bin (`npx optiq-mcp`), or `npm run --silent mcp` (the source through tsx). */
  async function connect(key: string, how: 'bin' | 'npm run' = 'bin'): Promise<Client> {
    const client = new Client({ name: 'sdk-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        ...(how === 'bin'
          ? { command: process.execPath, args: [join(PACKAGE, 'bin/optiq-mcp.js')] }
          : { command: 'npm', args: ['run', '--silent', 'mcp'], cwd: ROOT }),
        env: { ...getDefaultEnvironment(), OPTIQ_API_KEY: key, OPTIQ_BASE_URL: site.origin },
        stderr: 'ignore',
      }),
    );
    clients.push(client);
    return client;
  }
  afterAll(() => Promise.all(clients.map((c) => c.close())));

  const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
    (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');

  it('lists one tool per API-key operation, with its input schema', async () => {
    const { tools } = await (await connect(apiKey)).listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_OPERATIONS.map((op) => op.name));
    const detect = tools.find((t) => t.name === 'detect_objects');
    expect(detect?.description).toContain('POST /api/v1/detect');
    expect(detect?.inputSchema).toMatchObject({ type: 'object', required: ['image_urls'] });
    const classify = tools.find((t) => t.name === 'classify_image');
    expect(Object.keys(classify?.inputSchema.properties ?? {})).toEqual([
      'image_url',
      'taxonomy',
      'top_k',
      'file_path',
    ]);
  });

  it('detects by image URL and classifies a local file it uploads', async () => {
    const client = await connect(apiKey);
    const detected = await client.callTool({
      name: 'detect_objects',
      arguments: { image_urls: [sample('od-sitting-room.jpg')], category: 'living_room' },
    });
    expect(detected.isError ?? false).toBe(false);
    expect(JSON.parse(textOf(detected))).toMatchObject({
      category: 'living_room',
      detection_results: [{ image_url: sample('od-sitting-room.jpg') }],
    });

    const classified = await client.callTool({
      name: 'classify_image',
      arguments: { file_path: join(SAMPLES, 'od-coffee-cup.jpg'), top_k: 1 },
    });
    expect(classified.isError ?? false).toBe(false);
    expect(JSON.parse(textOf(classified))).toMatchObject({ image_url: null, labels: [{ label: 'other' }] });

    const missing = await client.callTool({
      name: 'classify_image',
      arguments: { file_path: join(SAMPLES, 'no-such-photo.jpg') },
    });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toMatch(/^Cannot read the file: .*no-such-photo\.jpg/);
  });

  it('answers a bad key with a tool error carrying the API error code (started by npm run mcp)', async () => {
    const client = await connect('optiq_live_not-a-real-key', 'npm run');
    const result = await client.callTool({
      name: 'detect_objects',
      arguments: { image_urls: [sample('od-sitting-room.jpg')] },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^UNAUTHORIZED \(HTTP 401\): /);
    expect(textOf(result)).toContain('"code": "UNAUTHORIZED"');
  });
});
