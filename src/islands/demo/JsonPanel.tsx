import { useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn';
import { notify as toast } from './notify';
import { COPIED_RESET_MS, copyText, formatJson } from './copy-text';

export interface JsonPanelProps {
  /** Panel heading, e.g. "API Request" or "API Response". */
  title: string;
  /** The JSON value (or preformatted text) to show; `undefined` shows `placeholder`. */
  value: unknown;
  /** What the panel says while it has nothing to show. */
  placeholder?: string;
  /** Optional line above the JSON, e.g. "POST /api/demo/object-detection". */
  caption?: string;
  /** Heading level for the title, so the panel fits the page outline. */
  headingLevel?: 2 | 3;
  className?: string;
}

/** A titled, dark JSON viewer with a copy button (check mark for 2 s and a "Copied" toast). */
export function JsonPanel({
  title,
  value,
  placeholder = 'Nothing to show yet.',
  caption,
  headingLevel = 2,
  className,
}: JsonPanelProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const headingId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const hasValue = value !== undefined;
  const text = hasValue ? formatJson(value) : '';

  useEffect(() => () => clearTimeout(timer.current), []);

  async function onCopy() {
    const body = caption ? `${caption}\n${text}` : text;
    if (!(await copyText(body))) {
      toast({ title: 'Error', description: 'Could not copy to the clipboard', variant: 'destructive' });
      return;
    }
    toast({ title: 'Copied', description: 'Code copied to clipboard' });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_RESET_MS);
  }

  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'overflow-hidden rounded-xl border border-slate-800 bg-[#0d1117] text-[#e6edf3]',
        className,
      )}
    >
      <div className="flex min-h-11 items-center justify-between gap-3 border-b border-slate-800 bg-[#161b22] py-1.5 pl-4 pr-2">
        <Heading id={headingId} className="text-sm font-semibold">
          {title}
        </Heading>
        <button
          type="button"
          onClick={() => void onCopy()}
          disabled={!hasValue}
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-700 bg-[#21262d] px-2.5 py-1 text-xs font-semibold text-[#e6edf3] hover:border-slate-500 hover:bg-[#30363d] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[#79c0ff] disabled:cursor-not-allowed disabled:opacity-50"
        >
          {copied ? (
            <svg
              viewBox="0 0 24 24"
              width="16"
              height="16"
              fill="none"
              stroke="#7ee787"
              strokeWidth="2.5"
              aria-hidden="true"
            >
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          ) : (
            <svg
              viewBox="0 0 24 24"
              width="16"
              height="16"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <rect x="9" y="9" width="12" height="12" rx="2" />
              <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
            </svg>
          )}
          <span>{copied ? 'Copied' : 'Copy'}</span>
          <span className="sr-only"> {title}</span>
        </button>
      </div>
      {hasValue ? (
        // A focusable, named region so keyboard users can scroll long lines.
        <pre
          tabIndex={0}
          aria-label={`${title} JSON`}
          className="max-h-[28rem] overflow-auto p-4 font-mono text-[0.8125rem] leading-relaxed focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-[#79c0ff]"
        >
          {caption && <span className="mb-2 block font-semibold text-[#79c0ff]">{caption}</span>}
          <code>{text}</code>
        </pre>
      ) : (
        <p className="p-4 text-sm text-[#c9d1d9]">{placeholder}</p>
      )}
    </section>
  );
}

/** The request a demo sends, as its "API Request" panel shows it: method and path, then headers and body. */
export function RequestPanel({
  request,
}: {
  request: { method: string; url: string; headers: unknown; body: unknown };
}) {
  return (
    <JsonPanel
      title="API Request"
      caption={`${request.method} ${request.url}`}
      value={{ headers: request.headers, body: request.body }}
    />
  );
}
