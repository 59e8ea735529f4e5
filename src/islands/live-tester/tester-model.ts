/**
 * What an API's live tester is, as data: the fields it asks for, how it checks and sends them,
 * and what it shows of the answer. One component (LiveTester) renders any tester described
 * this way, so the API pages differ in their data, not in their markup or state handling.
 */
import type { DemoSample } from '../../lib/demo-samples';
import { messageForPeople, type ApiClientError } from '../../shared/api-client';

/** The form's values by field name, as the controls hold them (text). */
export type TesterValues = Readonly<Record<string, string>>;

/** One control of a tester's form. */
export interface TesterField {
  /** Key in the values. */
  name: string;
  label: string;
  /** `urls`: a textarea, one URL a line; `url`: one URL; `text`: free text; `select`: one of `options`. */
  control: 'urls' | 'url' | 'text' | 'select';
  initial: string;
  options?: readonly { value: string; label: string }[];
  placeholder?: string;
  /** Monospaced input (URLs, ids). */
  mono?: boolean;
  /** Shown only while the test runs on the visitor's own subscription. */
  ownOnly?: boolean;
  /** Spans the settings' full width (a textarea). */
  wide?: boolean;
}

/** The image of a test, from the shared picker: a sample or typed URL, or an uploaded file. */
export interface TesterImage {
  imageUrl: string;
  file?: File | undefined;
}

/** One entry of the results list. */
export type TesterRow =
  | { kind: 'objects'; imageUrl: string; found: string[]; missing: string[]; noneObserved: boolean }
  | { kind: 'error'; imageUrl: string; message: string }
  | { kind: 'score'; name: string; percent: number }
  | { kind: 'text'; name: string; text: string };

/** What the results panel shows of an answer. */
export interface TesterView {
  /** The line above the list: `{term} <strong>{value}</strong>{rest}`. */
  summary?: { term: string; value: string; rest: string } | undefined;
  /** A caution under the summary. */
  warning?: string | undefined;
  rows: TesterRow[];
  /** Ranked rows (best first) are an ordered list named by `listLabel`. */
  ordered?: boolean;
  listLabel?: string;
  /** Small print under the list. */
  note?: string | undefined;
}

/** What a test run comes to: a result to celebrate, or an error with whatever of the answer is worth showing. */
export type TesterOutcome =
  { ok: true; view: TesterView } | { ok: false; message: string; view?: TesterView | undefined };

/** An API's live tester. */
export interface TesterDefinition {
  /** The catalogue API whose page shows it. */
  apiId: string;
  /** The keyless demo endpoint it calls by default. */
  demoPath: string;
  /** The metered endpoint it calls on the visitor's own subscription, when it offers that. */
  ownPath?: string | undefined;
  /** The sentence above the form. */
  help: (apiName: string) => string;
  /** The site's sample photos offered by the image picker (the demos' own). */
  samples: readonly DemoSample[];
  /** The settings beside each other under the image picker. */
  settings: readonly TesterField[];
  /** What the own-subscription choice adds after "the test counts toward my usage". */
  ownExtra: string;
  /** Why the form may not run yet (the toast's text), or null. */
  inputError: (values: TesterValues, image: TesterImage) => string | null;
  /** Sends the test (to the demo endpoint, or the metered one when `own`) and reads the answer. */
  run: (values: TesterValues, image: TesterImage, own: boolean) => Promise<TesterOutcome>;
}

/** Shown when a test call fails without a message meant for people (network, odd answer). */
export const TEST_FAILED_MESSAGE = 'API test failed';

/** The message of a failed call: the server's own, or the generic one. */
export function testFailureMessage(error: Pick<ApiClientError, 'code' | 'message'>): string {
  return messageForPeople(error, TEST_FAILED_MESSAGE);
}

/** The initial values of a tester's fields. */
export function initialValues(tester: Pick<TesterDefinition, 'settings'>): Record<string, string> {
  return Object.fromEntries(tester.settings.map((f) => [f.name, f.initial]));
}

/** Why a one-image tester may not run yet: neither an image URL nor an upload. */
export function oneImageError(image: TesterImage): string | null {
  return image.file || image.imageUrl.trim() !== '' ? null : 'Please provide an image URL';
}

/** A value of `values`, or '' when the form has no such field. */
export function valueOf(values: TesterValues, name: string): string {
  return Object.hasOwn(values, name) ? (values[name] ?? '') : '';
}
