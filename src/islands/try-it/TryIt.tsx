import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useHydrated } from '../ui/use-hydrated';
import { browserStores, loadKey, saveKey, sendTry, type AuthMode, type TryResult } from './try-it';
import { DOCS_KEY_EVENT } from '../../scripts/api-key-store';

/** A text field of a multipart operation's form. */
export interface TryFormField {
  name: string;
  required: boolean;
  description: string;
  /** Allowed values, shown as a select. */
  options?: string[];
  /** Prefilled value from the example request. */
  value: string;
}

export interface TryItProps {
  method: string;
  /** Path on this site, e.g. `/api/v1/detect` (requests go to the page's own origin). */
  path: string;
  /** Who may call it: keyed operations offer the session or a pasted key. */
  auth: 'apiKey' | 'session' | 'admin' | 'none';
  /** JSON operations: the example body, pretty-printed. */
  json?: string;
  /** Multipart operations: the text fields (a file input is added). */
  formFields?: TryFormField[];
  /** Origin the examples were built for; a page served elsewhere swaps in its own (the sample photos live on it). */
  origin?: string;
}

const field =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30';

/**
 * "Try it" for one operation of the reference: edits the example request (JSON, or form
 * fields and a file), sends it from the page with the visitor's session or a pasted key, and
 * shows status, headers, JSON and timing in a live region.
 */
export default function TryIt({ method, path, auth, json, formFields, origin }: TryItProps) {
  const id = useId();
  const hydrated = useHydrated();
  const [body, setBody] = useState(json ?? '');
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries((formFields ?? []).map((f) => [f.name, f.value])),
  );
  const [file, setFile] = useState<File | null>(null);
  const [authMode, setAuthMode] = useState<AuthMode>('session');
  const [key, setKey] = useState('');
  const [remember, setRemember] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<TryResult>();
  const [error, setError] = useState('');
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const keyed = auth !== 'none';

  useEffect(() => {
    const here = window.location.origin;
    if (origin && origin !== here) {
      setBody((b) => b.replaceAll(origin, here));
      setValues((v) =>
        Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x.replaceAll(origin, here)])),
      );
    }
    const saved = loadKey(browserStores());
    if (saved.key) {
      setKey(saved.key);
      setRemember(saved.remember);
      setAuthMode('key');
    }
  }, [origin]);

  // The key the reader picks in the page's key picker (src/scripts/docs-key.ts) after this mounted.
  useEffect(() => {
    const useDocsKey = (e: Event) => {
      const picked = (e as CustomEvent<{ key?: unknown }>).detail.key;
      if (typeof picked !== 'string') return;
      setKey(picked);
      setAuthMode('key');
    };
    window.addEventListener(DOCS_KEY_EVENT, useDocsKey);
    return () => window.removeEventListener(DOCS_KEY_EVENT, useDocsKey);
  }, []);

  useEffect(() => {
    if (result || error) resultHeading.current?.focus();
  }, [result, error]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError('');
    setResult(undefined);
    if (keyed && authMode === 'key') saveKey(browserStores(), key.trim(), remember);
    try {
      const res = await sendTry({
        method,
        url: path,
        auth: keyed ? authMode : 'session',
        key,
        ...(formFields ? { form: { fields: values, file } } : { json: body }),
      });
      setResult(res);
    } catch (e) {
      setError((e as Error).message || 'The request could not be sent.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="space-y-4"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={`Try ${method} ${path}`}
    >
      {keyed && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Authentication</legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-auth`}
                value="session"
                checked={authMode === 'session'}
                onChange={() => setAuthMode('session')}
              />
              My signed-in session
            </label>
            <label className="inline-flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-auth`}
                value="key"
                checked={authMode === 'key'}
                onChange={() => setAuthMode('key')}
              />
              An API key
            </label>
          </div>
          {authMode === 'key' && (
            <div className="space-y-2">
              <label htmlFor={`${id}-key`} className="block text-sm font-medium text-ink">
                API key
              </label>
              <input
                id={`${id}-key`}
                className={field}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={key}
                onChange={(e) => setKey(e.target.value)}
                aria-describedby={`${id}-key-help`}
              />
              <p id={`${id}-key-help`} className="text-xs text-slate-700">
                Kept only for this tab unless you tick the box below. Create keys in your{' '}
                <a className="underline" href="/dashboard">
                  dashboard
                </a>
                .
              </p>
              <label className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
                Remember on this device
              </label>
            </div>
          )}
        </fieldset>
      )}

      {formFields ? (
        <div className="space-y-3">
          <div>
            <label htmlFor={`${id}-file`} className="block text-sm font-medium text-ink">
              Image file{' '}
              <span className="font-normal text-slate-700">
                (optional: JPEG, PNG or WebP; replaces the URL)
              </span>
            </label>
            <input
              id={`${id}-file`}
              className={field}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          {formFields.map((f) => (
            <div key={f.name}>
              <label htmlFor={`${id}-${f.name}`} className="block font-mono text-sm font-medium text-ink">
                {f.name}
                {f.required && <span className="ml-1 font-sans text-xs text-rose-800">required</span>}
              </label>
              {f.options ? (
                <select
                  id={`${id}-${f.name}`}
                  className={field}
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                >
                  <option value="">(not sent)</option>
                  {f.options.map((o) => (
                    <option key={o} value={o}>
                      {o}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`${id}-${f.name}`}
                  className={field}
                  value={values[f.name] ?? ''}
                  onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
                  aria-describedby={f.description ? `${id}-${f.name}-help` : undefined}
                />
              )}
              {f.description && (
                <p id={`${id}-${f.name}-help`} className="mt-1 text-xs text-slate-700">
                  {f.description}
                </p>
              )}
            </div>
          ))}
        </div>
      ) : (
        <div>
          <label htmlFor={`${id}-body`} className="block text-sm font-medium text-ink">
            Request body (JSON)
          </label>
          <textarea
            id={`${id}-body`}
            className={`${field} font-mono`}
            rows={Math.min(18, Math.max(6, body.split('\n').length + 1))}
            spellCheck={false}
            value={body}
            onChange={(e) => setBody(e.target.value)}
          />
        </div>
      )}

      <button type="submit" className="btn btn-primary" disabled={!hydrated || busy}>
        {busy ? 'Sending…' : `Send ${method} request`}
      </button>

      <div aria-live="polite" aria-atomic="false">
        {error && (
          <div
            role="alert"
            className="rounded-lg border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900"
          >
            <h5 ref={resultHeading} tabIndex={-1} className="font-semibold">
              Not sent
            </h5>
            <p>{error}</p>
          </div>
        )}
        {result && (
          <div className="space-y-2" data-try-result>
            <h5 ref={resultHeading} tabIndex={-1} className="text-sm font-semibold text-ink">
              Response: <span data-try-status>{result.status}</span> {result.statusText} in {result.ms} ms
            </h5>
            <details className="text-sm">
              <summary className="cursor-pointer text-slate-700">
                Response headers ({result.headers.length})
              </summary>
              <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 font-mono text-xs">
                {result.headers.map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="font-semibold">{k}</dt>
                    <dd className="break-all">{v}</dd>
                  </div>
                ))}
              </dl>
            </details>
            <pre
              className="max-h-96 overflow-auto rounded-lg bg-[#0d1117] p-3 text-xs text-[#e6edf3]"
              tabIndex={0}
              aria-label="Response body"
            >
              <code data-try-body>{result.body}</code>
            </pre>
          </div>
        )}
      </div>
    </form>
  );
}
