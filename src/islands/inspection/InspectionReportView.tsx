/**
 * A virtual-inspection report as people read it: the flags at the top (each linking to the photos
 * that are its evidence), what the report does not assess, coverage against the checklist, and
 * one card per photo. Presentational only: the dashboard's report page hydrates it with the
 * owner's inspection, and /virtual-inspection renders the stored sample report with it as static
 * HTML. Print styles keep cards whole and drop the page chrome.
 */
import { roomLabel } from '../../shared/rooms';
import type { VERDICT_VALUES } from '../../shared/schemas/photo-authenticity/analysis';
import type { InspectionPhoto, InspectionReport } from '../../shared/schemas/inspection';

/** Each authenticity verdict in words (typed by the shared list, so a new verdict must be named here). */
const VERDICT_WORDS: Record<(typeof VERDICT_VALUES)[number], string> = {
  ai_generated: 'AI-generated',
  likely_ai_generated: 'Likely AI-generated (from its pixels alone)',
  edited: 'Edited after capture',
  recaptured: 'Photographed off a screen or print',
  camera_original: 'Camera original (signed Content Credentials)',
  declared_camera: 'Declared camera metadata (unsigned: anyone can write it)',
  inconclusive: 'Inconclusive: no evidence either way',
};

/** The photo's anchor on the page: flags and duplicates link to it. */
export const photoAnchor = (index: number): string => `photo-${index + 1}`;

/** A thumbnail only for photos named by a web URL; uploads are not kept past the inspection. */
const thumbnailOf = (url: string): string | undefined =>
  /^https?:\/\//.test(url) || url.startsWith('/') ? url : undefined;

/** Scores as the API gives them, 0-1. */
const score = (value: number): string => value.toFixed(2);

function Thumbnail({ photo }: { photo: InspectionPhoto }) {
  const src = thumbnailOf(photo.image_url);
  if (!src)
    return (
      <div className="flex aspect-[4/3] w-full items-center justify-center rounded-lg bg-slate-100 p-3 text-center text-xs text-muted">
        Uploaded photo: not kept after the inspection
      </div>
    );
  return (
    <img
      src={src}
      alt={`Inspection item ${photo.index + 1}${photo.room ? `: ${roomLabel(photo.room.label)}` : ''}`}
      loading="lazy"
      className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover"
    />
  );
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2 py-1">
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 break-words text-ink">{children}</dd>
    </div>
  );
}

function PhotoCard({ photo, photos }: { photo: InspectionPhoto; photos: readonly InspectionPhoto[] }) {
  const indexOf = (url: string) => photos.find((p) => p.image_url === url)?.index;
  const quality = photo.quality;
  const problems = quality
    ? [quality.blurred && 'blurred', quality.dark && 'dark', quality.too_small && 'too small'].filter(Boolean)
    : [];
  return (
    <li
      id={photoAnchor(photo.index)}
      className="card min-w-0 scroll-mt-24 break-inside-avoid p-4 print:border print:shadow-none"
      data-testid="inspection-photo"
    >
      <Thumbnail photo={photo} />
      <h3 className="mt-3 font-semibold text-ink">
        Photo {photo.index + 1}
        {photo.room && (
          <span className="font-normal text-muted">
            {' '}
            · {photo.room.label === 'other'
              ? 'No recognisable room'
              : roomLabel(photo.room.label)} (score {score(photo.room.score)})
          </span>
        )}
      </h3>
      <p className="truncate text-xs text-muted" title={photo.image_url}>
        {photo.file_name ?? photo.image_url}
      </p>
      {photo.error ? (
        <p className="mt-3 rounded-lg bg-red-50 p-2 text-sm text-red-800">
          Not analysed: {photo.error.message} ({photo.error.code})
        </p>
      ) : (
        <dl className="mt-3 divide-y divide-slate-100 text-sm">
          <Row term="Fixtures">
            {photo.fixtures?.length
              ? photo.fixtures.map((f) => `${f.name} (${score(f.score)})`).join(', ')
              : 'None found'}
          </Row>
          {photo.authenticity && (
            <Row term="Authenticity">
              <span
                className={photo.authenticity.fail_tags.length ? 'font-semibold text-red-700' : undefined}
              >
                {VERDICT_WORDS[photo.authenticity.verdict]}
              </span>
              {photo.authenticity.evidence.length > 0 && (
                <ul className="mt-1 list-disc space-y-1 pl-4 text-xs text-slate-700">
                  {photo.authenticity.evidence.map((e, i) => (
                    <li key={i}>{e.explanation}</li>
                  ))}
                </ul>
              )}
            </Row>
          )}
          {photo.capture && (
            <Row term="Capture">
              {[
                photo.capture.taken_at && `taken ${photo.capture.taken_at}`,
                (photo.capture.camera_make || photo.capture.camera_model) &&
                  [photo.capture.camera_make, photo.capture.camera_model].filter(Boolean).join(' '),
                photo.capture.gps_present ? 'GPS position present' : 'no GPS position',
              ]
                .filter(Boolean)
                .join('; ')}
            </Row>
          )}
          {quality && (
            <Row term="Quality">
              {quality.width}x{quality.height} px{problems.length ? `: ${problems.join(', ')}` : ', usable'}
            </Row>
          )}
          {(photo.duplicate_of?.length ?? 0) > 0 && (
            <Row term="Re-used">
              Near-duplicate of{' '}
              {photo.duplicate_of!.map((url, i) => {
                const index = indexOf(url);
                return (
                  <span key={url}>
                    {i > 0 && ', '}
                    {index === undefined ? url : <a href={`#${photoAnchor(index)}`}>photo {index + 1}</a>}
                  </span>
                );
              })}
            </Row>
          )}
          {(photo.collection_matches?.length ?? 0) > 0 && (
            <Row term="In collections">
              {photo
                .collection_matches!.map(
                  (m) => `${m.image_id} in ${m.collection} (similarity ${score(m.similarity)})`,
                )
                .join(', ')}
            </Row>
          )}
        </dl>
      )}
    </li>
  );
}

export function InspectionReportView({
  report,
  headingLevel = 2,
}: {
  report: InspectionReport;
  headingLevel?: 2 | 3;
}) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const found = Object.entries(report.coverage.found).filter(([, n]) => (n ?? 0) > 0);
  return (
    <div className="space-y-8" data-testid="inspection-report">
      <section aria-labelledby="inspection-flags">
        <H id="inspection-flags" className="text-lg font-semibold text-ink">
          Flags
        </H>
        {report.flags.length === 0 ? (
          <p className="mt-2 text-sm text-muted">Nothing needs a look.</p>
        ) : (
          <ul className="mt-3 space-y-2" data-testid="inspection-flags">
            {report.flags.map((flag, i) => (
              <li
                key={i}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm"
              >
                <span className="font-semibold text-amber-900">{flag.message}</span>
                {flag.photo_indexes.length > 0 && (
                  <span className="text-amber-900">
                    Evidence:{' '}
                    {flag.photo_indexes.map((index, j) => (
                      <span key={index}>
                        {j > 0 && ', '}
                        <a href={`#${photoAnchor(index)}`} className="underline">
                          photo {index + 1}
                        </a>
                      </span>
                    ))}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        <p
          className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
          data-testid="inspection-not-assessed"
        >
          <strong className="font-semibold text-ink">Not assessed. </strong>
          {report.not_assessed}
        </p>
      </section>

      <section aria-labelledby="inspection-coverage">
        <H id="inspection-coverage" className="text-lg font-semibold text-ink">
          Coverage
        </H>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">Rooms found</dt>
            <dd className="text-ink">
              {found.length
                ? found
                    .map(([room, n]) => `${room === 'other' ? 'No room' : roomLabel(room)}: ${n}`)
                    .join(', ')
                : 'None'}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Missing</dt>
            <dd className="text-ink">
              {report.coverage.missing.length ? report.coverage.missing.map(roomLabel).join(', ') : 'Nothing'}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Expected fixtures not shown</dt>
            <dd className="text-ink">
              {report.coverage.rooms_missing_fixtures.length
                ? report.coverage.rooms_missing_fixtures
                    .map((r) => `${roomLabel(r.room)}: ${r.fixtures.join(', ')}`)
                    .join('; ')
                : 'None'}
            </dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="inspection-photos">
        <H id="inspection-photos" className="text-lg font-semibold text-ink">
          Photos ({report.photos.length})
        </H>
        <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 print:grid-cols-2">
          {report.photos.map((photo) => (
            <PhotoCard key={photo.index} photo={photo} photos={report.photos} />
          ))}
        </ul>
      </section>

      <p className="text-xs text-muted">{report.analysis_method}</p>
    </div>
  );
}
