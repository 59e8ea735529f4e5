/**
 * Reading a label-set creation request and embedding its examples. JSON gives
 * `{ name, examples: { label: [url, ...] } }`; multipart/form-data gives `name` and one field
 * `examples.<label>` per example, holding a file or a URL.
 */
import { z } from 'zod';
import { HttpError } from '../../http/errors';
import { readJson } from '../../http/handler';
import { embedImage } from './service';
import { withImageBytes, type ImageDeps } from '../scene/request';
import { isMultipart, readImageForm } from '../upload';
import { LABEL_SET_LIMITS, createLabelSetSchema, labelNameSchema } from '../../../shared/schemas/classify';
import type { LabelledEmbedding } from './knn';

export type ExampleSource = { label: string; url: string } | { label: string; bytes: Uint8Array };

const invalid = (field: string, message: string): HttpError =>
  new HttpError(400, 'INVALID_REQUEST', message, { details: { fields: { [field]: [message] } } });

/** Checks the label and example counts shared by both request forms. */
export function checkExampleCounts(counts: ReadonlyMap<string, number>): void {
  const { minLabels, maxLabels, minExamples, maxExamplesPerLabel, maxExamples } = LABEL_SET_LIMITS;
  if (counts.size < minLabels || counts.size > maxLabels)
    throw invalid('examples', `A label set needs ${minLabels} to ${maxLabels} labels (got ${counts.size})`);
  for (const [label, n] of counts) {
    if (n < minExamples)
      throw invalid(
        `examples.${label}`,
        `Label "${label}" needs at least ${minExamples} example images (got ${n})`,
      );
    if (n > maxExamplesPerLabel)
      throw invalid(
        `examples.${label}`,
        `Label "${label}" has more than ${maxExamplesPerLabel} example images (${n})`,
      );
  }
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  if (total > maxExamples)
    throw invalid('examples', `A label set holds at most ${maxExamples} example images (got ${total})`);
}

const urlSchema = z.url({ protocol: /^https?$/ }).max(2048);

/** The set's name and its examples, validated. */
export async function readLabelSetRequest(
  req: Request,
): Promise<{ name: string; examples: ExampleSource[] }> {
  const examples: ExampleSource[] = [];
  let name: string;
  if (isMultipart(req)) {
    const form = await readImageForm(req);
    const rawName = form.get('name');
    name = typeof rawName === 'string' ? rawName.trim() : '';
    if (!name || name.length > 80)
      throw invalid('name', 'Please give the label set a name (1-80 characters)');
    for (const [key, value] of form) {
      if (key === 'name') continue;
      const label = key.startsWith('examples.') ? key.slice('examples.'.length) : undefined;
      if (label === undefined)
        throw invalid(key, `Unknown field "${key}": examples go in fields named examples.<label>`);
      if (!labelNameSchema.safeParse(label).success)
        throw invalid(
          key,
          `"${label}" is not a valid label: lower-case letters, digits, _ and -, up to 40 characters`,
        );
      if (typeof value === 'string') {
        if (!urlSchema.safeParse(value).success)
          throw invalid(key, `Example "${value}" is neither a file nor an HTTP(S) URL`);
        examples.push({ label, url: value });
      } else if (value.size > 0) {
        examples.push({ label, bytes: new Uint8Array(await value.arrayBuffer()) });
      }
    }
  } else {
    const body = await readJson(req, createLabelSetSchema, { maxBytes: 256 * 1024 });
    name = body.name;
    for (const [label, urls] of Object.entries(body.examples))
      for (const url of urls) examples.push({ label, url });
  }
  const counts = new Map<string, number>();
  for (const e of examples) counts.set(e.label, (counts.get(e.label) ?? 0) + 1);
  checkExampleCounts(counts);
  return { name, examples };
}

/** Embeds every example, one after the other; a failing image fails the set and names it. */
export async function embedExamples(
  examples: readonly ExampleSource[],
  deps: ImageDeps = {},
): Promise<LabelledEmbedding[]> {
  const out: LabelledEmbedding[] = [];
  for (const [i, e] of examples.entries()) {
    try {
      const embedding =
        'bytes' in e
          ? await embedImage(e.bytes)
          : await withImageBytes({ url: e.url }, deps, (bytes) => embedImage(bytes));
      out.push({ label: e.label, embedding });
    } catch (error) {
      if (error instanceof HttpError && error.status < 500) {
        const which = 'url' in e ? e.url : `upload ${i + 1}`;
        throw new HttpError(error.status, error.code, `Example ${which} of "${e.label}": ${error.message}`, {
          details: error.details,
          headers: error.headers,
        });
      }
      throw error;
    }
  }
  return out;
}
