import { AlertsPanel } from './AlertsPanel';
import { RequestLogPanel } from './RequestLogPanel';
import { useAnnouncer } from '../ui/use-announcer';
import { useHydrated } from '../ui/use-hydrated';

/**
 * The dashboard's lower half, the request log and usage alerts: an island of its own that
 * hydrates when it scrolls into view, so the first screen (keys, plans, usage) becomes
 * interactive without rendering or fetching what is below it. Controls stay disabled until
 * hydrated, as in the dashboard above.
 */
export function AccountActivity() {
  const hydrated = useHydrated();
  const { announce, region } = useAnnouncer('activity-announcer');
  return (
    <fieldset disabled={!hydrated} className="m-0 grid min-w-0 grid-cols-1 gap-6 border-0 p-0">
      {region}
      <RequestLogPanel announce={announce} />
      <AlertsPanel announce={announce} />
    </fieldset>
  );
}
