import { describe, expect, it } from 'vitest';
import { subscriptionFixture } from '../../../tests/support/subscription-fixture';
import type { Usage } from '../../shared/schemas/account';
import { freeUsageLine, freeUsedPercent, planLabel, planStateOf } from './plan-status';

const sub = subscriptionFixture;
const free: Usage['free_tier'] = { images_included: 100, images_used: 12, images_remaining: 88 };
const usage = { free_tier: free } as Usage;

describe('planStateOf', () => {
  it("is the active subscription to this API, else the Free tier with the month's usage", () => {
    expect(planStateOf('image-object-detection', [sub({ id: 'now' })], usage)).toEqual({
      kind: 'subscribed',
      subscription: sub({ id: 'now' }),
    });
    // A cancelled subscription, or one to another API, leaves this API on the Free tier.
    expect(
      planStateOf(
        'image-object-detection',
        [sub({ is_active: false }), sub({ api_id: 'image-classification' })],
        usage,
      ),
    ).toEqual({ kind: 'free', usage: free });
    expect(planStateOf('image-object-detection', [], null)).toEqual({ kind: 'free', usage: null });
  });
});

describe('the plan texts', () => {
  it('names a bundle with its requests, pay per use by name', () => {
    expect(planLabel(sub({}))).toBe('Testing: 200 requests a month');
    expect(planLabel(sub({ tier_name: 'Premium', monthly_quota: 5000 }))).toBe(
      'Premium: 5,000 requests a month',
    );
    expect(planLabel(sub({ tier_name: 'Pay per use', monthly_quota: null }))).toBe('Pay per use');
  });

  it('says how much of the Free tier is used, capped at 100% on the meter', () => {
    expect(freeUsageLine(free)).toBe('12 of 100 images used this month, across all APIs.');
    expect(freeUsedPercent(free)).toBe(12);
    expect(freeUsedPercent({ ...free, images_used: 130 })).toBe(100);
  });
});
