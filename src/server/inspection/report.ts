/**
 * The finishing step's arithmetic: the stored photos of an inspection -> its report. Near
 * duplicates inside the set (similar search's rule: perceptual-hash match or calibrated
 * similarity 0.9+), coverage against the checklist, and the flags at the top, each naming the
 * photos that are its evidence. Pure: no database, no model.
 */
import { roomLabel } from '../../shared/rooms';
import {
  FLAG_CODES,
  INSPECTION_ROOMS,
  NOT_ASSESSED,
  type Checklist,
  type InspectionFlag,
  type InspectionReport,
  type InspectionRoom,
} from '../../shared/schemas/inspection';
import { judgeMatch } from '../vision/similar/embedding';
import type { StoredPhoto } from './photo';

export const ANALYSIS_METHOD =
  'Per photo: one CenterNet (COCO) pass on the CPU gives the fixtures, the room type (a linear head trained on our labelled interior photos), the embedding and perceptual hash of similar search, brightness and sharpness; the photo-authenticity layers (C2PA, declared metadata, generator watermarks, JPEG tables, recapture signals) give the fail tags and the declared capture data. Across the set: near duplicates by perceptual hash or calibrated similarity 0.9+, and the same search in your own collections.';

export interface ReportOptions {
  checklist?: Checklist | undefined;
  property_ref?: string | undefined;
}

const cosine = (a: readonly number[], b: readonly number[]): number => {
  let dot = 0;
  for (let i = 0; i < a.length; i++) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
};

/** For each photo, the other photos of the set it nearly duplicates (indexes). */
export function duplicatesInSet(photos: readonly StoredPhoto[]): number[][] {
  const out = photos.map((): number[] => []);
  for (let i = 0; i < photos.length; i++) {
    for (let j = i + 1; j < photos.length; j++) {
      const a = photos[i]!;
      const b = photos[j]!;
      if (!a.phash || !b.phash || !a.embedding || !b.embedding) continue;
      if (judgeMatch(a.phash, b.phash.hash, cosine(a.embedding, b.embedding)).near_duplicate) {
        out[i]!.push(j);
        out[j]!.push(i);
      }
    }
  }
  return out;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** The report of a finished inspection. */
export function composeReport(stored: readonly StoredPhoto[], options: ReportOptions): InspectionReport {
  const dupes = duplicatesInSet(stored);
  const photos = stored.map(({ phash: _phash, embedding: _embedding, ...photo }, i) => {
    const others = dupes[i] ?? [];
    return photo.error ? photo : { ...photo, duplicate_of: others.map((j) => stored[j]!.image_url) };
  });
  const analysed = photos.filter((p) => !p.error);

  const found: Partial<Record<string, number>> = {};
  for (const p of analysed) if (p.room) found[p.room.label] = (found[p.room.label] ?? 0) + 1;
  const missing: InspectionRoom[] = [];
  const shortRooms: { room: InspectionRoom; expected: number; got: number }[] = [];
  for (const room of INSPECTION_ROOMS) {
    const expected = options.checklist?.rooms?.[room] ?? 0;
    const got = found[room] ?? 0;
    for (let k = got; k < expected; k++) missing.push(room);
    if (got < expected) shortRooms.push({ room, expected, got });
  }
  const roomsMissingFixtures: InspectionReport['coverage']['rooms_missing_fixtures'] = [];
  for (const room of INSPECTION_ROOMS) {
    const wanted = options.checklist?.fixtures?.[room];
    if (!wanted) continue;
    const ofRoom = analysed.filter((p) => p.room?.label === room);
    if (ofRoom.length === 0) continue;
    const seen = new Set(ofRoom.flatMap((p) => (p.fixtures ?? []).map((f) => f.name)));
    const absent = wanted.filter((f) => !seen.has(f));
    if (absent.length > 0) roomsMissingFixtures.push({ room, fixtures: absent });
  }

  const flags: InspectionFlag[] = [];
  const flag = (code: InspectionFlag['code'], message: string, which: readonly { index: number }[]) =>
    flags.push({
      code,
      message,
      image_urls: which.map((p) => stored[p.index]?.image_url ?? ''),
      photo_indexes: which.map((p) => p.index),
    });
  const tagged = (tag: 'ai_generated' | 'edited' | 'photo_of_photo') =>
    analysed.filter((p) => p.authenticity?.fail_tags.includes(tag));
  const ai = tagged('ai_generated');
  if (ai.length) flag('ai_generated', `${plural(ai.length, 'photo looks', 'photos look')} AI-generated`, ai);
  const edited = tagged('edited');
  if (edited.length)
    flag('edited', `${plural(edited.length, 'photo was', 'photos were')} edited after capture`, edited);
  const recaptured = tagged('photo_of_photo');
  if (recaptured.length)
    flag(
      'photo_of_photo',
      `${plural(recaptured.length, 'photo looks', 'photos look')} photographed off a screen or a print`,
      recaptured,
    );
  const reused = analysed.filter((p) => (p.duplicate_of?.length ?? 0) > 0);
  if (reused.length)
    flag(
      'reused_in_set',
      `${plural(reused.length, 'photo looks', 'photos look')} re-used: near-duplicates of another photo in this set`,
      reused,
    );
  const inCollections = analysed.filter((p) => (p.collection_matches?.length ?? 0) > 0);
  if (inCollections.length)
    flag(
      'matches_collection',
      `${plural(inCollections.length, 'photo matches', 'photos match')} an image already in your collections`,
      inCollections,
    );
  for (const s of shortRooms)
    flag(
      'room_missing',
      s.got === 0
        ? `${roomLabel(s.room)} missing${s.expected > 1 ? ` (${s.expected} expected)` : ''}`
        : `${roomLabel(s.room)}: ${s.got} of ${s.expected} photographed`,
      [],
    );
  for (const r of roomsMissingFixtures) {
    const ofRoom = analysed.filter((p) => p.room?.label === r.room);
    flag('fixture_missing', `${roomLabel(r.room)}: no photo shows ${r.fixtures.join(', ')}`, ofRoom);
  }
  const notRoom = analysed.filter((p) => p.room?.label === 'other');
  if (notRoom.length)
    flag(
      'not_a_room',
      `${plural(notRoom.length, 'photo shows', 'photos show')} no recognisable room`,
      notRoom,
    );
  const poor = analysed.filter(
    (p) => p.quality && (p.quality.blurred || p.quality.dark || p.quality.too_small),
  );
  if (poor.length)
    flag('low_quality', `${plural(poor.length, 'photo is', 'photos are')} blurred, dark or too small`, poor);
  const failed = photos.filter((p) => p.error);
  if (failed.length)
    flag('photo_failed', `${plural(failed.length, 'photo', 'photos')} could not be analysed`, failed);
  flags.sort((a, b) => FLAG_CODES.indexOf(a.code) - FLAG_CODES.indexOf(b.code));

  return {
    ...(options.property_ref !== undefined && { property_ref: options.property_ref }),
    ...(options.checklist !== undefined && { checklist: options.checklist }),
    flags,
    coverage: { found, missing, rooms_missing_fixtures: roomsMissingFixtures },
    photos,
    not_assessed: NOT_ASSESSED,
    analysis_method: ANALYSIS_METHOD,
  };
}
