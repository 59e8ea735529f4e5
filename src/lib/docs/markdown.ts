/**
 * Markdown versions of the docs pages, for people and tools that read docs as text
 * (`/docs.md`, `/docs/{api}.md`, `/llms.txt`, `/llms-full.txt`). Rendered from the same model as
 * the HTML pages.
 */
import type { DocApiGroup, DocField } from '../../../content/docs/api-reference';
import { ERROR_STATUS, errorCodes } from '../../shared/contracts/errors';
import { ERROR_HELP } from '../../shared/contracts/error-docs';
import type { FieldRow } from './schema-fields';
import type { ApiReference, OperationDoc } from './reference';
import { operationSamples } from './samples';
import { AUTH_LABEL, FORBIDDEN_NOTE, FREE_TIER_START, QUOTA_NOTE, SUBSCRIBE_OPTIONS } from './texts';
import type { AccuracyCard } from '../../shared/schemas/accuracy';
import { accuracyCardView } from '../accuracy-view';
import { formatRate } from '../format';
import { quotaRows, rateLimitRows } from './quotas';
import { mcpConfig, SDK_SECTION, SDK_TEXT, sdkExample } from './sdk';

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

function fieldTable(rows: FieldRow[], kind: 'request' | 'response'): string {
  const presence = (r: FieldRow) =>
    kind === 'request' ? (r.required ? 'required' : 'optional') : r.required ? 'always' : 'sometimes';
  const lines = [
    '| Field | Type | ' + (kind === 'request' ? 'Required' : 'Present') + ' | Description |',
    '|---|---|---|---|',
  ];
  for (const r of rows) {
    const extra = [
      ...r.constraints,
      ...(r.nullable ? ['may be null'] : []),
      ...(r.variant ? [`variant ${r.variant}`] : []),
    ];
    const desc = [r.description, extra.length ? `(${extra.join('; ')})` : ''].filter(Boolean).join(' ');
    lines.push(`| \`${cell(r.name)}\` | ${cell(r.type)} | ${presence(r)} | ${cell(desc)} |`);
  }
  return lines.join('\n');
}

const fence = (lang: string, code: string) => `\`\`\`${lang}\n${code}\n\`\`\``;

export function operationMarkdown(op: OperationDoc, origin: string): string {
  const out: string[] = [
    `### ${op.method} ${op.path}: ${op.summary}`,
    '',
    op.description,
    '',
    `Authentication: ${AUTH_LABEL[op.auth]}.`,
  ];
  if (op.rateLimits.length > 0)
    out.push(
      `Rate limits: ${op.rateLimits.map((r) => `\`${r.name}\` ${formatRate({ limit: r.limit, windowMs: r.windowSeconds * 1000 })} per ${op.auth === 'none' ? 'client address' : 'key'}`).join('; ')}.`,
    );
  if (op.params.length > 0) {
    out.push(
      '',
      '#### Parameters',
      '',
      '| Name | In | Type | Required | Description |',
      '|---|---|---|---|---|',
    );
    for (const p of op.params)
      out.push(
        `| \`${p.name}\` | ${p.in} | ${cell(p.type)} | ${p.required ? 'required' : 'optional'} | ${cell([p.description, ...p.constraints].filter(Boolean).join('; '))} |`,
      );
  }
  if (op.bodyFields.length > 0)
    out.push('', `#### Request body (${op.bodyType})`, '', fieldTable(op.bodyFields, 'request'));
  if (op.requestExample !== undefined)
    out.push('', fence('json', JSON.stringify(op.requestExample, null, 2)));
  out.push('', `#### Response ${op.successStatus}`, '', op.successDescription);
  if (op.responseFields.length > 0) out.push('', fieldTable(op.responseFields, 'response'));
  if (op.responseExample !== undefined)
    out.push('', fence('json', JSON.stringify(op.responseExample, null, 2)));
  const samples = operationSamples(op, origin);
  out.push(
    '',
    '#### Code samples',
    '',
    fence('bash', samples.curl),
    '',
    fence('javascript', samples.javascript),
    '',
    fence('python', samples.python),
  );
  if (op.errors.length > 0) {
    out.push('', '#### Errors', '', '| Status | Code | Meaning | What to do |', '|---|---|---|---|');
    for (const e of op.errors)
      out.push(`| ${e.status} | \`${e.code}\` | ${cell(e.meaning)} | ${cell(e.remedy)} |`);
  }
  return out.join('\n');
}

/** The `## Accuracy` section of a reference page: the card's figures, or "not measured yet". */
export function accuracyMarkdown(
  ref: Pick<ApiReference, 'id' | 'name'>,
  card: AccuracyCard | undefined,
): string {
  if (!card)
    return `## Accuracy\n\nNot measured yet: no accuracy card has been published for the ${ref.name} API (\`npm run eval:${ref.id}\` will write it).`;
  const v = accuracyCardView(card);
  const out = [
    '## Accuracy',
    '',
    v.summary,
    '',
    `Measured on ${v.measuredOn} at commit ${v.commit}; rerun with \`${v.command}\`.`,
    '',
    '| Measure | Set | Result | 95% interval | Count |',
    '|---|---|---|---|---|',
  ];
  for (const m of v.headline)
    out.push(`| ${cell(m.label)} | ${cell(m.setName)} | ${m.value} | ${m.ci} | ${m.counts} |`);
  out.push('', '| Set | Images | Version | What it holds |', '|---|---|---|---|');
  for (const s of v.sets)
    out.push(`| ${cell(s.name)} | ${s.size} | ${cell(s.version)} | ${cell(s.description)} |`);
  if (v.perClass.length) {
    out.push(
      '',
      `| Class | Set | ${v.perClassColumns.map((c) => c[0]!.toUpperCase() + c.slice(1)).join(' | ')} |`,
      `|---|---|${v.perClassColumns.map(() => '---|').join('')}`,
    );
    for (const row of v.perClass) {
      const cells = v.perClassColumns.map((c) =>
        row[c] ? `${row[c].value} (${row[c].ci}; ${row[c].counts})` : 'not measured',
      );
      out.push(`| ${cell(row.label)} | ${cell(row.setName)} | ${cells.join(' | ')} |`);
    }
  }
  if (v.latency.length) {
    out.push('', '| What was timed | Set | Images | p50 | p99 | Load average |', '|---|---|---|---|---|---|');
    for (const l of v.latency)
      out.push(
        `| ${cell(l.what)} | ${cell(l.setName)} | ${l.n} | ${l.p50} | ${l.p99} | ${l.load} on ${l.cpus} cores |`,
      );
  }
  if (v.scores.length) {
    out.push('', '| Field | Kind | Meaning |', '|---|---|---|');
    for (const s of v.scores) out.push(`| \`${cell(s.field)}\` | ${cell(s.kind)} | ${cell(s.meaning)} |`);
  }
  if (v.failureModes.length) out.push('', 'Known failure modes:', '', ...v.failureModes.map((f) => `- ${f}`));
  if (v.notes.length) out.push('', ...v.notes.map((n) => `- ${n}`));
  return out.join('\n');
}

export function referenceMarkdown(ref: ApiReference, origin: string, card?: AccuracyCard): string {
  const out = [
    `# ${ref.name} API reference`,
    '',
    ref.description,
    '',
    `Base URL: ${origin}. HTML version: ${origin}${ref.href}. OpenAPI document: ${origin}/openapi.json. Overview: ${origin}/docs.md.`,
    '',
    '## Authentication',
    '',
    `Send your API key as a bearer token: \`Authorization: Bearer $OPTIQ_API_KEY\`; the samples read it from the \`OPTIQ_API_KEY\` environment variable (\`export OPTIQ_API_KEY="your-api-key"\`). Create keys in the dashboard (/dashboard) after signing up (/signup). ${FREE_TIER_START} A missing, malformed, unknown or revoked key answers 401 UNAUTHORIZED; 403 FORBIDDEN: ${FORBIDDEN_NOTE}`,
    '',
    '## Quotas and rate limits',
    '',
    QUOTA_NOTE,
    '',
    '| Plan | Included each month | Price |',
    '|---|---|---|',
    ...quotaRows(ref).map((q) => `| ${q.plan} | ${q.quota} | ${q.price} |`),
    '',
    '| Operation | Rate limit per key |',
    '|---|---|',
    ...rateLimitRows(ref).map((r) => `| \`${r.operation}\` | ${r.limits} |`),
    '',
    accuracyMarkdown(ref, card),
    '',
    '## Operations',
    '',
    ...ref.operations.map((op) => `- [${op.method} ${op.path}](#${op.anchor}): ${op.summary}`),
  ];
  for (const op of ref.operations) out.push('', operationMarkdown(op, origin));
  return `${out.join('\n')}\n`;
}

/** The overview page (/docs) as Markdown: quick start, auth, errors, limits, every endpoint. */
export function docsMarkdown(input: {
  apiName: string;
  apiVersion: string;
  groups: DocApiGroup[];
  refs: ApiReference[];
  origin: string;
  rateLimits: { scope: string; endpoints: string; perMinute: number }[];
}): string {
  const { groups, refs, origin } = input;
  const out: string[] = [
    `# ${input.apiName} v${input.apiVersion}: documentation`,
    '',
    `Base URL: ${origin}. HTML version: ${origin}/docs. OpenAPI document: ${origin}/openapi.json.`,
    '',
    '## Quick start',
    '',
    `1. Get an API key: sign up (${origin}/signup) and create a key in your dashboard (${origin}/dashboard). ${FREE_TIER_START} Plans: ${SUBSCRIBE_OPTIONS}.`,
    '2. Keep it in the `OPTIQ_API_KEY` environment variable (`export OPTIQ_API_KEY="your-api-key"`) and send it as `Authorization: Bearer $OPTIQ_API_KEY` with every call, from your server.',
    '3. Call an endpoint below; every answer is JSON.',
    '',
    '## Authentication',
    '',
    `Every call to \`/api/v1/*\` and the photo-authenticity endpoints needs \`Authorization: Bearer <key>\`. ${FREE_TIER_START} 401 UNAUTHORIZED: the key is missing, malformed, unknown or revoked. 403 FORBIDDEN: ${FORBIDDEN_NOTE} Keyless demo endpoints under \`/api/demo/\` serve the site's own demos with strict per-address limits.`,
    '',
    '## API references',
    '',
    ...refs.map(
      (r) =>
        `- [${r.name} API reference](${origin}${r.href}) ([Markdown](${origin}${r.markdownHref})): ${r.operations.map((o) => `${o.method} ${o.path}`).join(', ')}`,
    ),
    '',
    `## ${SDK_SECTION.label}`,
    '',
    SDK_TEXT.sdk,
    '',
    fence('ts', sdkExample(origin)),
    '',
    SDK_TEXT.mcp,
    '',
    fence('json', mcpConfig(origin)),
    '',
    '## Accuracy',
    '',
    `Every API is measured by a script in the repository on named, versioned sets and publishes an accuracy card (figures with 95% intervals and counts, latency with the machine's load, what each score means, known failure modes): each reference's Accuracy section, and every headline at ${origin}/docs/accuracy.`,
    '',
    '## Endpoints',
  ];
  for (const g of groups) {
    out.push('', `### ${g.title}`, '', g.description);
    if (g.reference) {
      // Documented in full on its own reference page: one line per endpoint here.
      out.push('');
      for (const e of g.endpoints)
        out.push(
          `- \`${e.method} ${e.path}\`: ${e.title}. [Reference](${origin}${g.reference.markdownHref})`,
        );
      continue;
    }
    for (const e of g.endpoints) {
      out.push('', `#### ${e.method} ${e.path}: ${e.title}`, '', e.description);
      const table = (title: string, fields: DocField[]) => {
        out.push('', `${title}:`, '', '| Field | Type | Required | Description |', '|---|---|---|---|');
        for (const f of fields)
          out.push(
            `| \`${cell(f.name)}\` | ${cell(f.type)} | ${f.required ? 'yes' : 'no'} | ${cell(f.description)} |`,
          );
      };
      if (e.pathParams) table('Path parameters', e.pathParams);
      if (e.requestFields) table('Request body', e.requestFields);
      if (e.requestExample !== undefined)
        out.push('', fence('json', JSON.stringify(e.requestExample, null, 2)));
      table(`Response ${e.successStatus}`, e.responseFields);
      out.push('', fence('json', JSON.stringify(e.responseExample, null, 2)));
    }
  }
  out.push(
    '',
    '## Errors',
    '',
    'Every failure answers `{ "error": { "code", "message", "details" }, "request_id" }` with a non-2xx status; `request_id` is also the `X-Request-Id` header.',
    '',
    '| Code | HTTP | Meaning | What to do |',
    '|---|---|---|---|',
  );
  for (const code of errorCodes)
    out.push(
      `| \`${code}\` | ${ERROR_STATUS[code].join(' or ')} | ${cell(ERROR_HELP[code].meaning)} | ${cell(ERROR_HELP[code].remedy)} |`,
    );
  out.push(
    '',
    '## Quotas and rate limits',
    '',
    QUOTA_NOTE,
    '',
    '| Scope | Endpoints | Requests per minute |',
    '|---|---|---|',
  );
  for (const r of input.rateLimits) out.push(`| ${r.scope} | ${cell(r.endpoints)} | ${r.perMinute} |`);
  for (const r of refs) {
    out.push(
      '',
      `Plans and monthly quotas of the ${r.name} API:`,
      '',
      '| Plan | Included each month | Price |',
      '|---|---|---|',
    );
    for (const q of quotaRows(r)) out.push(`| ${q.plan} | ${q.quota} | ${q.price} |`);
  }
  return `${out.join('\n')}\n`;
}

/** /llms.txt: what the site is and where each docs page lives, as Markdown links (llmstxt.org). */
export function llmsTxt(origin: string, refs: ApiReference[]): string {
  return [
    '# Optiq',
    '',
    '> Marketplace and documentation of computer-vision image-analysis APIs: object detection in room photos, photo authenticity and more. JSON over HTTPS with bearer API keys.',
    '',
    '## Docs',
    '',
    `- [Documentation overview](${origin}/docs.md): quick start, authentication, endpoints, errors, rate limits and quotas`,
    ...refs.map(
      (r) =>
        `- [${r.name} API reference](${origin}${r.markdownHref}): ${r.operations.map((o) => `${o.method} ${o.path}`).join(', ')}`,
    ),
    `- [OpenAPI 3.1 document](${origin}/openapi.json): every operation, schema and error`,
    '',
    '## Optional',
    '',
    `- [Full docs in one file](${origin}/llms-full.txt)`,
    `- [API catalogue](${origin}/apis)`,
    '',
  ].join('\n');
}
