import { describe, expect, it } from 'vitest';
import { describeSampleUrl, detectRequestSummary } from './request-summary';
import { example } from '../shared/examples';

describe('detectRequestSummary', () => {
  it('names the photos a request really sends and the list it checks', () => {
    expect(
      detectRequestSummary({
        image_urls: [
          'https://x.test/images/samples/od-coffee-cup.jpg',
          'https://x.test/images/samples/od-dog-bicycle.jpg',
        ],
        category: 'kitchen',
      }),
    ).toBe(
      'Check 2 photos (a cup of coffee and a dog beside a bicycle) for the objects of the kitchen list, in one request:',
    );
    expect(detectRequestSummary({ image_urls: ['https://x.test/images/samples/od-sitting-room.jpg'] })).toBe(
      'Check a photo of a sitting room for the objects of the room each one shows, in one request:',
    );
  });

  it('falls back to the file name for a photo it does not know', () => {
    expect(describeSampleUrl('https://x.test/uploads/listing-1.jpg')).toBe('listing-1.jpg');
  });

  it('never calls the catalogue sample a kitchen photo (it is not one)', () => {
    const request = example('detect', 'https://x.test').request as {
      image_urls: string[];
      category?: string;
    };
    const text = detectRequestSummary(request);
    expect(text).not.toMatch(/kitchen photo/);
    for (const url of request.image_urls) expect(text).toContain(describeSampleUrl(url));
  });
});
