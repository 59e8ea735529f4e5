import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { mcpConfig, SDK_SECTION, sdkExample } from './sdk';

const SDK_ENTRY = resolve(import.meta.dirname, '../../../packages/sdk/src/index.ts');

/**
 * TypeScript's diagnostics of each of `samples`, checked in one program as modules importing
 * `@optiq/sdk` from its source (Node's `process` declared, so @types/node need not load).
 */
function typeErrors(...samples: string[]): string[][] {
  const files = samples.map((_, i) => resolve(import.meta.dirname, `__docs-sample-${i}__.ts`));
  const texts = new Map(
    files.map((f, i) => [
      f,
      `declare const process: { env: Record<string, string | undefined> };\n${samples[i]}`,
    ]),
  );
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    paths: { '@optiq/sdk': [SDK_ENTRY] },
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  host.readFile = (name) => texts.get(name) ?? read(name);
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => texts.has(name) || exists(name);
  const getSource = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) => {
    const text = texts.get(name);
    return text === undefined ? getSource(name, lang, ...rest) : ts.createSourceFile(name, text, lang);
  };
  const program = ts.createProgram(files, options, host);
  return files.map((f) =>
    ts
      .getPreEmitDiagnostics(program, program.getSourceFile(f))
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
  );
}

describe('the docs SDK and MCP section', () => {
  it('shows an SDK sample that type-checks against the SDK (and a drifted one would not)', () => {
    const sample = sdkExample('https://optiq.example');
    const [errors, drifted] = typeErrors(sample, sample.replace('image_urls', 'image_url'));
    expect(errors).toEqual([]);
    expect(drifted?.join('\n')).toMatch(/image_url/);
  }, 60_000);

  it("configures the MCP server for the site's origin", () => {
    expect(JSON.parse(mcpConfig('https://optiq.example'))).toEqual({
      mcpServers: {
        optiq: {
          command: 'npx',
          args: ['optiq-mcp'],
          env: { OPTIQ_API_KEY: 'your-api-key', OPTIQ_BASE_URL: 'https://optiq.example' },
        },
      },
    });
    expect(SDK_SECTION.id).toBe('sdk-and-mcp');
  });
});
