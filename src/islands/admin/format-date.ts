const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Formats a submission time like 'Nov 22, 2026 at 3:05 PM' ('MMM d, yyyy at h:mm a') in the
 * viewer's local time zone. Written by hand: Intl's en-US output differs between engines in
 * its separators (", " vs " at ", narrow no-break spaces before AM/PM).
 */
export function formatSubmittedAt(input: Date | string | number): string {
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return 'Unknown date';
  const hours24 = date.getHours();
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  const period = hours24 < 12 ? 'AM' : 'PM';
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()} at ${hours12}:${minutes} ${period}`;
}
