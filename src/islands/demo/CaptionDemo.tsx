import { useState, type FormEvent } from 'react';
import { CAPTION_SAMPLES } from '../../lib/demo-samples';
import { request } from '../../shared/api-client';
import { demoCaptionOperation } from '../../shared/contracts/caption';
import type { CaptionResponse } from '../../shared/schemas/caption';
import { dataOf, imageRequestBody, refuse, useDemoRun } from './demo-run';
import { ImageDemo } from './ImageDemo';
import {
  buildCaptionRequest,
  CAPTION_DEFAULTS,
  CAPTION_LENGTHS,
  CAPTION_STYLES,
  captionMaxWords,
  imageUrlError,
  type CaptionLength,
  type CaptionStyle,
} from './demo-requests';
import { SelectField } from './Fields';
import { useImageSource } from './ImageSourcePicker';
import { RequestPanel } from './JsonPanel';

const FAILED = 'Failed to generate caption';

/** /demo/image-captioning: a real caption composed from the analysis, style and length controls. */
export default function CaptionDemo() {
  const [style, setStyle] = useState<CaptionStyle>(CAPTION_DEFAULTS.style);
  const [length, setLength] = useState<CaptionLength>(CAPTION_DEFAULTS.length);
  const source = useImageSource(CAPTION_SAMPLES);
  const { imageUrl, file } = source;
  const demo = useDemoRun<CaptionResponse>({
    done: (r) => ({
      title: 'Caption Generated!',
      description: `${r.word_count} ${r.word_count === 1 ? 'word' : 'words'} in ${r.processing_time.toFixed(2)}s`,
    }),
    failed: FAILED,
  });

  const shownRequest = buildCaptionRequest({
    imageUrl: file ? `(uploaded file ${file.name})` : imageUrl,
    style,
    length,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const urlError = file ? undefined : imageUrlError(imageUrl);
    if (urlError) return refuse(urlError);
    await demo.run(async () => {
      const { body } = await imageRequestBody(source, { style, max_length: captionMaxWords(length) });
      // An upload goes out as FormData (the api client sends it as multipart); the contract documents the JSON form.
      return dataOf(await request(demoCaptionOperation, { body }), FAILED);
    });
  }

  const response = demo.response;
  return (
    <ImageDemo
      source={source}
      run={demo}
      onSubmit={onSubmit}
      settings={
        <>
          <SelectField
            label="Caption style"
            value={style}
            options={CAPTION_STYLES}
            onChange={setStyle}
            description="The tone of the generated description."
          />
          <SelectField
            label="Caption length"
            value={length}
            options={CAPTION_LENGTHS}
            onChange={setLength}
            description="Longer captions are cut at the word limit."
          />
        </>
      }
      submitLabel="Generate Caption"
      busyLabel="Generating..."
      idleText="Choose an image, pick a style and length, and generate a caption."
      busyText="Generating a caption…"
      seconds={response?.processing_time}
      result={response && <CaptionResult response={response} />}
      responseValue={response}
      responsePlaceholder="Generate a caption and the API response will appear here."
      requestPanel={<RequestPanel request={shownRequest} />}
    />
  );
}

function CaptionResult({ response: r }: { response: CaptionResponse }) {
  return (
    <div className="space-y-4 text-sm">
      <blockquote
        className="rounded-lg border-l-4 border-brand-600 bg-slate-50 p-4 text-base leading-relaxed text-ink"
        data-testid="caption-text"
      >
        {r.caption}
      </blockquote>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Style', r.style],
          ['Words', String(r.word_count)],
          ['Confidence', `${Math.round(r.confidence * 100)}%`],
          ['Text language', r.language_detected],
        ].map(([k, v]) => (
          <div key={k} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs text-muted">{k}</dt>
            <dd className="font-semibold capitalize text-ink">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted">
        Composed from detected content (room or scene, objects, people, text read, colours and light); no
        captioning model writes it. Confidence is an indicator, not a certainty.
      </p>
    </div>
  );
}
