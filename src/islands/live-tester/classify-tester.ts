/**
 * The image-classification live tester: one image URL and top_k, sent to the keyless
 * POST /api/demo/image-classification (room types), or, on the visitor's own subscription, to
 * POST /api/v1/classify, where a label set id may be given too. Pure but for `run`, so it is
 * unit-tested.
 */
import { CAPTION_SAMPLES } from '../../lib/demo-samples';
import { request, type ApiResult } from '../../shared/api-client';
import { classifyOperation, demoClassifyOperation } from '../../shared/contracts/classify';
import { roomLabel } from '../../shared/rooms';
import type { ClassifyResponse } from '../../shared/schemas/classify';
import { imageRequestBody } from '../demo/demo-run';
import {
  oneImageError,
  testFailureMessage,
  valueOf,
  type TesterImage,
  type TesterDefinition,
  type TesterOutcome,
  type TesterRow,
  type TesterValues,
  type TesterView,
} from './tester-model';

export const TOP_K_CHOICES = [1, 2, 3, 4, 5, 6, 7] as const;
const DEFAULT_TOP_K = 3;

/** The request fields: `taxonomy` only when it is not the default room types. */
export function buildClassifyFields(topK: number, taxonomy = 'room_type'): Record<string, string | number> {
  const t = taxonomy.trim();
  return { top_k: topK, ...(t && t !== 'room_type' ? { taxonomy: t } : {}) };
}

/** The request fields of the form's values; a label set is asked for only on the visitor's own subscription. */
export function classifyFieldsOf(values: TesterValues, own: boolean): Record<string, string | number> {
  const asked = Number(valueOf(values, 'top_k'));
  const topK = TOP_K_CHOICES.find((k) => k === asked) ?? DEFAULT_TOP_K;
  return buildClassifyFields(topK, own ? valueOf(values, 'taxonomy') : 'room_type');
}

/** A label as the tester shows it: `living_room` -> "Living room", with a whole percentage. */
export function labelRow(l: { label: string; score: number }): TesterRow {
  return { kind: 'score', name: roomLabel(l.label), percent: Math.round(l.score * 100) };
}

/** What the results panel shows of a classify answer: the labels, best first. */
export function classifyView(response: ClassifyResponse): TesterView {
  return {
    summary: {
      term: 'Taxonomy',
      value: response.taxonomy,
      rest: ` · ${response.processing_time.toFixed(2)} s`,
    },
    rows: response.labels.map(labelRow),
    ordered: true,
    listLabel: 'Labels, best first',
    note: `${response.analysis_method}. Scores are shares of the evidence, not certainties.`,
  };
}

/** Reads the answer of a test call. */
export function classifyOutcome(result: ApiResult<ClassifyResponse>): TesterOutcome {
  return result.ok
    ? { ok: true, view: classifyView(result.data) }
    : { ok: false, message: testFailureMessage(result.error) };
}

/** The Image Classification page's tester. */
export const CLASSIFY_TESTER: TesterDefinition = {
  apiId: 'image-classification',
  demoPath: demoClassifyOperation.path,
  ownPath: classifyOperation.path,
  help: (apiName) =>
    `Send a real image to ${apiName}: pick a sample, paste one public image URL (JPEG, PNG or WebP) or upload a photo, and get its most likely room types.`,
  samples: CAPTION_SAMPLES,
  settings: [
    {
      name: 'top_k',
      label: 'Labels to return (top_k)',
      control: 'select',
      initial: String(DEFAULT_TOP_K),
      options: TOP_K_CHOICES.map((k) => ({ value: String(k), label: String(k) })),
    },
    {
      name: 'taxonomy',
      label: 'Taxonomy (room_type or your label set id)',
      control: 'text',
      initial: 'room_type',
      mono: true,
      ownOnly: true,
    },
  ],
  ownExtra: ' and may use my label sets',
  inputError: (_values, image) => oneImageError(image),
  run: async (values, image: TesterImage, own) => {
    const { body } = await imageRequestBody(image, classifyFieldsOf(values, own));
    return classifyOutcome(
      own ? await request(classifyOperation, { body }) : await request(demoClassifyOperation, { body }),
    );
  },
};
