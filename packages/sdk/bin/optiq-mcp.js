#!/usr/bin/env node
// `npx optiq-mcp`: the Optiq MCP server on stdio (dist/mcp/cli.js, written by this package's
// `npm run build`, or `npm run sdk:build` at the repository root).
import('../dist/mcp/cli.js').catch((error) => {
  if (error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist/mcp/cli.js')) {
    console.error('optiq-mcp: the package is not built yet: run `npm run sdk:build` in the repository.');
    process.exit(1);
  }
  throw error;
});
