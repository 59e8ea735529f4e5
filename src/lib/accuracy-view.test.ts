import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accuracyCardSchema, type AccuracyCard } from '../shared/schemas/accuracy';
import { accuracyCardView, type AccuracyCardView, type ProportionView } from './accuracy-view';
import { loadAccuracyCards, measuredFigures } from './figures';

const fixture = (name: string): AccuracyCard =>
  accuracyCardSchema.parse(
    JSON.parse(readFileSync(join(process.cwd(), 'tests', 'fixtures', 'accuracy', name), 'utf8')),
  );

/** Every figure a card's tables show (free text aside): proportions and times. */
function shownFigures(view: AccuracyCardView): string[] {
  const parts = (p: ProportionView | undefined) => (p ? [p.value, ...p.ci.split(' to ')] : []);
  return [
    ...view.headline.flatMap((m) => parts(m)),
    ...view.perClass.flatMap((row) => [
      ...parts(row.precision),
      ...parts(row.recall),
      ...parts(row.accuracy),
    ]),
    ...view.latency.flatMap((l) => [l.p50, l.p99]),
  ];
}

describe('accuracy card view', () => {
  const card = fixture('image-object-detection.json');
  const view = accuracyCardView(card);

  it('formats each headline figure with its interval and counts, naming its set', () => {
    expect(view.headline).toEqual([
      {
        key: 'detect.fixture_recall',
        label: 'Fixture recall at the default threshold',
        setName: 'Interior photos, dev split',
        value: '73.5%',
        ci: '64.0% to 81.1%',
        counts: '72 of 98',
      },
      {
        key: 'detect.non_room_other',
        label: 'Non-room photos answered other',
        setName: 'Photos that are not rooms',
        value: '92.5%',
        ci: '80.0% to 97.4%',
        counts: '37 of 40',
      },
    ]);
  });

  it('shows only the per-class columns some row fills, and leaves the others empty', () => {
    expect(view.perClassColumns).toEqual(['precision', 'recall', 'accuracy']);
    expect(view.perClass[0]).toMatchObject({
      label: 'sink',
      precision: { value: '90.0%', counts: '9 of 10' },
      recall: { value: '75.0%' },
    });
    expect(view.perClass[0]!.accuracy).toBeUndefined();
    expect(view.perClass[1]).toMatchObject({
      label: 'other',
      accuracy: { value: '92.5%', ci: '80.0% to 97.4%' },
    });
    const noAccuracy = accuracyCardView({ ...card, per_class: card.per_class.slice(0, 1) });
    expect(noAccuracy.perClassColumns).toEqual(['precision', 'recall']);
  });

  it('shows latency in whole milliseconds with the load and core count, and the run date', () => {
    expect(view.latency).toEqual([
      {
        what: 'warm detect, one image, in process',
        setName: 'Interior photos, dev split',
        n: 107,
        p50: '212 ms',
        p99: '1275 ms',
        load: '1.50, 1.25, 0.80',
        cpus: 2,
      },
    ]);
    expect(view.measuredOn).toBe('2026-11-20');
    expect(view.scores).toEqual([
      {
        field: 'detection_results[].confidence',
        kind: 'Raw score (not a probability)',
        meaning: "The detector's score, not calibrated.",
      },
    ]);
  });

  it('registers every figure the card shows as a quotable figure (so the claims check accepts it)', () => {
    const registered = new Set(measuredFigures([card]).map((f) => f.text));
    for (const text of shownFigures(view)) expect(registered, text).toContain(text);
    expect(measuredFigures([card]).map((f) => f.key)).toEqual(
      expect.arrayContaining([
        'detect.fixture_recall',
        'detect.fixture_recall.ci95_low',
        'image-object-detection.class.rooms_dev.sink.precision',
        'image-object-detection.latency.rooms_dev.0.p99_ms',
      ]),
    );
  });

  it('registers every figure of the committed cards, under keys that are unique', () => {
    const cards = loadAccuracyCards();
    const figures = measuredFigures(cards);
    const registered = new Set(figures.map((f) => f.text));
    for (const c of cards)
      for (const text of shownFigures(accuracyCardView(c)))
        expect(registered, `${c.api}: ${text}`).toContain(text);
    const keys = figures.map((f) => f.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });
});
