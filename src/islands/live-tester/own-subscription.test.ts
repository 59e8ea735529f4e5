import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../shared/schemas/account';
import { activeSubscription } from './own-subscription';

const sub = (over: Partial<Subscription>): Subscription => ({
  id: 's',
  api_id: 'image-object-detection',
  api_name: 'Image Object Detection',
  tier: 'testing',
  tier_name: 'Testing',
  monthly_quota: 200,
  monthly_price: 19,
  price_per_request: 0.05,
  is_active: true,
  subscription_date: '2026-11-01T00:00:00Z',
  cancelled_at: null,
  ...over,
});

describe('activeSubscription', () => {
  it('finds the active subscription to the API, not a cancelled one or another API', () => {
    expect(
      activeSubscription([sub({ is_active: false, id: 'old' }), sub({ id: 'now' })], 'image-object-detection')
        ?.id,
    ).toBe('now');
    expect(activeSubscription([sub({ is_active: false })], 'image-object-detection')).toBeUndefined();
    expect(
      activeSubscription([sub({ api_id: 'image-classification' })], 'image-object-detection'),
    ).toBeUndefined();
  });
});
