import { useState, type FormEvent, type ReactNode } from 'react';
import type { DemoSample } from '../../lib/demo-samples';
import { notify as toast } from './notify';
import { DemoGrid, DemoPanel } from './DemoGrid';
import { imageUrlError, type DemoRequest } from './demo-requests';
import { ImagePreview } from './ImagePreview';
import { ImageSourceTabs, selectedSample } from './ImageSourceTabs';
import { JsonPanel } from './JsonPanel';
import { ResultsCard, type ResultsStatus } from './ResultsCard';
import { SubmitButton } from './SubmitButton';
import { useDebouncedValue } from './use-debounced-value';

export interface DemoShellProps {
  /** The demo's name in running text, e.g. "image captioning". */
  demoName: string;
  /** `pageName` of contact requests from the results card; defaults to the page's own. */
  pageName?: string;
  samples: readonly DemoSample[];
  /** The demo's own controls, rendered in the Settings card. */
  settings: ReactNode;
  /** The request the page would send for this image URL and the current settings. */
  buildRequest: (imageUrl: string) => DemoRequest<unknown>;
  /** Run button label, e.g. "Generate Caption". */
  runLabel: string;
  /** Busy label, e.g. "Generating..." (kept for when live analysis lands). */
  busyLabel: string;
}

/**
 * A demo whose live analysis is not available yet. Everything up to the request is real (image
 * choice, preview, settings, the exact request shown live); the run validates the input and then
 * says plainly that no analysis ran, instead of inventing a result.
 */
export function DemoShell({ demoName, pageName, samples, settings, buildRequest, runLabel, busyLabel }: DemoShellProps) {
  const [imageUrl, setImageUrl] = useState('');
  const [picked, setPicked] = useState(false);
  const [status, setStatus] = useState<ResultsStatus>('idle');
  const [ranFor, setRanFor] = useState('');
  const [runs, setRuns] = useState(0);
  // Typed URLs preview after a pause; a picked sample previews at once.
  const debouncedUrl = useDebouncedValue(imageUrl, 400);
  const previewUrl = (picked ? imageUrl : debouncedUrl).trim();
  const sample = selectedSample(samples, imageUrl);
  const request = buildRequest(imageUrl);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const error = imageUrlError(imageUrl);
    if (error) {
      toast({ title: 'Error', description: error, variant: 'destructive' });
      return;
    }
    setRanFor(imageUrl.trim());
    setStatus('done');
    setRuns((n) => n + 1);
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <DemoGrid
        input={
          <>
            <DemoPanel title="Choose an image">
              <ImageSourceTabs
                samples={samples}
                value={imageUrl}
                onChange={(url, s) => {
                  setImageUrl(url);
                  setPicked(s !== undefined);
                }}
              />
            </DemoPanel>
            <DemoPanel title="Settings">
              <div className="space-y-5">{settings}</div>
              <SubmitButton className="mt-6" label={runLabel} busyLabel={busyLabel} busy={false} />
            </DemoPanel>
          </>
        }
        output={
          <>
            <DemoPanel title="Image preview">
              <ImagePreview src={previewUrl} alt={sample?.alt ?? 'Preview of the image at the entered URL'} />
            </DemoPanel>
            <ResultsCard status={status} runCount={runs} idleText="Choose an image, adjust the settings and run the demo.">
              <div className="rounded-lg border border-amber-300 bg-amber-50 p-4">
                <p className="font-semibold text-ink">Live {demoName} is not available in this demo yet.</p>
                <p className="mt-2 text-sm text-slate-700">
                  No analysis was run, so there is no result to show. The request panel below is exactly what your
                  integration would send for this image; talk to us for early access to the {demoName} API.
                </p>
                <p className="mt-2 break-all text-xs text-muted">Image: {ranFor}</p>
                <button type="button" className="btn-primary mt-4" data-contact data-page-name={pageName}>
                  Contact Sales
                </button>
              </div>
            </ResultsCard>
          </>
        }
        responsePanel={
          <JsonPanel
            title="API Response"
            value={undefined}
            placeholder={
              status === 'done'
                ? 'No response: live analysis for this demo is not available yet. The API response will appear here once it is.'
                : 'Run the demo and the API response will appear here.'
            }
          />
        }
        requestPanel={<JsonPanel title="API Request" caption={`${request.method} ${request.url}`} value={{ headers: request.headers, body: request.body }} />}
      />
    </form>
  );
}
