import { useState, type FormEvent } from 'react';
import { WATERMARK_SAMPLES } from '../../lib/demo-samples';
import { request } from '../../shared/api-client';
import { demoWatermarkOperation } from '../../shared/contracts/watermark';
import type { WatermarkResponse } from '../../shared/schemas/watermark';
import { BoxOverlay } from '../object-detection/BoxOverlay';
import { dataOf, imageRequestBody, refuse, useDemoRun } from './demo-run';
import { ImageDemo } from './ImageDemo';
import type { PreparedUpload } from './downscale';
import { marksAsBoxes, watermarkToast } from './watermark-marks';
import {
  buildWatermarkRequest,
  imageUrlError,
  WATERMARK_DEFAULTS,
  WATERMARK_SENSITIVITIES,
  WATERMARK_TYPES,
  type WatermarkSensitivity,
  type WatermarkType,
} from './demo-requests';
import { SelectField, SwitchField } from './Fields';
import { useImageSource } from './ImageSourcePicker';
import { RequestPanel } from './JsonPanel';

const FAILED = 'Failed to detect watermarks';

/** /demo/watermark-detection: real analysis with boxes over each mark. */
export default function WatermarkDemo() {
  const [detectType, setDetectType] = useState<WatermarkType>(WATERMARK_DEFAULTS.detectType);
  const [sensitivity, setSensitivity] = useState<WatermarkSensitivity>(WATERMARK_DEFAULTS.sensitivity);
  const [includeInvisible, setIncludeInvisible] = useState<boolean>(WATERMARK_DEFAULTS.includeInvisible);
  const source = useImageSource(WATERMARK_SAMPLES);
  const { imageUrl, file, previewSrc } = source;
  const demo = useDemoRun<{ response: WatermarkResponse; src: string; upload?: PreparedUpload | undefined }>({
    done: ({ response: r }) => watermarkToast(r),
    failed: FAILED,
  });

  const shownRequest = buildWatermarkRequest({
    imageUrl: file ? `(uploaded file ${file.name})` : imageUrl,
    detectType,
    sensitivity,
    includeInvisible,
  });
  const result = demo.response;
  const shown = result && result.src === previewSrc ? result : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const urlError = file ? undefined : imageUrlError(imageUrl);
    if (urlError) return refuse(urlError);
    const src = source.sentSrc;
    await demo.run(async () => {
      const { body, upload } = await imageRequestBody(source, {
        detect_type: detectType,
        sensitivity,
        include_invisible: includeInvisible,
      });
      // An upload goes out as FormData (the api client sends it as multipart); the contract documents the JSON form.
      return { response: dataOf(await request(demoWatermarkOperation, { body }), FAILED), src, upload };
    });
  }

  const response = result?.response;
  const boxes = shown ? marksAsBoxes(shown.response, shown.upload) : [];
  const size = shown
    ? shown.upload?.downscaled
      ? shown.upload.source
      : { width: shown.response.image_width, height: shown.response.image_height }
    : undefined;
  return (
    <ImageDemo
      source={source}
      run={demo}
      onSubmit={onSubmit}
      settings={
        <>
          <SelectField
            label="Detection type"
            value={detectType}
            options={WATERMARK_TYPES}
            onChange={setDetectType}
          />
          <SelectField
            label="Sensitivity"
            value={sensitivity}
            options={WATERMARK_SENSITIVITIES}
            onChange={setSensitivity}
            description="Higher sensitivity finds fainter marks but may flag more false positives."
          />
          <SwitchField
            label="Include invisible watermarks"
            description="Also decode the invisible dwtDct mark that Stable Diffusion and SDXL embed."
            checked={includeInvisible}
            onChange={setIncludeInvisible}
          />
        </>
      }
      submitLabel="Detect Watermarks"
      busyLabel="Detecting..."
      previewOverlay={
        size && boxes.length > 0 && <BoxOverlay objects={boxes} width={size.width} height={size.height} />
      }
      idleText="Choose an image, adjust the settings and run the detection."
      busyText="Detecting watermarks…"
      seconds={response?.processing_time}
      result={response && <Results response={response} />}
      responseValue={response}
      responsePlaceholder="Run the detection and the API response will appear here."
      requestPanel={<RequestPanel request={shownRequest} />}
    />
  );
}

const pct = (v: number) => `${Math.round(v * 100)}%`;

function Results({ response }: { response: WatermarkResponse }) {
  const r = response;
  const rights = r.rights_metadata;
  const declared = [
    ['Copyright', rights.copyright_notice],
    ['Credit', rights.credit],
    ['Source', rights.source],
    ['Creator', rights.creator],
    ['Rights', rights.rights],
    ['Web statement', rights.web_statement],
    ['Licensor', rights.licensors.join(', ') || null],
  ].filter(([, v]) => v);
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-3 gap-3">
        {[
          ['Visible', r.visible_watermarks],
          ['Invisible', r.invisible_watermarks],
          ['Brand logos', r.brand_logos],
        ].map(([name, g]) => {
          const group = g as WatermarkResponse['visible_watermarks'];
          return (
            <div key={name as string} className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-muted">{name as string}</dt>
              <dd className="text-xl font-semibold text-ink">
                {group.checked ? group.count : 'not checked'}
              </dd>
            </div>
          );
        })}
      </dl>
      {r.visible_watermarks.items.length > 0 && (
        <ul className="space-y-1" aria-label="Visible watermarks">
          {r.visible_watermarks.items.map((w, i) => (
            <li key={i}>
              <span className="font-medium text-ink">“{w.text}”</span>{' '}
              <span className="text-muted">
                ({w.type.replace('_', ' ')}, opacity ≈ {pct(w.opacity)}, confidence {pct(w.confidence)})
              </span>
            </li>
          ))}
        </ul>
      )}
      {r.invisible_watermarks.items.map((w, i) => (
        <p key={i} className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-800">
          Invisible {w.algorithm} mark of {w.generator}: payload “{w.embedded_data}”, {pct(w.confidence)} of
          bits agree.
        </p>
      ))}
      {r.brand_logos.items.length > 0 && (
        <p>
          <span className="font-medium text-ink">Brands:</span>{' '}
          {r.brand_logos.items.map((l) => `${l.brand} (${l.logo_type})`).join(', ')}
        </p>
      )}
      {rights.checked && (
        <p className="text-muted">
          <span className="font-medium text-ink">Rights metadata:</span>{' '}
          {declared.length ? declared.map(([k, v]) => `${k}: ${v}`).join('; ') : 'none declared in the file.'}
        </p>
      )}
      <p className="text-xs text-muted">
        {r.detection_settings.text_reader}. Confidence and opacity are measured indicators, not certainties.{' '}
        {r.detection_settings.logo_note}
      </p>
    </div>
  );
}
