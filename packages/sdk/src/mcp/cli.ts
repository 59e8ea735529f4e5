/**
 * `npx optiq-mcp` (or `npm run mcp` in the repository): the Optiq MCP server on stdio, for an MCP
 * client to spawn. Configured by the environment: `OPTIQ_API_KEY` (an API key from the
 * dashboard) and `OPTIQ_BASE_URL` (the site's origin; default: the OpenAPI document's server).
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { DEFAULT_BASE_URL } from '../generated/base-url.js';
import { createOptiqMcpServer } from './server.js';

const apiKey = process.env['OPTIQ_API_KEY']?.trim() || undefined;
const baseUrl = process.env['OPTIQ_BASE_URL']?.trim() || DEFAULT_BASE_URL;
// stdout carries the protocol: notes go to stderr.
if (!apiKey) console.error('optiq-mcp: OPTIQ_API_KEY is not set; every tool call will answer UNAUTHORIZED.');
console.error(`optiq-mcp: calling ${baseUrl}`);
await createOptiqMcpServer({ apiKey, baseUrl }).connect(new StdioServerTransport());
