import type { Subscription } from '../../src/shared/schemas/account';

/** A subscription as `GET /api/subscriptions` lists it: object detection, Testing, active; `over` changes fields. */
export const subscriptionFixture = (over: Partial<Subscription> = {}): Subscription => ({
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
