import { useState, type FormEvent } from 'react';
import { SIMILAR_SAMPLES } from '../../lib/demo-samples';
import { request } from '../../shared/api-client';
import { demoSimilarOperation } from '../../shared/contracts/similar';
import type { SimilarResponse } from '../../shared/schemas/similar';
import { dataOf, imageRequestBody, refuse, useDemoRun } from './demo-run';
import { ImageDemo } from './ImageDemo';
import {
  buildSimilarRequest,
  imageUrlError,
  SIMILAR_CATEGORIES,
  SIMILAR_MAX_RESULTS,
  SIMILAR_THRESHOLD,
  snapToRange,
  type SimilarCategory,
} from './demo-requests';
import { SelectField, SliderField } from './Fields';
import { useImageSource } from './ImageSourcePicker';
import { RequestPanel } from './JsonPanel';

const FAILED = 'Failed to search for similar images';
const percent = (v: number) => `${Math.round(v * 100)}%`;

/** /demo/similar-images: real search of the public gallery. */
export default function SimilarDemo() {
  const [maxResults, setMaxResults] = useState(SIMILAR_MAX_RESULTS.default);
  const [threshold, setThreshold] = useState(SIMILAR_THRESHOLD.default);
  const [category, setCategory] = useState<SimilarCategory>('all');
  const source = useImageSource(SIMILAR_SAMPLES);
  const { imageUrl, file } = source;
  const demo = useDemoRun<SimilarResponse>({
    done: (r) => ({
      title: 'Search Complete!',
      description: `${r.matches_found} similar image${r.matches_found === 1 ? '' : 's'} found in ${r.processing_time.toFixed(2)}s`,
    }),
    failed: FAILED,
  });

  const shownRequest = buildSimilarRequest({
    imageUrl: file ? `(uploaded file ${file.name})` : imageUrl,
    maxResults,
    threshold,
    category,
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const urlError = file ? undefined : imageUrlError(imageUrl);
    if (urlError) return refuse(urlError);
    await demo.run(async () => {
      const { body } = await imageRequestBody(source, {
        max_results: snapToRange(maxResults, SIMILAR_MAX_RESULTS),
        similarity_threshold: snapToRange(threshold, SIMILAR_THRESHOLD),
        category,
      });
      // An upload goes out as FormData (the api client sends it as multipart); the contract documents the JSON form.
      return dataOf(
        await request(demoSimilarOperation, {
          body: body as Parameters<typeof request<typeof demoSimilarOperation>>[1]['body'],
        }),
        FAILED,
      );
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
          <SliderField
            label="Maximum results"
            value={maxResults}
            range={SIMILAR_MAX_RESULTS}
            onChange={setMaxResults}
          />
          <SliderField
            label="Similarity threshold"
            value={threshold}
            range={SIMILAR_THRESHOLD}
            onChange={setThreshold}
            format={percent}
            description="Matches scoring below the threshold are left out: 70% and up is a related scene, 90% and up a near duplicate."
          />
          <SelectField
            label="Category filter"
            value={category}
            options={SIMILAR_CATEGORIES}
            onChange={setCategory}
          />
        </>
      }
      submitLabel="Find Similar Images"
      busyLabel="Searching..."
      idleText="Choose an image, adjust the settings and search the public gallery."
      busyText="Searching the gallery…"
      seconds={response?.processing_time}
      result={response && <Matches response={response} />}
      responseValue={response}
      responsePlaceholder="Run the search and the API response will appear here."
      requestPanel={<RequestPanel request={shownRequest} />}
    />
  );
}

function Matches({ response }: { response: SimilarResponse }) {
  const r = response;
  return (
    <div className="space-y-3 text-sm">
      <p className="text-muted">
        {r.matches_found} of {r.total_searched} gallery photos at or above{' '}
        {percent(r.search_parameters.similarity_threshold)} similarity
        {r.search_parameters.category === 'all' ? '' : ` in ${r.search_parameters.category}`}.
      </p>
      {r.similar_images.length === 0 ? (
        <p>No similar images found. Lower the threshold or choose another category.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Similar images">
          {r.similar_images.map((m) => (
            <li
              key={m.id}
              className="overflow-hidden rounded-lg border border-slate-200 bg-white"
              data-testid="similar-match"
            >
              <img
                src={m.url}
                alt={m.title ?? m.id}
                loading="lazy"
                width={320}
                height={240}
                className="aspect-[4/3] w-full bg-slate-100 object-cover"
              />
              <div className="space-y-1 p-2">
                <div className="flex flex-wrap items-center gap-1">
                  <span className="badge bg-brand-50 font-semibold text-brand-700">
                    {percent(m.similarity)} similar
                  </span>
                  {m.near_duplicate && (
                    <span className="badge bg-amber-100 font-semibold text-amber-900">Near duplicate</span>
                  )}
                </div>
                <p className="truncate font-medium text-ink" title={m.title}>
                  {m.title ?? m.id}
                </p>
                <p className="text-xs text-muted">{m.category}</p>
                {m.credit && (
                  <p className="line-clamp-2 text-xs text-muted" title={`${m.credit} (${m.license ?? ''})`}>
                    {m.credit} · {m.license}
                  </p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted">
        Similarity is calibrated on edited copies of the gallery photos: 90% and up is a near duplicate, 70%
        and up a related scene. Gallery photos are openly licensed; credits from their Debian packages.
      </p>
    </div>
  );
}
