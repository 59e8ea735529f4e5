import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlCommand, shellQuote } from './curl';

/** The words the shell passes to curl (with the key variable set), as a person's terminal would. */
const words = (command: string): string[] =>
  execFileSync('bash', [
    '-c',
    `OPTIQ_API_KEY=optiq_live_x; words() { printf '%s\\0' "$@"; }; words ${command.replace(/^curl /, '')}`,
  ])
    .toString()
    .split('\0')
    .slice(0, -1);

describe('curlCommand', () => {
  it('replays a JSON call with the key from $OPTIQ_API_KEY and the body as the shell reads it', () => {
    const body = `{"image_urls":["https://images.example.com/a.jpg"],"note":"it's"}`;
    const command = curlCommand(
      {
        method: 'POST',
        path: '/api/v1/detect',
        request: { kind: 'json', headers: { 'idempotency-key': 'k-1' }, body, truncated: false, uploads: [] },
      },
      'https://optiq.example',
    );
    expect(command).toContain('"Authorization: Bearer $OPTIQ_API_KEY"');
    expect(words(command)).toEqual([
      '-X',
      'POST',
      'https://optiq.example/api/v1/detect',
      '-H',
      'Authorization: Bearer optiq_live_x',
      '-H',
      'Idempotency-Key: k-1',
      '-H',
      'Content-Type: application/json',
      '--data-raw',
      body,
    ]);
  });

  it('names uploads as -F field=@filename and sends text fields as they were', () => {
    const command = curlCommand(
      {
        method: 'POST',
        path: '/api/v1/classify',
        request: {
          kind: 'multipart',
          headers: {},
          body: '{"top_k":"3","label":"@home"}',
          truncated: false,
          uploads: [{ field: 'file', filename: "my kitchen's.jpg", size: 1000, type: 'image/jpeg' }],
        },
      },
      'http://127.0.0.1:4321',
    );
    expect(words(command).slice(5)).toEqual([
      '--form-string',
      'top_k=3',
      '--form-string',
      'label=@home',
      '-F',
      'file=@my_kitchen_s.jpg;type=image/jpeg',
    ]);
  });

  it('quotes for the shell', () => {
    expect(shellQuote(`a'b $HOME`)).toBe(`'a'\\''b $HOME'`);
  });
});
