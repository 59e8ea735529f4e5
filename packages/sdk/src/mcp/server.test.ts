import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createOptiqMcpServer } from './server';

/** A connected client of a server whose API answers `answer`, and the requests it made. */
async function connect(answer: () => Response = () => Response.json({ ok: true })) {
  const requests: Request[] = [];
  const fetch = (async (req: Request) => {
    requests.push(req);
    return answer();
  }) as unknown as typeof globalThis.fetch;
  const server = createOptiqMcpServer({ apiKey: 'optiq_live_k', baseUrl: 'https://optiq.example', fetch });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return { client, requests };
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { text: string }[]).map((c) => c.text).join('\n');

describe('MCP tool calls', () => {
  it('fills path and query parameters and sends no body on a GET', async () => {
    const { client, requests } = await connect();
    const result = await client.callTool({
      name: 'list_collection_images',
      arguments: { name: 'my photos', limit: 5 },
    });
    expect(result.isError ?? false).toBe(false);
    expect(JSON.parse(textOf(result))).toEqual({ ok: true });
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url).toBe('https://optiq.example/api/v1/collections/my%20photos/images?limit=5');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer optiq_live_k');
  });

  it('sends the body fields as JSON, leaving the path parameters out', async () => {
    const { client, requests } = await connect();
    await client.callTool({
      name: 'add_collection_image',
      arguments: { name: 'shop', id: 'sku-1', image_url: 'https://img.example/a.jpg' },
    });
    expect(requests[0]?.url).toBe('https://optiq.example/api/v1/collections/shop/images');
    expect(await requests[0]?.json()).toEqual({ id: 'sku-1', image_url: 'https://img.example/a.jpg' });
  });

  it('uploads the file a *_path argument names, with the other fields as form fields', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'optiq-mcp-'));
    writeFileSync(join(dir, 'logo.png'), new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const { client, requests } = await connect();
    await client.callTool({
      name: 'detect_watermarks',
      arguments: { file_path: join(dir, 'logo.png'), sensitivity: 'high', include_invisible: true },
    });
    const form = await requests[0]!.formData();
    const file = form.get('file') as File;
    expect([file.name, file.type, file.size]).toEqual(['logo.png', 'image/png', 4]);
    expect([form.get('sensitivity'), form.get('include_invisible'), form.has('file_path')]).toEqual([
      'high',
      'true',
      false,
    ]);
  });

  it('turns API errors, missing path parameters and unknown tools into tool errors', async () => {
    const { client, requests } = await connect(() =>
      Response.json(
        { error: { code: 'FORBIDDEN', message: 'No subscription', details: null }, request_id: 'r' },
        { status: 403 },
      ),
    );
    const refused = await client.callTool({ name: 'list_label_sets', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^FORBIDDEN \(HTTP 403\): No subscription/);

    const noId = await client.callTool({ name: 'delete_label_set', arguments: {} });
    expect(textOf(noId)).toBe('The argument "id" is required (the path is /api/v1/label-sets/{id}).');
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(requests).toHaveLength(1);
  });
});
