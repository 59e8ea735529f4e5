import { useState, type FormEvent } from 'react';
import { BYTES_PER_MB, UPLOAD_LIMITS } from '../../shared/limits';
import { VALIDATION_SAMPLES } from '../../lib/demo-samples';
import { request } from '../../shared/api-client';
import { demoPhotoValidationOperation } from '../../shared/contracts/photo-authenticity';
import type { PhotoValidationResponse } from '../../shared/schemas/photo-authenticity/photo-validation';
import { dataOf, imageRequestBody, refuse, useDemoRun } from './demo-run';
import { ImageDemo } from './ImageDemo';
import { imageUrlError, VALIDATION_TYPES, type ValidationType } from './demo-requests';
import { SelectField } from './Fields';
import { useImageSource } from './ImageSourcePicker';
import { JsonPanel } from './JsonPanel';
import { validationToast, VERDICT_LABEL } from './validation-toast';

const ENDPOINT = '/api/demo/photo-validation';
const FAILED = 'Failed to validate photo';
/** Netlify buffers ~4.5 MB of upload; the file is sent as is, since resizing would strip the evidence. */
const MAX_UPLOAD_BYTES = UPLOAD_LIMITS.fileBytes;

const CHECK_HELP: Record<ValidationType, string> = {
  comprehensive: 'Every rule: AI generation, editing and photo-of-a-screen, over all four evidence layers.',
  ai_detection:
    'Only the AI rules: C2PA credentials, declared metadata, PNG generator parameters, generator watermarks and the pixel signal.',
  manipulation: 'Only the editing and recapture rules, with the error-level heatmap and JPEG tables.',
  deepfake:
    'No deepfake model exists here: counts the people in the photo and applies the provenance rules (credentials, metadata, watermark).',
};

function Layer({ title, method, children }: { title: string; method: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 p-3" aria-label={title}>
      <h3 className="text-sm font-semibold text-ink">{title}</h3>
      <p className="text-xs text-muted">method: {method}</p>
      <div className="mt-2 space-y-1 text-sm text-slate-700">{children}</div>
    </section>
  );
}

/** The pixel signal as a meter with its threshold marked: a score, never a verdict on its own. */
function PixelMeter({ signal }: { signal: PhotoValidationResponse['pixel_signal'] }) {
  const above = signal.score >= signal.threshold;
  const words = `score ${signal.score.toFixed(2)}, ${above ? 'at or above' : 'below'} the threshold ${signal.threshold.toFixed(2)}`;
  return (
    <div className="mt-3" data-testid="pixel-signal">
      <p className="text-sm font-medium text-ink" id="pixel-meter-label">
        Pixel AI signal
      </p>
      <div
        role="meter"
        aria-labelledby="pixel-meter-label"
        aria-valuemin={0}
        aria-valuemax={1}
        aria-valuenow={signal.score}
        aria-valuetext={words}
        className="relative mt-1 h-3 w-full rounded-full bg-slate-200"
      >
        <div
          className={`h-3 rounded-full ${above ? 'bg-red-600' : 'bg-slate-500'}`}
          style={{ width: `${Math.round(signal.score * 100)}%` }}
        />
        <div
          className="absolute -top-1 h-5 w-0.5 bg-ink"
          style={{ left: `${Math.round(signal.threshold * 100)}%` }}
          title={`threshold ${signal.threshold}`}
        />
      </div>
      <p className="mt-1 text-xs text-muted">
        {words}.{' '}
        {!signal.rule_enabled
          ? 'This model version flagged too few AI images from generators held out of its training at a low false-positive rate, so its score decides nothing either way (see the accuracy card).'
          : above
            ? 'Its pixels carry traces image generators leave; declared or signed evidence still wins.'
            : 'Below the threshold this decides nothing: it does not make the photo real.'}{' '}
        Calibrated probability {signal.calibrated_probability.toFixed(2)} at even odds ({signal.model}{' '}
        {signal.version}).
      </p>
    </div>
  );
}

function Evidence({ result }: { result: PhotoValidationResponse }) {
  const { c2pa, metadata, watermark, signals } = result.evidence;
  const marks = watermark.marks.filter((m) => m.status !== 'absent');
  return (
    <div className="mt-4 grid gap-3" data-testid="evidence-layers">
      <Layer title="1. Signed provenance (C2PA)" method={c2pa.method}>
        {c2pa.status === 'absent' && <p>No Content Credentials in the file.</p>}
        {c2pa.status === 'unreadable' && (
          <p>A C2PA manifest is present but cannot be read; nothing it says is relied on.</p>
        )}
        {c2pa.status === 'present' && (
          <p>
            Manifest{' '}
            {c2pa.validation === 'invalid'
              ? 'does not validate'
              : c2pa.validation === 'valid'
                ? 'valid, trusted signer'
                : 'intact, signer not on a trust list'}
            {c2pa.signer ? `, signed by ${c2pa.signer}` : ''}
            {c2pa.digitalSourceType ? `; source type ${c2pa.digitalSourceType}` : ''}.
          </p>
        )}
        {c2pa.status === 'present' && c2pa.claimGenerator && <p>Claim generator: {c2pa.claimGenerator}</p>}
        {c2pa.status === 'present' && c2pa.actions.length > 0 && (
          <p>
            Actions:{' '}
            {c2pa.actions.map((a) => a.action + (a.softwareAgent ? ` (${a.softwareAgent})` : '')).join(', ')}
          </p>
        )}
        {c2pa.validationErrors.length > 0 && <p>Validator: {c2pa.validationErrors.join(', ')}</p>}
      </Layer>
      <Layer title="2. Declared metadata" method={metadata.method}>
        {!metadata.hasMetadata && <p>No metadata at all (stripped). That proves nothing either way.</p>}
        {metadata.digitalSourceType && <p>IPTC digital source type: {metadata.digitalSourceType}</p>}
        {Object.entries(metadata.aiFields).map(([k, v]) => (
          <p key={k}>
            {k}: {v}
          </p>
        ))}
        {metadata.software && <p>Software: {metadata.software}</p>}
        {metadata.pngGenerators.map((g) => (
          <p key={g.chunk}>
            {g.generator} parameters in PNG chunk “{g.chunk}”
          </p>
        ))}
        {metadata.camera.make && (
          <p>
            Camera: {metadata.camera.make} {metadata.camera.model ?? ''}
            {metadata.camera.takenAt ? `, taken ${metadata.camera.takenAt.slice(0, 10)}` : ''}
          </p>
        )}
        {metadata.hasMetadata &&
          !metadata.software &&
          !metadata.camera.make &&
          !metadata.digitalSourceType &&
          metadata.pngGenerators.length === 0 && <p>Metadata present, nothing about origin or editing.</p>}
      </Layer>
      <Layer title="3. Invisible generator watermark" method={watermark.method}>
        {marks.length === 0 ? (
          <p>None of the known marks (Stable Diffusion v1/v2, SDXL) decodes from the pixels.</p>
        ) : (
          marks.map((m) => (
            <p key={m.id}>
              {m.generator}: {m.matchingBits}/{m.totalBits} bits ({m.status})
              {m.decodedText ? `, reads “${m.decodedText}”` : ''}
            </p>
          ))
        )}
      </Layer>
      <Layer title="4. Pixel and file signals" method={signals.method}>
        <p>
          Camera EXIF:{' '}
          {signals.camera_exif.present
            ? signals.camera_exif.consistent
              ? 'present and consistent'
              : `present, ${signals.camera_exif.issues.join('; ')}`
            : 'none'}
        </p>
        {signals.jpeg_quantisation && (
          <p>
            JPEG tables:{' '}
            {signals.jpeg_quantisation.standardTables
              ? `standard libjpeg at quality ${signals.jpeg_quantisation.quality} (software encoder)`
              : `custom (closest quality ${signals.jpeg_quantisation.quality})`}
          </p>
        )}
        <p>
          Recapture (moire): {signals.recapture.level}, strongest peak {signals.recapture.peakProminenceDb} dB
        </p>
        {signals.ela.heatmapPng && (
          <figure className="mt-2">
            <img
              src={signals.ela.heatmapPng}
              alt="Error level analysis heatmap: bright areas changed most when the file was re-saved"
              width={signals.ela.width}
              height={signals.ela.height}
              className="h-auto w-full rounded border border-slate-200"
              data-testid="ela-heatmap"
            />
            <figcaption className="mt-1 text-xs text-muted">
              Error level analysis (re-save at quality 90): bright = large change. Pasted or retouched areas
              may stand out; edges and fine texture light up in untouched photos too.
            </figcaption>
          </figure>
        )}
      </Layer>
    </div>
  );
}

/** /demo/photo-validation: real analysis through the keyless demo endpoint. */
export default function ValidationDemo() {
  const source = useImageSource(VALIDATION_SAMPLES);
  const { imageUrl, file } = source;
  const [checkType, setCheckType] = useState<ValidationType>('comprehensive');
  const demo = useDemoRun<PhotoValidationResponse>({
    done: validationToast,
    failed: FAILED,
  });
  const result = demo.response;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (demo.status === 'busy') return;
    if (!file) {
      const error = imageUrlError(imageUrl);
      if (error) return refuse(error);
    } else if (file.size > MAX_UPLOAD_BYTES) {
      return refuse(
        `This demo accepts files up to ${MAX_UPLOAD_BYTES / BYTES_PER_MB} MB (resizing would strip the evidence it looks for).`,
      );
    }
    await demo.run(async () => {
      // The file goes out as is: re-encoding would strip the metadata and signals this demo reads.
      const { body } = await imageRequestBody(source, { check_type: checkType }, { downscale: false });
      return dataOf(await request(demoPhotoValidationOperation, { body }), FAILED);
    });
  }

  const requestShown = file
    ? { headers: { 'Content-Type': 'multipart/form-data' }, body: { file: file.name, check_type: checkType } }
    : {
        headers: { 'Content-Type': 'application/json' },
        body: { image_url: imageUrl.trim(), check_type: checkType },
      };

  return (
    <ImageDemo
      source={source}
      run={demo}
      onSubmit={onSubmit}
      settings={
        <SelectField
          label="Validation type"
          value={checkType}
          options={VALIDATION_TYPES}
          onChange={setCheckType}
          description={CHECK_HELP[checkType]}
        />
      }
      submitLabel="Validate Photo"
      busyLabel="Validating..."
      idleText="Choose an image, pick a validation type and run the demo."
      busyText="Validating…"
      result={
        result && (
          <div data-testid="validation-result">
            <p className="text-lg font-semibold text-ink">
              Verdict: <span data-testid="verdict">{VERDICT_LABEL[result.verdict]}</span>
            </p>
            <p className="text-sm text-slate-700">
              Authenticity score {result.authenticity_score.toFixed(2)} (0.5 = no evidence either way) ·{' '}
              {result.is_authentic ? 'no fail tag' : `fail tags: ${result.fail_tags.join(', ')}`} ·{' '}
              {result.processing_time.toFixed(2)} s
            </p>
            {result.analysis.specific_issues.length > 0 && (
              <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
                {result.analysis.specific_issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            )}
            {result.analysis.people && (
              <p className="mt-3 text-sm text-slate-700">
                People found: {result.analysis.people.count}. {result.analysis.people.note}
              </p>
            )}
            <PixelMeter signal={result.pixel_signal} />
            <p className="mt-3 text-xs text-muted">
              Evidence, not proof: missing metadata or credentials say nothing about a photo, and the pixel
              signal is set to flag few real photos, so it misses most AI images.
            </p>
            <Evidence result={result} />
          </div>
        )
      }
      responseValue={
        result && {
          ...result,
          evidence: {
            ...result.evidence,
            signals: {
              ...result.evidence.signals,
              ela: { ...result.evidence.signals.ela, heatmapPng: '(PNG data URL, shown above)' },
            },
          },
        }
      }
      responsePlaceholder="Run the demo and the API response will appear here."
      requestPanel={<JsonPanel title="API Request" caption={`POST ${ENDPOINT}`} value={requestShown} />}
    />
  );
}
