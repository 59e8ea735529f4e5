import type { AccuracyCard, Proportion } from '../shared/schemas/accuracy';
import { formatMs, formatPercent } from './figures';

/**
 * An accuracy card as its component shows it: every figure already formatted (percentages by
 * `formatPercent`, times in whole milliseconds), so the page, the figure registry and the test
 * that compares the rendered card with its JSON share one formatting. Pure; no Astro imports.
 */

/** One proportion as shown: value, 95% interval and counts. */
export interface ProportionView {
  value: string;
  /** `86.1% to 95.3%`. */
  ci: string;
  /** `75 of 83`. */
  counts: string;
}

export interface AccuracyCardView {
  api: string;
  title: string;
  summary: string;
  command: string;
  /** `2026-11-26` (the date of the run). */
  measuredOn: string;
  commit: string;
  sets: { id: string; name: string; version: string; size: number; description: string }[];
  headline: ({ key: string; label: string; setName: string } & ProportionView)[];
  perClass: {
    label: string;
    setName: string;
    precision?: ProportionView;
    recall?: ProportionView;
    accuracy?: ProportionView;
  }[];
  /** Which per-class columns any row fills (the table shows only those). */
  perClassColumns: ('precision' | 'recall' | 'accuracy')[];
  latency: {
    what: string;
    setName: string;
    n: number;
    p50: string;
    p99: string;
    load: string;
    cpus: number;
  }[];
  scores: { field: string; kind: string; meaning: string }[];
  failureModes: string[];
  notes: string[];
}

export const SCORE_KIND_LABEL: Record<AccuracyCard['scores'][number]['kind'], string> = {
  calibrated_probability: 'Calibrated probability',
  raw_score: 'Raw score (not a probability)',
  similarity: 'Similarity',
  estimate: 'Estimate or rule outcome (not a probability)',
};

export function proportionView(p: Proportion): ProportionView {
  return {
    value: formatPercent(p.value),
    ci: `${formatPercent(p.ci95[0])} to ${formatPercent(p.ci95[1])}`,
    counts: `${p.successes} of ${p.trials}`,
  };
}

export function accuracyCardView(card: AccuracyCard): AccuracyCardView {
  // A timing over several sets names them joined by '+'.
  const setName = (ref: string) =>
    ref
      .split('+')
      .map((id) => card.sets.find((s) => s.id === id)?.name ?? id)
      .join(' and ');
  const columns = (['precision', 'recall', 'accuracy'] as const).filter((c) =>
    card.per_class.some((row) => row[c]),
  );
  return {
    api: card.api,
    title: card.title,
    summary: card.summary,
    command: card.command,
    measuredOn: card.measured_at.slice(0, 10),
    commit: card.commit,
    sets: card.sets.map((s) => ({ ...s })),
    headline: card.metrics.map((m) => ({
      key: m.key,
      label: m.label,
      setName: setName(m.set),
      ...proportionView(m),
    })),
    perClass: card.per_class.map((row) => ({
      label: row.label,
      setName: setName(row.set),
      ...(row.precision ? { precision: proportionView(row.precision) } : {}),
      ...(row.recall ? { recall: proportionView(row.recall) } : {}),
      ...(row.accuracy ? { accuracy: proportionView(row.accuracy) } : {}),
    })),
    perClassColumns: columns,
    latency: card.latency.map((l) => ({
      what: l.what,
      setName: setName(l.set),
      n: l.n,
      p50: formatMs(l.p50_ms),
      p99: formatMs(l.p99_ms),
      load: l.load_average.map((x) => x.toFixed(2)).join(', '),
      cpus: l.cpus,
    })),
    scores: card.scores.map((s) => ({ field: s.field, kind: SCORE_KIND_LABEL[s.kind], meaning: s.meaning })),
    failureModes: [...card.failure_modes],
    notes: [...card.notes],
  };
}
