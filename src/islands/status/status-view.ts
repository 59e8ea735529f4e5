/**
 * How the status page words and colours what the probes found: pure, so the island stays a
 * layout and these rules are tested on their own.
 */
import type { HealthStatus, UptimeDay } from '../../shared/schemas/status';

export const STATUS_LABEL: Record<HealthStatus, string> = {
  ok: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
};

/** The banner's sentence for the service as a whole. */
export const OVERALL_TEXT: Record<HealthStatus, string> = {
  ok: 'All systems operational',
  degraded: 'Serving, with a component degraded',
  down: 'Service down',
};

/** Badge and dot colours per status (text always says the status too). */
export const STATUS_TONE: Record<HealthStatus, { badge: string; dot: string }> = {
  ok: { badge: 'bg-emerald-100 text-emerald-900', dot: 'bg-emerald-600' },
  degraded: { badge: 'bg-amber-100 text-amber-900', dot: 'bg-amber-500' },
  down: { badge: 'bg-red-100 text-red-900', dot: 'bg-red-600' },
};

/** A day's bar colour: grey without probes, green when every probe found it serving, amber when some did not, red when most did not. */
export function dayTone(day: Pick<UptimeDay, 'probes' | 'uptime_percent' | 'degraded'>): string {
  if (day.probes === 0 || day.uptime_percent === null) return 'bg-slate-200';
  if (day.uptime_percent < 50) return 'bg-red-600';
  if (day.uptime_percent < 100) return 'bg-amber-500';
  return day.degraded > 0 ? 'bg-emerald-400' : 'bg-emerald-600';
}

/** "100%", "99.65%": at most two decimals, none when whole. */
export function formatPercent(value: number): string {
  return `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0$/, '')}%`;
}

/** "26 Nov" for a YYYY-MM-DD day. */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}

/** What a day's bar says to a screen reader and in its tooltip. */
export function dayLabel(day: UptimeDay): string {
  if (day.probes === 0 || day.uptime_percent === null) return `${shortDay(day.date)}: no data`;
  const parts = [
    `${formatPercent(day.uptime_percent)} up`,
    `${day.probes} probe${day.probes === 1 ? '' : 's'}`,
  ];
  if (day.degraded > 0) parts.push(`${day.degraded} degraded`);
  if (day.down > 0) parts.push(`${day.down} down`);
  return `${shortDay(day.date)}: ${parts.join(', ')}`;
}

/** "just now", "4 minutes ago", "2 hours ago", "3 days ago". */
export function ago(iso: string, now: number = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (seconds < 60) return 'just now';
  const [n, unit] =
    seconds < 3600
      ? [Math.floor(seconds / 60), 'minute']
      : seconds < 86_400
        ? [Math.floor(seconds / 3600), 'hour']
        : [Math.floor(seconds / 86_400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
