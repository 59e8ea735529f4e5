import { describe, expect, it } from 'vitest';
import { labelSetUploadSchema } from './classify';

describe('labelSetUploadSchema (the multipart form of POST /api/v1/label-sets)', () => {
  it('takes a name and any number of examples.<label> fields holding a file or a URL', () => {
    const form = {
      name: 'Kitchens vs baths',
      'examples.kitchen': new File([new Uint8Array([0xff, 0xd8])], 'k.jpg', { type: 'image/jpeg' }),
      'examples.bathroom': 'https://example.com/bath.jpg',
    };
    expect(labelSetUploadSchema.safeParse(form).success).toBe(true);
  });

  it('refuses a form without a name, or an example that is neither a file nor a URL', () => {
    expect(labelSetUploadSchema.safeParse({ 'examples.kitchen': 'https://example.com/k.jpg' }).success).toBe(
      false,
    );
    expect(labelSetUploadSchema.safeParse({ name: 'x', 'examples.kitchen': 'not a url' }).success).toBe(
      false,
    );
  });
});
