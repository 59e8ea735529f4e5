import { describe, expect, it } from 'vitest';
import { messageForPeople, type ApiClientError } from '../../shared/api-client';
import { dataOf, failureMessage, imageRequestBody } from './demo-run';

const error = (code: ApiClientError['code'], message: string): ApiClientError => ({
  status: 422,
  code,
  message,
  fields: {},
  retryAfter: undefined,
  details: null,
  aborted: false,
});

describe('demo failure messages', () => {
  it("shows the server's documented message, and the demo's own one for network failures and odd answers", () => {
    expect(messageForPeople(error('INVALID_IMAGE', 'Bad image'), 'Failed to analyze image with AI')).toBe(
      'Bad image',
    );
    expect(
      messageForPeople(error('NETWORK_ERROR', 'Failed to fetch'), 'Failed to analyze image with AI'),
    ).toBe('Failed to analyze image with AI');
    expect(messageForPeople(error('BAD_RESPONSE', '502: <html>'), 'Failed to detect watermarks')).toBe(
      'Failed to detect watermarks',
    );
    expect(messageForPeople(error('INVALID_IMAGE', ''), 'Failed to generate caption')).toBe(
      'Failed to generate caption',
    );
  });

  it("keeps a thrown error's message but never the browser's bare fetch failure", () => {
    expect(failureMessage(new Error('Image too small'), 'Failed')).toBe('Image too small');
    expect(failureMessage(new TypeError('Failed to fetch'), 'Failed to validate photo')).toBe(
      'Failed to validate photo',
    );
    expect(failureMessage('not an error', 'Failed')).toBe('Failed');
  });

  it('unwraps an answer, or throws with the message to show', () => {
    expect(dataOf({ ok: true, data: { n: 1 }, status: 200 }, 'Failed')).toEqual({ n: 1 });
    expect(() =>
      dataOf({ ok: false, error: error('RATE_LIMITED', 'Too many requests, try again in 30 s') }, 'Failed'),
    ).toThrow('Too many requests, try again in 30 s');
    expect(() =>
      dataOf(
        { ok: false, error: error('NETWORK_ERROR', 'Failed to fetch') },
        'Failed to search for similar images',
      ),
    ).toThrow('Failed to search for similar images');
  });
});

describe('demo request bodies', () => {
  it('sends an image URL as JSON with the settings, trimmed', async () => {
    const { body, upload } = await imageRequestBody(
      { imageUrl: '  https://example.com/a.jpg ' },
      { style: 'descriptive', max_length: 100 },
    );
    expect(body).toEqual({ image_url: 'https://example.com/a.jpg', style: 'descriptive', max_length: 100 });
    expect(upload).toBeUndefined();
  });

  it('sends a picked file as multipart, the settings as text fields, untouched when asked', async () => {
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' });
    const { body } = await imageRequestBody(
      { file, imageUrl: 'ignored' },
      { check_type: 'comprehensive', include_invisible: true },
      { downscale: false },
    );
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('check_type')).toBe('comprehensive');
    expect(form.get('include_invisible')).toBe('true');
    expect(form.has('image_url')).toBe(false);
    const sent = form.get('file') as File;
    expect(sent.name).toBe('photo.jpg');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
  });
});
