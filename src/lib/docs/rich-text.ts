/** A run of prose or an inline code span. */
export interface TextSegment {
  code: boolean;
  text: string;
  /** Set for a `[text](/path)` link to a page of this site. */
  href?: string;
}

/**
 * Splits reference prose on backticks so `field_name` renders as <code>, and site-relative
 * Markdown links `[text](/path)` into links. An unpaired backtick
 * stays literal text rather than swallowing the rest of the sentence into code.
 */
export function splitInlineCode(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pattern = /`([^`]+)`|\[([^\]]+)\]\((\/[^)\s]*)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (start > last) segments.push({ code: false, text: text.slice(last, start) });
    if (match[1] !== undefined) segments.push({ code: true, text: match[1] });
    else segments.push({ code: false, text: match[2] ?? '', href: match[3] ?? '/' });
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
