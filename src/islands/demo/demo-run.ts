/**
 * What every demo does with a run: the request body (a JSON `image_url` or a multipart upload),
 * the answer or its failure message, the status the results card shows, and the toasts.
 */
import { useState } from 'react';
import { messageForPeople, type ApiResult } from '../../shared/api-client';
import type { ToastInput } from '../overlay/types';
import { prepareUpload, type PreparedUpload } from './downscale';
import { notify } from './notify';
import type { ResultsStatus } from './ResultsCard';

/** A failure's message for people: its own, else `fallback` (the browser's bare "Failed to fetch" included). */
export function failureMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message && error.message !== 'Failed to fetch'
    ? error.message
    : fallback;
}

/** The answer's data, or an error carrying the message to show. */
export function dataOf<T>(result: ApiResult<T>, fallback: string): T {
  if (!result.ok) throw new Error(messageForPeople(result.error, fallback));
  return result.data;
}

type Field = string | number | boolean;

export interface ImageRequestBody<F extends Record<string, Field>> {
  /** An upload as multipart (the api client sends FormData as is), else JSON with `image_url`. */
  body: FormData | (F & { image_url: string });
  /** The upload as sent, for mapping boxes back onto the picked file's pixels. */
  upload?: PreparedUpload | undefined;
}

/**
 * The body of a demo call: the picked file (downscaled to ~2 MP unless `downscale` is false,
 * for Netlify's body limit) with `fields` as form fields, or `image_url` with `fields` as JSON.
 */
export async function imageRequestBody<F extends Record<string, Field>>(
  source: { file?: File | undefined; imageUrl: string },
  fields: F,
  { downscale = true }: { downscale?: boolean } = {},
): Promise<ImageRequestBody<F>> {
  if (!source.file) return { body: { ...fields, image_url: source.imageUrl.trim() } };
  const upload = downscale ? await prepareUpload(source.file) : undefined;
  const form = new FormData();
  form.set('file', upload?.file ?? source.file, upload?.name ?? source.file.name);
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  return { body: form, upload };
}

export interface DemoRunMessages<R> {
  /** The toast of a run that answered. */
  done: (response: R) => ToastInput;
  /** The toast title of a failed run. */
  failed: string;
  /** A failed run's message when nothing better is known (default: `failed`). */
  fallback?: string;
}

export interface DemoRun<R> {
  status: ResultsStatus;
  /** The last run's answer (kept while a new run is busy). */
  response: R | undefined;
  /** The last failed run's message. */
  errorText: string | undefined;
  /** Counts runs, so a run that ends like the last one is still revealed on phones. */
  runs: number;
  /** Runs `send` (which throws with the message to show), then sets the status and toasts. */
  run: (send: () => Promise<R>) => Promise<void>;
}

/** A demo's run state: one call at a time, its answer or failure, and the spec's toasts. */
export function useDemoRun<R>(messages: DemoRunMessages<R>): DemoRun<R> {
  const [status, setStatus] = useState<ResultsStatus>('idle');
  const [response, setResponse] = useState<R>();
  const [errorText, setErrorText] = useState<string>();
  const [runs, setRuns] = useState(0);

  async function run(send: () => Promise<R>): Promise<void> {
    setStatus('busy');
    setErrorText(undefined);
    try {
      const answer = await send();
      setResponse(answer);
      setStatus('done');
      notify(messages.done(answer));
    } catch (error) {
      const message = failureMessage(error, messages.fallback ?? messages.failed);
      setErrorText(message);
      setStatus('error');
      notify({ title: messages.failed, description: message, variant: 'destructive' });
    } finally {
      setRuns((n) => n + 1);
    }
  }

  return { status, response, errorText, runs, run };
}

/** Refuses a run before it starts: an error toast with the reason. */
export function refuse(reason: string): void {
  notify({ title: 'Error', description: reason, variant: 'destructive' });
}
