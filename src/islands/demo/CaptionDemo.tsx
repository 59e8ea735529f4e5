import { useState } from 'react';
import { CAPTION_SAMPLES } from '../../lib/demo-samples';
import { buildCaptionRequest, CAPTION_DEFAULTS, CAPTION_LENGTHS, CAPTION_STYLES, type CaptionLength, type CaptionStyle } from './demo-requests';
import { DemoShell } from './DemoShell';
import { SelectField } from './fields';

/** /demo/image-captioning: style and length controls (spec 2). */
export default function CaptionDemo() {
  const [style, setStyle] = useState<CaptionStyle>(CAPTION_DEFAULTS.style);
  const [length, setLength] = useState<CaptionLength>(CAPTION_DEFAULTS.length);
  return (
    <DemoShell
      demoName="image captioning"
      samples={CAPTION_SAMPLES}
      runLabel="Generate Caption"
      busyLabel="Generating..."
      buildRequest={(imageUrl) => buildCaptionRequest({ imageUrl, style, length })}
      settings={
        <>
          <SelectField label="Caption style" value={style} options={CAPTION_STYLES} onChange={setStyle} description="The tone of the generated description." />
          <SelectField label="Caption length" value={length} options={CAPTION_LENGTHS} onChange={setLength} description="Longer captions are cut at the word limit." />
        </>
      }
    />
  );
}
