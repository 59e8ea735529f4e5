/** A run of prose or an inline code span. */
export interface TextSegment {
  code: boolean;
  text: string;
}

/**
 * Splits reference prose on backticks so `field_name` renders as <code>. An unpaired backtick
 * stays literal text rather than swallowing the rest of the sentence into code.
 */
export function splitInlineCode(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pattern = /`([^`]+)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) segments.push({ code: false, text: text.slice(last, start) });
    segments.push({ code: true, text: match[1] ?? '' });
    last = start + match[0].length;
  }
  if (last < text.length) segments.push({ code: false, text: text.slice(last) });
  return segments;
}

/** Heading ids: lower-case words joined by hyphens, e.g. `POST /api/predict` -> `post-api-predict`. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
