/**
 * The "SDK and MCP" section of /docs and its Markdown twin: the typed client (packages/sdk,
 * `@optiq/sdk`) on one call, and the MCP server's client configuration, for the site's origin.
 */
import { API_KEY_ENV } from '../snippets';

export const SDK_SECTION = { id: 'sdk-and-mcp', label: 'SDK and MCP' } as const;

/** What the section says, in the words both versions use. */
export const SDK_TEXT = {
  sdk: 'The TypeScript SDK `@optiq/sdk` (the `packages/sdk` folder of the Optiq repository) is generated from the OpenAPI document: paths, bodies, responses and error bodies are typed. Each call answers `{ data, error, response }`; `unwrap` returns the data or throws an `OptiqError` with the error code.',
  mcp: 'Its MCP server gives AI agents every API operation as a tool (`detect_objects`, `classify_image`, ...), with images by URL or by local file path. Start it with `npx optiq-mcp`, configured by `OPTIQ_API_KEY` and `OPTIQ_BASE_URL`; an API error comes back as a tool error starting with its error code.',
} as const;

/** Detect by URL through the SDK, against `origin`. */
export const sdkExample = (origin: string): string => `import { createOptiqClient, unwrap } from '@optiq/sdk';

const optiq = createOptiqClient({ apiKey: process.env.${API_KEY_ENV}, baseUrl: '${origin}' });

const result = unwrap(
  await optiq.POST('/api/v1/detect', {
    body: {
      image_urls: ['${origin}/images/samples/od-sitting-room.jpg'],
      category: 'living_room',
    },
  }),
);
console.log(result.detection_results);`;

/** An MCP client's configuration (Claude Desktop, Cursor, ...) for the server, against `origin`. */
export const mcpConfig = (origin: string): string =>
  JSON.stringify(
    {
      mcpServers: {
        optiq: {
          command: 'npx',
          args: ['optiq-mcp'],
          env: { [API_KEY_ENV]: 'your-api-key', OPTIQ_BASE_URL: origin },
        },
      },
    },
    null,
    2,
  );
