import { describe, expect, it } from 'vitest';
import { slugify, splitInlineCode } from './rich-text';

describe('splitInlineCode', () => {
  it('turns backtick spans into code segments', () => {
    expect(splitInlineCode('Send `image_url` as `string`.')).toEqual([
      { code: false, text: 'Send ' },
      { code: true, text: 'image_url' },
      { code: false, text: ' as ' },
      { code: true, text: 'string' },
      { code: false, text: '.' },
    ]);
  });

  it('keeps plain text and unpaired backticks as text', () => {
    expect(splitInlineCode('no code here')).toEqual([{ code: false, text: 'no code here' }]);
    expect(splitInlineCode('a ` b')).toEqual([{ code: false, text: 'a ` b' }]);
  });

  it('handles code at both ends', () => {
    expect(splitInlineCode('`a` and `b`')).toEqual([
      { code: true, text: 'a' },
      { code: false, text: ' and ' },
      { code: true, text: 'b' },
    ]);
  });
});

describe('slugify', () => {
  it('makes stable lower-case ids', () => {
    expect(slugify('POST /api/predict_batch/{job_id}')).toBe('post-api-predict-batch-job-id');
    expect(slugify('  Rate limits  ')).toBe('rate-limits');
  });
});

describe('splitInlineCode links', () => {
  it('turns a site-relative Markdown link into a link segment, and leaves other brackets alone', () => {
    expect(splitInlineCode('Use your [dashboard](/dashboard) and `key` [x] (y)')).toEqual([
      { code: false, text: 'Use your ' },
      { code: false, text: 'dashboard', href: '/dashboard' },
      { code: false, text: ' and ' },
      { code: true, text: 'key' },
      { code: false, text: ' [x] (y)' },
    ]);
  });
});
