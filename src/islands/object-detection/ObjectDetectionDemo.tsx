import { useId, useState, type FormEvent } from 'react';
import { dataOf, imageRequestBody, refuse, useDemoRun } from '../demo/demo-run';
import { ImageDemo } from '../demo/ImageDemo';
import { toSourcePixels } from '../demo/downscale';
import { imageUrlError } from '../demo/demo-requests';
import { SelectField, SwitchField } from '../demo/Fields';
import { useImageSource } from '../demo/ImageSourcePicker';
import { JsonPanel } from '../demo/JsonPanel';
import { fieldClass } from '../ui/Input';
import { request } from '../../shared/api-client';
import { demoObjectDetectionOperation } from '../../shared/contracts/object-detection';
import type { DemoResponse } from '../../shared/schemas/detect';
import { BoxOverlay } from './BoxOverlay';
import {
  addObject,
  DEMO_FAILED_MESSAGE,
  displayedRequest,
  effectiveRoom,
  OD_SAMPLES,
  objectsForSample,
  objectsToSend,
  parseObjectsList,
  QUICK_ADD,
  ROOM_OPTIONS,
  type RoomCategory,
} from './object-detection';

const label = (name: string) => name.replace(/_/g, ' ');

/** /demo/object-detection: real detection with boxes drawn over the photo. */
export default function ObjectDetectionDemo() {
  const objectsId = useId();
  const objectsHint = useId();
  const source = useImageSource(OD_SAMPLES);
  const { imageUrl, file, previewSrc } = source;
  // Each sample starts with the objects it shows; what the visitor types is kept for that image.
  const sampleKey = file ? '' : (source.sample?.id ?? '');
  const [typed, setTyped] = useState<{ key: string; value: string }>();
  const objects = typed?.key === sampleKey ? typed.value : objectsForSample(file ? undefined : source.sample);
  const setObjects = (next: string | ((v: string) => string)) =>
    setTyped({ key: sampleKey, value: typeof next === 'function' ? next(objects) : next });
  const [everything, setEverything] = useState(false);
  const [room, setRoom] = useState<RoomCategory>('auto');
  const demo = useDemoRun<{ response: DemoResponse; src: string }>({
    done: ({ response: r }) => ({
      title: 'AI Analysis Complete!',
      description: `Found ${r.total_objects_detected} object${r.total_objects_detected === 1 ? '' : 's'} in ${r.processing_time.toFixed(2)}s`,
    }),
    failed: 'Analysis Failed',
    fallback: DEMO_FAILED_MESSAGE,
  });

  const sentRoom = effectiveRoom(room, file ? file.name : imageUrl);
  const sentObjects = objectsToSend(objects, everything);
  const shown = displayedRequest(
    file ? { fileName: file.name } : { url: imageUrl.trim() },
    sentObjects,
    sentRoom,
  );
  const result = demo.response;
  // Boxes belong to the image they were computed on; a new image hides them.
  const boxes = result && result.src === previewSrc ? result.response : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const urlError = file ? undefined : imageUrlError(imageUrl);
    if (urlError) return refuse(urlError);
    if (parseObjectsList(sentObjects).length === 0) return refuse('Please specify objects to find');
    // The image actually sent: a typed URL may not have reached the debounced preview yet.
    const src = source.sentSrc;
    await demo.run(async () => {
      const { body, upload } = await imageRequestBody(source, {
        objects_to_find: sentObjects,
        room_category: sentRoom as RoomCategory,
      });
      const data = dataOf(await request(demoObjectDetectionOperation, { body }), DEMO_FAILED_MESSAGE);
      // Boxes and sizes in the pixels of the picked file, whatever size was sent.
      return { response: upload ? toSourcePixels(data, upload) : data, src };
    });
  }

  const response = result?.response;
  return (
    <ImageDemo
      source={source}
      run={demo}
      onSubmit={onSubmit}
      settings={
        <>
          <div>
            <label htmlFor={objectsId} className="mb-1.5 block text-sm font-medium text-ink">
              Objects to find
            </label>
            <input
              id={objectsId}
              type="text"
              value={objects}
              onChange={(e) => setObjects(e.target.value)}
              aria-describedby={objectsHint}
              placeholder="sofa, chair, tv"
              autoComplete="off"
              disabled={everything}
              className={fieldClass}
            />
            <p id={objectsHint} className="mt-1.5 text-xs text-muted">
              Comma-separated. Each sample starts with what it shows. 80 everyday object classes are
              supported; others are reported as not detectable.
            </p>
            <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label="Quick add objects">
              {QUICK_ADD.map((o) => (
                <button
                  key={o}
                  type="button"
                  onClick={() => setObjects((v) => addObject(v, o))}
                  disabled={everything}
                  className="rounded-full border border-slate-300 bg-white px-3 py-1 text-xs font-medium text-ink hover:border-brand-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50"
                >
                  + {label(o)}
                </button>
              ))}
            </div>
          </div>
          <SwitchField
            label="Everything it can see"
            description="List every object the model finds, whatever the list above says."
            checked={everything}
            onChange={setEverything}
          />
          <SelectField
            label="Room category"
            value={room}
            options={ROOM_OPTIONS}
            onChange={setRoom}
            description="Auto-detect guesses from the image URL, then from the objects found."
          />
        </>
      }
      submitLabel="Analyze Image"
      busyLabel="Analyzing..."
      settingsFooter={
        <p className="mt-4 text-center text-sm">
          <a href="/docs" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            Full Documentation
          </a>
        </p>
      }
      previewOverlay={
        boxes && (
          <BoxOverlay objects={boxes.objects_found} width={boxes.image_width} height={boxes.image_height} />
        )
      }
      idleText="Choose an image, list the objects to find and run the analysis."
      busyText="Analyzing the image…"
      seconds={response?.processing_time}
      result={response && <Results response={response} />}
      responseValue={response}
      responsePlaceholder="Run the analysis and the API response will appear here."
      requestPanel={<JsonPanel title="API Request" caption={shown.caption} value={shown.value} />}
    />
  );
}

function Results({ response }: { response: DemoResponse }) {
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-muted">Objects detected</dt>
          <dd className="text-xl font-semibold text-ink" data-testid="total-objects">
            {response.total_objects_detected}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-muted">
            Room category{response.room_category_inferred ? ' (inferred)' : ''}
          </dt>
          <dd className="text-xl font-semibold text-ink">{label(response.room_category)}</dd>
        </div>
      </dl>
      {response.objects_found.length > 0 ? (
        <ul className="space-y-2" aria-label="Objects found">
          {response.objects_found.map((o, i) => (
            <li key={`${o.object}-${i}`} className="flex items-center gap-3">
              <span className="w-28 shrink-0 font-medium capitalize text-ink">{label(o.object)}</span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                <span
                  className="block h-full rounded-full bg-brand-600"
                  style={{ width: `${Math.round(o.confidence * 100)}%` }}
                />
              </span>
              <span className="w-12 text-right tabular-nums text-ink">{Math.round(o.confidence * 100)}%</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">None of the requested objects was found in this image.</p>
      )}
      {response.objects_not_found.length > 0 && (
        <p className="text-muted">
          <span className="font-medium text-ink">Not found:</span>{' '}
          {response.objects_not_found.map(label).join(', ')}
        </p>
      )}
      {response.undetectable_objects.length > 0 && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-800">
          <span className="font-medium">Not detectable by this model:</span>{' '}
          {response.undetectable_objects.map(label).join(', ')}. They were not checked, so no answer is given
          for them.
        </p>
      )}
      <p className="text-xs text-muted">
        {response.analysis_method}. Image {response.image_width}×{response.image_height} px; confidence is the
        model's score, not a probability.
      </p>
    </div>
  );
}
