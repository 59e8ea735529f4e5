import { describe, expect, it } from 'vitest';
import { subscriptionFixture } from '../../../tests/support/subscription-fixture';
import { activeSubscription } from './own-subscription';

const sub = subscriptionFixture;

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
