/** How much of a monthly allowance is used, as a labelled meter: brand colour, red from 90%. */
export function UsageMeter({
  label,
  percent,
  valueText = `${percent}% used`,
}: {
  /** What is measured, e.g. "Free tier: share of this month's images used". */
  label: string;
  /** 0-100. */
  percent: number;
  /** What a screen reader says; "N% used" by default. */
  valueText?: string;
}) {
  return (
    <div
      className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
    >
      <div
        className={percent >= 90 ? 'h-full bg-red-600' : 'h-full bg-brand-600'}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
