import * as Tabs from '@radix-ui/react-tabs';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { absoluteSampleUrl, type DemoSample } from '../../lib/demo-samples';
import { balancedColumns } from '../../lib/grid';
import { fieldClass } from '../ui/Input';

/**
 * Sample cards two to a row on phones and three where five, six or more fit better, never one
 * alone on the last row: an odd last card spans a two-column row.
 */
function sampleGridClass(count: number): string {
  return balancedColumns(count, 3) === 3
    ? 'grid-cols-2 sm:grid-cols-3 max-sm:[&>:last-child:nth-child(odd)]:col-span-2'
    : 'grid-cols-2 [&>:last-child:nth-child(odd)]:col-span-2';
}

export interface ImageSourceTabsProps {
  /** Samples offered on the Sample Images tab. */
  samples: readonly DemoSample[];
  /** The current image URL (a chosen sample's absolute URL or what the visitor typed). */
  value: string;
  /** Called with the new URL, and the sample when one was picked. */
  onChange: (url: string, sample?: DemoSample) => void;
  /** Label of the URL field. */
  urlLabel?: string;
  className?: string;
}

/** The sample the URL points at, if any (`undefined` during server rendering). */
export function selectedSample(samples: readonly DemoSample[], value: string): DemoSample | undefined {
  if (value === '' || typeof window === 'undefined') return undefined;
  return samples.find((s) => absoluteSampleUrl(s.src, window.location.origin) === value);
}

const tabClass =
  'flex-1 rounded-md px-3 py-2 text-sm font-semibold text-muted transition-colors hover:text-ink ' +
  'data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

/**
 * "Sample Images" / "Image URL" tabs. Both edit one URL: picking a sample fills the
 * URL field too, and a sample shows "Selected" while the URL still points at it.
 */
export function ImageSourceTabs({
  samples,
  value,
  onChange,
  urlLabel = 'Image URL',
  className,
}: ImageSourceTabsProps) {
  const urlId = useId();
  const hintId = useId();
  const selected = selectedSample(samples, value);

  return (
    <Tabs.Root defaultValue="samples" className={cn('w-full', className)}>
      <Tabs.List aria-label="Image source" className="flex gap-1 rounded-lg bg-slate-100 p-1">
        <Tabs.Trigger value="samples" className={tabClass}>
          Sample Images
        </Tabs.Trigger>
        <Tabs.Trigger value="url" className={tabClass}>
          Image URL
        </Tabs.Trigger>
      </Tabs.List>

      <Tabs.Content value="samples" className="mt-4 focus-visible:outline-2 focus-visible:outline-offset-2">
        <ul data-sample-grid className={cn('grid gap-3', sampleGridClass(samples.length))}>
          {samples.map((sample) => {
            const isSelected = selected?.id === sample.id;
            return (
              <li key={sample.id}>
                <figure className="h-full">
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    data-sample-id={sample.id}
                    onClick={() => onChange(absoluteSampleUrl(sample.src, window.location.origin), sample)}
                    className={cn(
                      'group relative block w-full overflow-hidden rounded-lg border-2 bg-white text-left transition-colors',
                      isSelected
                        ? 'border-brand-600 ring-2 ring-brand-200'
                        : 'border-slate-200 hover:border-brand-500',
                    )}
                  >
                    <img
                      src={sample.src}
                      alt=""
                      width={sample.width}
                      height={sample.height}
                      loading="lazy"
                      decoding="async"
                      className="aspect-[4/3] w-full object-cover"
                    />
                    <span className="flex items-center justify-between gap-2 px-2.5 py-2 text-sm font-medium text-ink">
                      {sample.label}
                      {isSelected && <span className="badge bg-brand-600 text-white">Selected</span>}
                    </span>
                  </button>
                  <figcaption className="mt-1 px-0.5 text-xs text-muted">{sample.credit}</figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </Tabs.Content>

      <Tabs.Content value="url" className="mt-4 focus-visible:outline-2 focus-visible:outline-offset-2">
        <label htmlFor={urlId} className="mb-1.5 block text-sm font-medium text-ink">
          {urlLabel}
        </label>
        <input
          id={urlId}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://example.com/image.jpg"
          value={value}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.value)}
          className={fieldClass}
        />
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          A publicly reachable JPEG, PNG or WebP image, up to 10 MB.
        </p>
      </Tabs.Content>
    </Tabs.Root>
  );
}
