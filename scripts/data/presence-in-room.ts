/**
 * `npx tsx scripts/data/presence-in-room.ts`: could a presence fixture (bathtub, shower,
 * fireplace, kitchen island, mirror) be offered only in its own room? The shipped presence heads
 * and room head (trained on the train split only) answer on the dev photos of the room dataset
 * (held out, fixture labels by eye; ambiguous ignored), from the detection study's cache (its
 * plain rows carry every dev photo's features; no model pass). Per fixture: F1 on all dev photos,
 * on the photos the room head places in the fixture's room (how the API would answer), by
 * source, and beside each the F1 of answering "present" on every such photo (the base rate: a
 * head is only worth offering where it beats it).
 */
import { classifyRoom } from '../../src/server/vision/rooms/classifier';
import { fixturePresence, headInput, type Fixture } from '../../src/server/vision/rooms/head';
import { DEFAULT_MIN_SCORE } from '../../src/server/vision/model';
import type { CocoLabel } from '../../src/server/vision/coco-labels';
import { parseCli } from '../lib/cli';
import { readDetectCache } from '../lib/detect-views';
import { readLabels, type LabelEntry } from '../lib/rooms-data';

parseCli('Usage: npx tsx scripts/data/presence-in-room.ts   (DETECT_CACHE names the cache file)', {});

const { images } = readLabels();
const dev = readDetectCache().filter((r) => r.view === 'plain' && images[r.id]?.split === 'dev');
const devCount = Object.values(images).filter((e) => e.split === 'dev').length;
if (dev.length < devCount) {
  console.error(
    `${dev.length}/${devCount} dev photos in the cache; run npx tsx scripts/data/detect-views.ts`,
  );
  process.exit(1);
}

const HOME: Record<Exclude<Fixture, 'walk_in_shower'>, string> = {
  bathtub: 'bathroom',
  shower: 'bathroom',
  fireplace: 'living_room',
  kitchen_island: 'kitchen',
  mirror: 'bathroom',
};
const truth = (e: LabelEntry, f: Fixture): boolean | undefined =>
  e.fixtures?.includes(f) ? true : e.fixtures_ambiguous?.includes(f) ? undefined : false;

const answers = dev.map((r) => {
  const detections = r.dets
    .filter((d) => d.s >= DEFAULT_MIN_SCORE)
    .map((d) => ({ label: d.l as CocoLabel, confidence: d.s }));
  const features = { head: Float32Array.from(r.head ?? []), backbone: Float32Array.from(r.backbone ?? []) };
  const x = headInput({ ...features, detections });
  return {
    entry: images[r.id]!,
    room: classifyRoom({ features, detections })[0]!.label as string,
    present: new Map(
      fixturePresence(x, Object.keys(HOME) as Fixture[]).map((p) => [p.fixture, p.present] as const),
    ),
  };
});

const f1 = (said: boolean[], real: boolean[]) => {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  said.forEach((y, i) => {
    if (y && real[i]) tp++;
    else if (y) fp++;
    else if (real[i]) fn++;
  });
  return `F1 ${((2 * tp) / Math.max(1, 2 * tp + fp + fn)).toFixed(2)} (tp ${tp}, fp ${fp}, fn ${fn})`;
};
const short = (source: string) => source.split('/')[0]!;
console.log(`${dev.length} dev photos; head's answer vs "always present" (base rate)`);
for (const [f, home] of Object.entries(HOME) as [Fixture, string][]) {
  const rows = (keep: (a: (typeof answers)[number]) => boolean) => {
    const scored = answers.filter((a) => keep(a) && truth(a.entry, f) !== undefined);
    const real = scored.map((a) => truth(a.entry, f)!);
    return `${String(scored.length).padStart(3)} photos  head ${f1(
      scored.map((a) => a.present.get(f)!),
      real,
    ).padEnd(26)}  always ${f1(
      scored.map(() => true),
      real,
    )}`;
  };
  console.log(`\n${f} (room: ${home})`);
  console.log(`  all dev photos            ${rows(() => true)}`);
  console.log(`  room head says ${home.padEnd(11)}${rows((a) => a.room === home)}`);
  for (const source of [...new Set(answers.map((a) => a.entry.source))].sort())
    console.log(
      `    ${short(source).padEnd(22)}${rows((a) => a.room === home && a.entry.source === source)}`,
    );
}
