import { useId } from 'react';
import { cn } from '../../lib/cn';
import { fieldClass } from '../ui/Input';
import { snapToRange, type DemoOption, type SliderRange } from './demo-requests';

interface FieldBase {
  label: string;
  /** A hint under the control, linked with aria-describedby. */
  description?: string;
  className?: string;
}

export interface SelectFieldProps<V extends string> extends FieldBase {
  value: V;
  options: readonly DemoOption<V>[];
  onChange: (value: V) => void;
}

/** A labelled native select: keyboard and screen-reader support come for free. */
export function SelectField<V extends string>({
  label,
  description,
  value,
  options,
  onChange,
  className,
}: SelectFieldProps<V>) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        value={value}
        aria-describedby={description ? hintId : undefined}
        onChange={(e) => {
          const next = options.find((o) => o.value === e.target.value);
          if (next) onChange(next.value);
        }}
        className={cn(fieldClass, 'appearance-auto')}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {description && (
        <p id={hintId} className="mt-1.5 text-xs text-muted">
          {description}
        </p>
      )}
    </div>
  );
}

export interface SliderFieldProps extends FieldBase {
  value: number;
  range: SliderRange;
  onChange: (value: number) => void;
  /** Formats the value for the visible readout and aria-valuetext. */
  format?: (value: number) => string;
}

/** A labelled range slider with its current value shown beside the label. */
export function SliderField({
  label,
  description,
  value,
  range,
  onChange,
  format = String,
  className,
}: SliderFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        <output htmlFor={id} className="font-mono text-sm font-semibold text-brand-700">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={format(value)}
        aria-describedby={description ? hintId : undefined}
        onChange={(e) => onChange(snapToRange(Number(e.target.value), range))}
        className="w-full accent-brand-600"
      />
      <div className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{format(range.min)}</span>
        <span>{format(range.max)}</span>
      </div>
      {description && (
        <p id={hintId} className="mt-1 text-xs text-muted">
          {description}
        </p>
      )}
    </div>
  );
}

export interface SwitchFieldProps extends FieldBase {
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off switch (`role="switch"`), toggled by click, Space or Enter. */
export function SwitchField({ label, description, checked, onChange, className }: SwitchFieldProps) {
  const labelId = useId();
  const hintId = useId();
  return (
    <div className={cn('flex items-start justify-between gap-4', className)}>
      <div>
        <span id={labelId} className="block text-sm font-medium text-ink">
          {label}
        </span>
        {description && (
          <span id={hintId} className="mt-0.5 block text-xs text-muted">
            {description}
          </span>
        )}
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={description ? hintId : undefined}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors',
          checked ? 'bg-brand-600' : 'bg-slate-500',
        )}
      >
        <span
          aria-hidden="true"
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}
