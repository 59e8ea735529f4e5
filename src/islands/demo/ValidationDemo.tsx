import { useState } from 'react';
import { VALIDATION_SAMPLES } from '../../lib/demo-samples';
import { buildValidateRequest, VALIDATION_TYPES, type ValidationType } from './demo-requests';
import { DemoShell } from './DemoShell';
import { SelectField } from './fields';

/** /demo/photo-validation: validation type (spec 2). */
export default function ValidationDemo() {
  const [checkType, setCheckType] = useState<ValidationType>('comprehensive');
  return (
    <DemoShell
      demoName="photo validation"
      samples={VALIDATION_SAMPLES}
      runLabel="Validate Photo"
      busyLabel="Validating..."
      buildRequest={(imageUrl) => buildValidateRequest({ imageUrl, checkType })}
      settings={
        <SelectField
          label="Validation type"
          value={checkType}
          options={VALIDATION_TYPES}
          onChange={setCheckType}
          description="Comprehensive runs every check: AI generation, manipulation, photo-of-photo and metadata."
        />
      }
    />
  );
}
