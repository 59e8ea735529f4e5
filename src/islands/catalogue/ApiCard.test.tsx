import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiCard } from './ApiCard';
import type { ApiCardData } from '../../lib/api-card-data';

const api: ApiCardData = {
  id: 'image-object-detection',
  name: 'Image Object Detection',
  description: 'Finds fixtures in room photos.',
  icon: 'fa-eye',
  status: 'active',
  features: ['Batches of up to 20 images'],
  price: 0.05,
  category: 'Computer Vision',
};

describe('ApiCard', () => {
  it('offers View Details and Subscribe for an active API', () => {
    const html = renderToStaticMarkup(<ApiCard api={api} />);
    expect(html).toContain('Active');
    expect(html).toContain('starts at $20/month');
    expect(html).toContain('Pay per use: $0.05 per request, $20 monthly minimum');
    expect(html).toContain('Free tier: 100 images a month across all APIs, no subscription needed.');
    expect(html).toContain('href="/api/image-object-detection"');
    expect(html).toMatch(
      /data-subscribe="" data-api-id="image-object-detection" data-api-name="Image Object Detection" data-api-price="0.05"/,
    );
    expect(html).not.toContain('Notify Me');
  });

  it('shows Coming Soon with a disabled Notify Me and no subscribe otherwise', () => {
    const html = renderToStaticMarkup(<ApiCard api={{ ...api, status: 'beta' }} />);
    expect(html).toContain('Coming Soon');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Notify Me<\/button>/);
    // The disabled button says how to be notified: a description pointing at the contact dialog.
    expect(html).toMatch(
      /<button[^>]*disabled=""[^>]*aria-describedby="api-card-image-object-detection api-card-image-object-detection-notify"/,
    );
    expect(html).toMatch(
      /<p id="api-card-image-object-detection-notify"[^>]*>Not available yet\. To hear when it launches, <button type="button"[^>]*data-contact=""[^>]*data-page-name="Notify me: Image Object Detection">contact us<\/button> and we will email you\.<\/p>/,
    );
    expect(html).not.toContain('Free tier');
    expect(html).not.toContain('data-subscribe');
    expect(html).not.toContain('View Details');
  });

  it('draws the eye for an unknown icon and the brain when asked', () => {
    expect(renderToStaticMarkup(<ApiCard api={{ ...api, icon: 'fa-unknown' }} />)).toContain(
      'data-icon="fa-eye"',
    );
    expect(renderToStaticMarkup(<ApiCard api={{ ...api, icon: 'fa-brain' }} />)).toContain(
      'data-icon="fa-brain"',
    );
  });

  it('uses the requested heading level', () => {
    expect(renderToStaticMarkup(<ApiCard api={api} headingLevel={2} />)).toMatch(
      /<h2 id="api-card-image-object-detection"/,
    );
  });
});
