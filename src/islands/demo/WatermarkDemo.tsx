import { useState } from 'react';
import { WATERMARK_SAMPLES } from '../../lib/demo-samples';
import {
  buildWatermarkRequest,
  WATERMARK_DEFAULTS,
  WATERMARK_SENSITIVITIES,
  WATERMARK_TYPES,
  type WatermarkSensitivity,
  type WatermarkType,
} from './demo-requests';
import { DemoShell } from './DemoShell';
import { SelectField, SwitchField } from './fields';

/** /demo/watermark-detection: detection type, sensitivity and the include-invisible switch (spec 2, 9). */
export default function WatermarkDemo() {
  const [detectType, setDetectType] = useState<WatermarkType>(WATERMARK_DEFAULTS.detectType);
  const [sensitivity, setSensitivity] = useState<WatermarkSensitivity>(WATERMARK_DEFAULTS.sensitivity);
  const [includeInvisible, setIncludeInvisible] = useState<boolean>(WATERMARK_DEFAULTS.includeInvisible);
  return (
    <DemoShell
      demoName="watermark detection"
      samples={WATERMARK_SAMPLES}
      runLabel="Detect Watermarks"
      busyLabel="Detecting..."
      buildRequest={(imageUrl) => buildWatermarkRequest({ imageUrl, detectType, sensitivity, includeInvisible })}
      settings={
        <>
          <SelectField label="Detection type" value={detectType} options={WATERMARK_TYPES} onChange={setDetectType} />
          <SelectField
            label="Sensitivity"
            value={sensitivity}
            options={WATERMARK_SENSITIVITIES}
            onChange={setSensitivity}
            description="Higher sensitivity finds fainter marks but may flag more false positives."
          />
          <SwitchField
            label="Include invisible watermarks"
            description="Also look for digital watermarks embedded in the pixels."
            checked={includeInvisible}
            onChange={setIncludeInvisible}
          />
        </>
      }
    />
  );
}
