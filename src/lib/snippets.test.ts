import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { API_KEY_ENV, codeSamples, curlSnippet, type JsonValue, type RequestSample } from './snippets';

/** What a sample actually sends when run. */
interface Sent {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: JsonValue | undefined;
}

const KEY = 'sk_test_123';

/** Runs the curl sample in bash with `curl` replaced by a function that prints its arguments. */
function runCurl(code: string): Sent {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }\n${code}`;
  const out = execFileSync('bash', ['-c', script], {
    env: { ...process.env, [API_KEY_ENV]: KEY },
  }).toString();
  const args = out.split('\0').slice(0, -1);
  const sent: Sent = {
    method: 'GET',
    url: '',
    authorization: undefined,
    contentType: undefined,
    body: undefined,
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    const next = args[i + 1] ?? '';
    if (arg === '-X') {
      sent.method = next;
      i++;
    } else if (arg === '-H') {
      const [name = '', ...rest] = next.split(': ');
      if (name.toLowerCase() === 'authorization') sent.authorization = rest.join(': ');
      if (name.toLowerCase() === 'content-type') sent.contentType = rest.join(': ');
      i++;
    } else if (arg === '-d') {
      sent.body = JSON.parse(next) as JsonValue;
      if (sent.method === 'GET') sent.method = 'POST';
      i++;
    } else sent.url = arg;
  }
  return sent;
}

/** Runs the JavaScript sample with a recording fetch. */
async function runJavaScript(code: string): Promise<Sent> {
  let sent: Sent | undefined;
  const fakeFetch = (
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  ) => {
    sent = {
      method: init.method ?? 'GET',
      url,
      authorization: init.headers?.['Authorization'],
      contentType: init.headers?.['Content-Type'],
      body: init.body === undefined ? undefined : (JSON.parse(init.body) as JsonValue),
    };
    return Promise.resolve({
      ok: true,
      status: 200,
      json: () => Promise.resolve({}),
      text: () => Promise.resolve(''),
    });
  };
  const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
    ...args: string[]
  ) => (...values: unknown[]) => Promise<void>;
  const run = new AsyncFunction('fetch', 'process', 'console', code);
  await run(fakeFetch, { env: { [API_KEY_ENV]: KEY } }, { log: () => {} });
  if (!sent) throw new Error('the sample made no request');
  return sent;
}

const hasPython = spawnSync('python3', ['--version']).status === 0;

/** Runs the Python sample against a stub `requests` module that records the call. */
function runPython(code: string): Sent {
  const harness = `
import json, sys, types
sent = {}
class Response:
    def raise_for_status(self): pass
    def json(self): return {}
def verb(name):
    def call(url, headers=None, json=None, timeout=None, **rest):
        assert timeout is not None, "requests without a timeout can hang forever"
        sent.update(method=name.upper(), url=url, headers=headers or {}, body=json, has_body=json is not None)
        return Response()
    return call
stub = types.ModuleType("requests")
for name in ("get", "post", "put", "patch", "delete"):
    setattr(stub, name, verb(name))
sys.modules["requests"] = stub
exec(compile(sys.stdin.read(), "sample.py", "exec"), {"__name__": "__main__"})
sys.stdout.write("\\n@@SENT@@" + json.dumps(sent))
`;
  const out = execFileSync('python3', ['-c', harness], {
    input: code,
    env: { ...process.env, [API_KEY_ENV]: KEY },
  }).toString();
  const raw = JSON.parse(out.split('@@SENT@@')[1] ?? '{}') as {
    method: string;
    url: string;
    headers: Record<string, string>;
    body: JsonValue | null;
    has_body: boolean;
  };
  return {
    method: raw.method,
    url: raw.url,
    authorization: raw.headers['Authorization'],
    // requests sets this itself whenever `json=` is passed.
    contentType: raw.has_body ? 'application/json' : undefined,
    body: raw.has_body ? (raw.body ?? null) : undefined,
  };
}

const cases: Record<string, RequestSample> = {
  'POST with a body': {
    method: 'POST',
    url: 'https://api.optiq.dev/api/predict',
    body: { image_url: 'https://images.example.com/photo.jpg' },
  },
  'GET without a body': {
    method: 'GET',
    url: 'https://api.optiq.dev/api/predict_batch/7d1f1c9e-0b8a-4d7e-9a51-2f0c3e8b6a10',
  },
  'nested body with awkward strings': {
    method: 'POST',
    url: 'https://api.optiq.dev/api/v1/detect?trace=1&x=2',
    body: {
      image_urls: ['https://a.example/1.jpg', 'https://a.example/2.jpg?size=large&v=2'],
      mode: 'superset',
      error_checks: 3,
      comment: 'It\'s a "quoted" $HOME `tick` \\ back\nslash — naïve',
      job_id: null,
      strict: false,
      definitions: [{ category: 'bathroom', objects: ['sink', 'toilet'] }],
      'weird-key': { 'a b': [], empty: {} },
    },
  },
};

describe('codeSamples', () => {
  for (const [name, request] of Object.entries(cases)) {
    describe(name, () => {
      const samples = codeSamples(request);
      const expected: Sent = {
        method: request.method,
        url: request.url,
        authorization: `Bearer ${KEY}`,
        contentType: request.body === undefined ? undefined : 'application/json',
        body: request.body,
      };

      it('curl sends the described request', () => {
        expect(runCurl(samples.curl)).toEqual(expected);
      });

      it('JavaScript sends the described request', async () => {
        expect(await runJavaScript(samples.javascript)).toEqual(expected);
      });

      it.skipIf(!hasPython)('Python sends the described request', () => {
        expect(runPython(samples.python)).toEqual(expected);
      });
    });
  }

  it('never embeds a key, only the environment variable', () => {
    const samples = codeSamples(cases['POST with a body'] as RequestSample);
    for (const code of Object.values(samples)) expect(code).toContain(API_KEY_ENV);
  });

  it('sends no Content-Type without a body', () => {
    const samples = codeSamples(cases['GET without a body'] as RequestSample);
    expect(samples.curl).not.toContain('Content-Type');
    expect(samples.javascript).not.toContain('Content-Type');
    expect(samples.python).not.toContain('json=');
  });

  it('formats curl one option per line', () => {
    expect(curlSnippet({ method: 'GET', url: 'https://api.optiq.dev/x' })).toBe(
      `curl https://api.optiq.dev/x \\\n  -H "Authorization: Bearer $${API_KEY_ENV}"`,
    );
  });
});
