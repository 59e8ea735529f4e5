import { useState, type FormEvent } from 'react';
import { FACE_SAMPLES } from '../../lib/demo-samples';
import { request } from '../../shared/api-client';
import { demoFacesOperation } from '../../shared/contracts/faces';
import type { Face, FacesResponse } from '../../shared/schemas/faces';
import { dataOf, imageRequestBody, refuse, useDemoRun } from './demo-run';
import { ImageDemo } from './ImageDemo';
import type { PreparedUpload } from './downscale';
import {
  buildFacesRequest,
  FACE_POLICIES,
  facesFields,
  imageUrlError,
  type FacePolicyChoice,
} from './demo-requests';
import { FaceOverlay } from './FaceOverlay';
import { SelectField, SwitchField } from './Fields';
import { useImageSource } from './ImageSourcePicker';
import { RequestPanel } from './JsonPanel';

const FAILED = 'Failed to analyse faces';

/** Faces of a downscaled upload, back on the picked file's pixels (what the preview shows). */
function onPreview(faces: readonly Face[], upload: PreparedUpload | undefined): Face[] {
  if (!upload?.downscaled) return [...faces];
  const sx = upload.source.width / upload.sent.width;
  const sy = upload.source.height / upload.sent.height;
  const pt = ([x, y]: [number, number]): [number, number] => [x * sx, y * sy];
  return faces.map((f) => ({
    ...f,
    bounding_box: [
      Math.round(f.bounding_box[0] * sx),
      Math.round(f.bounding_box[1] * sy),
      Math.round(f.bounding_box[2] * sx),
      Math.round(f.bounding_box[3] * sy),
    ],
    landmarks: Object.fromEntries(
      Object.entries(f.landmarks).map(([name, p]) => [name, pt(p)]),
    ) as Face['landmarks'],
    ...(f.mesh && { mesh: f.mesh.map(([x, y, z]) => [x * sx, y * sy, z] as [number, number, number]) }),
  }));
}

/** /demo/face-analysis: faces with boxes and landmarks, quality, liveness and the profile-photo check. */
export default function FaceDemo() {
  const [policy, setPolicy] = useState<FacePolicyChoice>('profile_photo');
  const [includeMesh, setIncludeMesh] = useState(false);
  const source = useImageSource(FACE_SAMPLES);
  const { imageUrl, file, previewSrc } = source;
  const demo = useDemoRun<{ response: FacesResponse; src: string; upload?: PreparedUpload | undefined }>({
    done: ({ response: r }) => ({
      title:
        r.face_count === 0
          ? 'No face found'
          : `${r.face_count} ${r.face_count === 1 ? 'face' : 'faces'} found`,
      description: r.policy
        ? `Profile photo check: ${r.policy.passed ? 'passed' : 'failed'}`
        : `Analysed in ${r.processing_time.toFixed(2)}s`,
    }),
    failed: FAILED,
  });

  const shownRequest = buildFacesRequest({
    imageUrl: file ? `(uploaded file ${file.name})` : imageUrl,
    policy,
    includeMesh,
  });
  const result = demo.response;
  const shown = result && result.src === previewSrc ? result : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const urlError = file ? undefined : imageUrlError(imageUrl);
    if (urlError) return refuse(urlError);
    const src = source.sentSrc;
    await demo.run(async () => {
      const { body, upload } = await imageRequestBody(source, facesFields(policy, includeMesh));
      // An upload goes out as FormData (the api client sends it as multipart); the contract documents the JSON form.
      return { response: dataOf(await request(demoFacesOperation, { body }), FAILED), src, upload };
    });
  }

  const response = result?.response;
  const size = shown
    ? shown.upload?.downscaled
      ? shown.upload.source
      : { width: shown.response.width, height: shown.response.height }
    : undefined;
  return (
    <ImageDemo
      source={source}
      run={demo}
      onSubmit={onSubmit}
      settings={
        <>
          <SelectField
            label="Policy check"
            value={policy}
            options={FACE_POLICIES}
            onChange={setPolicy}
            description="Profile photo: one frontal, sharp, well-exposed face with open eyes and no sign of a screen or print."
          />
          <SwitchField
            label="Include the full mesh"
            description="Also return and draw the 468 landmark points of each face."
            checked={includeMesh}
            onChange={setIncludeMesh}
          />
        </>
      }
      submitLabel="Analyse Faces"
      busyLabel="Analysing..."
      previewOverlay={
        shown &&
        size && (
          <FaceOverlay
            faces={onPreview(shown.response.faces, shown.upload)}
            width={size.width}
            height={size.height}
            showMesh={includeMesh}
          />
        )
      }
      idleText="Choose an image, pick a policy and analyse the faces."
      busyText="Analysing faces…"
      seconds={response?.processing_time}
      result={response && <FaceResults response={response} />}
      responseValue={response}
      responsePlaceholder="Analyse an image and the API response will appear here."
      requestPanel={<RequestPanel request={shownRequest} />}
    />
  );
}

const deg = (v: number) => `${Math.round(v)}°`;

function FaceResults({ response: r }: { response: FacesResponse }) {
  return (
    <div className="space-y-4 text-sm">
      <p className="text-base font-semibold text-ink" data-testid="face-count">
        {r.face_count === 0
          ? 'No face found in this image.'
          : `${r.face_count} ${r.face_count === 1 ? 'face' : 'faces'} found.`}
      </p>
      {r.policy && (
        <section
          aria-label="Policy check"
          data-testid="face-policy"
          className={`rounded-lg border p-4 ${r.policy.passed ? 'border-green-300 bg-green-50' : 'border-red-300 bg-red-50'}`}
        >
          <p className={`font-semibold ${r.policy.passed ? 'text-green-800' : 'text-red-800'}`}>
            {r.policy.name === 'profile_photo' ? 'Profile photo' : 'Policy'}:{' '}
            {r.policy.passed ? 'passed' : 'failed'}
          </p>
          <ul className="mt-2 space-y-1">
            {r.policy.reasons.map((reason) => (
              <li key={reason.rule} className="flex gap-2">
                <span aria-hidden="true" className={reason.passed ? 'text-green-700' : 'text-red-700'}>
                  {reason.passed ? '✓' : '✗'}
                </span>
                <span>
                  <span className="sr-only">{reason.passed ? 'Passed: ' : 'Failed: '}</span>
                  {reason.message}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {r.faces.map((f, i) => (
        <section key={i} aria-label={`Face ${i + 1}`} className="rounded-lg bg-slate-50 p-3">
          <h3 className="font-semibold text-ink">Face {i + 1}</h3>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
            {[
              ['Confidence', f.confidence.toFixed(2)],
              ['Size', `${f.quality.face_width_px} × ${f.quality.face_height_px} px`],
              ['Head pose', `yaw ${deg(f.pose.yaw)}, pitch ${deg(f.pose.pitch)}, roll ${deg(f.pose.roll)}`],
              [
                'Eyes',
                f.eyes.left_open && f.eyes.right_open
                  ? 'open'
                  : !f.eyes.left_open && !f.eyes.right_open
                    ? 'closed'
                    : 'one closed',
              ],
              ['Sharpness', f.quality.sharpness.toFixed(2)],
              ['Exposure', f.quality.exposure],
              [
                'Screen or print',
                f.presentation_attack.indicated
                  ? `indicated (liveness ${f.presentation_attack.liveness_score.toFixed(2)})`
                  : `not indicated (liveness ${f.presentation_attack.liveness_score.toFixed(2)})`,
              ],
            ].map(([k, v]) => (
              <div key={k}>
                <dt className="text-xs text-muted">{k}</dt>
                <dd className="font-medium text-ink">{v}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className="text-xs text-muted">
        No identification, no face matching, no age, gender or emotion. The presentation-attack result is an
        indicator, not a certainty; the image is not stored.
      </p>
    </div>
  );
}
