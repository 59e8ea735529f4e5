import type { FormEvent, ReactNode } from 'react';
import type { DemoRun } from './demo-run';
import { DemoGrid, DemoPanel } from './DemoGrid';
import { ImagePreview } from './ImagePreview';
import { ImageSourcePicker, type ImageSource } from './ImageSourcePicker';
import { JsonPanel } from './JsonPanel';
import { ResultsCard } from './ResultsCard';
import { SubmitButton } from './SubmitButton';

export interface ImageDemoProps<R> {
  /** The picked sample, typed URL or uploaded file (`useImageSource`). */
  source: ImageSource;
  /** The run state (`useDemoRun`). */
  run: DemoRun<R>;
  onSubmit: (event: FormEvent) => void | Promise<void>;
  /** The demo's controls, in the Settings card. */
  settings: ReactNode;
  /** Run button labels, e.g. "Detect Watermarks" / "Detecting...". */
  submitLabel: string;
  busyLabel: string;
  /** Below the run button (a documentation link). */
  settingsFooter?: ReactNode;
  /** Drawn over the preview (boxes of the last run on this image). */
  previewOverlay?: ReactNode;
  /** What the results card says before the first run, and while one is pending. */
  idleText: string;
  busyText: string;
  /** The last run's processing time (a badge beside "Results"). */
  seconds?: number | undefined;
  /** The results of a run that answered. */
  result: ReactNode;
  /** The API Response panel's JSON (shown once a run answered), and what it says before. */
  responseValue: unknown;
  responsePlaceholder: string;
  /** The API Request panel. */
  requestPanel: ReactNode;
}

/**
 * The page every image demo is: choose an image and the settings on the left, the preview and
 * results on the right, the API response and request below.
 */
export function ImageDemo<R>(props: ImageDemoProps<R>) {
  const { source, run, settings } = props;
  const done = run.status === 'done';
  return (
    <form onSubmit={(e) => void props.onSubmit(e)} noValidate>
      <DemoGrid
        input={
          <>
            <DemoPanel title="Choose an image">
              <ImageSourcePicker source={source} />
            </DemoPanel>
            <DemoPanel title="Settings">
              <div className="space-y-5">{settings}</div>
              <SubmitButton
                className="mt-6"
                label={props.submitLabel}
                busyLabel={props.busyLabel}
                busy={run.status === 'busy'}
              />
              {props.settingsFooter}
            </DemoPanel>
          </>
        }
        output={
          <>
            <DemoPanel title="Image preview">
              <ImagePreview src={source.previewSrc} alt={source.previewAlt} overlay={props.previewOverlay} />
            </DemoPanel>
            <ResultsCard
              status={run.status}
              runCount={run.runs}
              idleText={props.idleText}
              busyText={props.busyText}
              seconds={props.seconds}
              error={run.errorText}
            >
              {done && props.result}
            </ResultsCard>
          </>
        }
        responsePanel={
          <JsonPanel
            title="API Response"
            value={done ? props.responseValue : undefined}
            placeholder={props.responsePlaceholder}
          />
        }
        requestPanel={props.requestPanel}
      />
    </form>
  );
}
