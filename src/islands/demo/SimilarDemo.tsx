import { useState } from 'react';
import { SIMILAR_SAMPLES } from '../../lib/demo-samples';
import { buildSimilarRequest, SIMILAR_CATEGORIES, SIMILAR_MAX_RESULTS, SIMILAR_THRESHOLD, type SimilarCategory } from './demo-requests';
import { DemoShell } from './DemoShell';
import { SelectField, SliderField } from './fields';

const percent = (v: number) => `${Math.round(v * 100)}%`;

/** /demo/similar-images: max results, threshold and category filter (spec 2, 9). */
export default function SimilarDemo() {
  const [maxResults, setMaxResults] = useState(SIMILAR_MAX_RESULTS.default);
  const [threshold, setThreshold] = useState(SIMILAR_THRESHOLD.default);
  const [category, setCategory] = useState<SimilarCategory>('all');
  return (
    <DemoShell
      demoName="similar-image search"
      samples={SIMILAR_SAMPLES}
      runLabel="Find Similar Images"
      busyLabel="Searching..."
      buildRequest={(imageUrl) => buildSimilarRequest({ imageUrl, maxResults, threshold, category })}
      settings={
        <>
          <SliderField label="Maximum results" value={maxResults} range={SIMILAR_MAX_RESULTS} onChange={setMaxResults} />
          <SliderField
            label="Similarity threshold"
            value={threshold}
            range={SIMILAR_THRESHOLD}
            onChange={setThreshold}
            format={percent}
            description="Matches scoring below the threshold are left out."
          />
          <SelectField label="Category filter" value={category} options={SIMILAR_CATEGORIES} onChange={setCategory} />
        </>
      }
    />
  );
}
