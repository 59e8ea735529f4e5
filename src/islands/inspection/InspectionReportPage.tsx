/**
 * The printable report page of one inspection for its signed-in owner
 * (/dashboard/inspections/{id}): reads GET /api/v1/inspections/{id} with the session, follows an
 * unfinished inspection until it ends, then shows the report with Print and a JSON download.
 * Another account's inspection, or an id that is none, reads as not found.
 */
import { useEffect, useMemo, useState } from 'react';
import { messageForPeople } from '../../shared/api-client';
import { request } from '../../shared/api-client';
import { getInspectionOperation } from '../../shared/contracts/virtual-inspection';
import type { InspectionBody } from '../../shared/schemas/inspection';
import { Button } from '../ui/Button';
import { useResource } from '../account/use-resource';
import { ErrorState, Loading } from '../account/States';
import { InspectionReportView } from './InspectionReportView';

/** The inspection id of the page's address: `/dashboard/inspections/<id>`, or `?id=<id>`. */
export function inspectionIdFrom(location: Pick<Location, 'pathname' | 'search'>): string {
  const fromPath = /\/dashboard\/inspections\/([^/]+)\/?$/.exec(location.pathname)?.[1];
  return decodeURIComponent(fromPath ?? new URLSearchParams(location.search).get('id') ?? '');
}

/** How often an unfinished inspection is read again (ms). */
const FOLLOW_MS = 2000;

function Download({ inspection }: { inspection: InspectionBody }) {
  const href = useMemo(
    () => URL.createObjectURL(new Blob([JSON.stringify(inspection, null, 2)], { type: 'application/json' })),
    [inspection],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <a href={href} download={`inspection-${inspection.inspection_id}.json`} className="btn-secondary">
      Download JSON
    </a>
  );
}

export function InspectionReportPage() {
  const [id, setId] = useState<string | undefined>(undefined);
  useEffect(() => setId(inspectionIdFrom(window.location)), []);
  const [resource, reload] = useResource((signal) =>
    id ? request(getInspectionOperation, { params: { id }, signal }) : new Promise<never>(() => {}),
  );
  const data = resource.state === 'ready' ? resource.data : undefined;
  const unfinished = data && (data.status === 'pending' || data.status === 'processing');
  useEffect(() => {
    if (!unfinished) return;
    const timer = setTimeout(reload, FOLLOW_MS);
    return () => clearTimeout(timer);
  }, [unfinished, data, reload]);
  useEffect(() => {
    if (id) reload();
  }, [id, reload]);

  if (id === '') return <p role="alert">This address names no inspection.</p>;
  if (resource.state === 'loading' || id === undefined) return <Loading what="the inspection" />;
  if (resource.state === 'error')
    return resource.error.status === 404 ? (
      <p role="alert" className="card text-sm">
        No inspection with this id belongs to your account.
      </p>
    ) : (
      <ErrorState
        message={messageForPeople(resource.error, 'Could not load the inspection.')}
        onRetry={reload}
      />
    );
  const { usage: _usage, ...inspection } = resource.data;
  return (
    <article aria-labelledby="inspection-title" data-testid="inspection-page">
      <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-6">
        <div className="min-w-0">
          <p className="text-sm text-muted">Virtual inspection</p>
          <h1 id="inspection-title" className="break-words text-2xl font-bold tracking-tight text-ink">
            {inspection.property_ref ?? `Inspection ${inspection.inspection_id.slice(0, 8)}`}
          </h1>
          <p className="mt-1 text-sm text-muted">
            Created {new Date(inspection.created_at).toLocaleString()}
            {inspection.finished_at &&
              ` · finished ${new Date(inspection.finished_at).toLocaleString()}`} ·{' '}
            {inspection.progress.total} photos
          </p>
        </div>
        {inspection.status === 'completed' && (
          <div className="flex gap-2 print:hidden">
            <Button variant="secondary" onClick={() => window.print()}>
              Print
            </Button>
            <Download inspection={inspection} />
          </div>
        )}
      </header>
      <div className="mt-6">
        {inspection.status === 'completed' && inspection.report ? (
          <InspectionReportView report={inspection.report} />
        ) : inspection.status === 'failed' ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
            This inspection could not be finished: {inspection.error ?? 'an error on our side'}.
          </p>
        ) : (
          <p role="status" className="text-sm text-muted" data-testid="inspection-progress">
            {inspection.status === 'pending' ? 'Queued' : 'Analysing photos'}: {inspection.progress.done} of{' '}
            {inspection.progress.total} done. This page follows it until the report is ready.
          </p>
        )}
      </div>
    </article>
  );
}
