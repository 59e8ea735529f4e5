/**
 * Dates and numbers as the dashboard shows them. Billing months are UTC (the server meters in
 * UTC), so the period is formatted in UTC; times of requests and keys in the viewer's zone.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "1 December" for a billing period's end (UTC). */
export function formatDayMonthUtc(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'unknown date';
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** "Resets on 1 December" style sentence for the usage period. */
export function periodSentence(period: { start: string; end: string }): string {
  return `Billing month from ${formatDayMonthUtc(period.start)}; usage resets on ${formatDayMonthUtc(period.end)}.`;
}

/** "3 Nov 2026" in the viewer's zone; "Never" for null. */
export function formatDate(iso: string | null): string {
  if (!iso) return 'Never';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Unknown';
  return `${d.getDate()} ${MONTHS[d.getMonth()]!.slice(0, 3)} ${d.getFullYear()}`;
}

/** "3 Nov, 14:05:09" for the request log. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return 'Unknown';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getDate()} ${MONTHS[d.getMonth()]!.slice(0, 3)}, ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** "1,234". */
export function formatNumber(n: number): string {
  return new Intl.NumberFormat('en-US').format(n);
}

/** "optiq_live_…a1b2": how a stored key is shown after its creation. */
export function maskedKey(prefix: string, last4: string): string {
  return `${prefix}…${last4}`;
}

/** Share of the quota used, 0-100 (0 when uncapped). */
export function usedPercent(requests: number, quota: number | null): number {
  if (!quota || quota <= 0) return 0;
  return Math.min(100, Math.round((requests / quota) * 100));
}

/** "image-object-detection" -> "Image object detection": an API id as the dashboard's filters show it. */
export function apiLabel(id: string): string {
  return id.charAt(0).toUpperCase() + id.slice(1).replaceAll('-', ' ');
}
