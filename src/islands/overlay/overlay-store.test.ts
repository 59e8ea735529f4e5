import { describe, expect, it } from 'vitest';
import { overlayStore } from './overlay-store';
import {
  bundleChoices,
  formatPricePerRequest,
  signInLinks,
  subscribedMessage,
  tierOf,
} from './SubscribeDialog';

describe('overlay store', () => {
  it('opens one dialog at a time and remembers the page name and API', () => {
    overlayStore.openContact('Pricing');
    expect(overlayStore.get().contact).toEqual({ open: true, pageName: 'Pricing' });
    overlayStore.openSubscribe({ apiId: 'a', apiName: 'Object Detection', price: 0.05 });
    expect(overlayStore.get().contact.open).toBe(false);
    expect(overlayStore.get().subscribe).toEqual({
      open: true,
      target: { apiId: 'a', apiName: 'Object Detection', price: 0.05 },
    });
    overlayStore.openSignup();
    expect(overlayStore.get().subscribe.open).toBe(false);
    expect(overlayStore.get().signup.open).toBe(true);
    overlayStore.close('signup');
    expect(overlayStore.get().signup.open).toBe(false);
  });
});

describe('formatPricePerRequest', () => {
  it('shows cents, and fractions of a cent when the price has them', () => {
    expect(formatPricePerRequest(0.05)).toBe('$0.05');
    expect(formatPricePerRequest(0.0025)).toBe('$0.0025');
    expect(formatPricePerRequest(1)).toBe('$1.00');
  });
});

describe('subscribedMessage', () => {
  it('names the chosen tier and says what to do next: keys are created apart, in the dashboard', () => {
    const target = { apiId: 'a', apiName: 'Image Object Detection', price: 0.05 };
    expect(subscribedMessage(target)).toBe(
      'Successfully subscribed to Image Object Detection. Next, create an API key in your dashboard (if you have none yet) and send it as a bearer token.',
    );
    expect(
      subscribedMessage({ ...target, plan: { name: 'Standard', monthlyPrice: 49, requestsPerMonth: 2000 } }),
    ).toBe(
      'Successfully subscribed to Image Object Detection (Standard plan). Next, create an API key in your dashboard (if you have none yet) and send it as a bearer token.',
    );
  });

  it('says a change of plan is a change, not a new subscription, and that keys keep working', () => {
    const target = { apiId: 'a', apiName: 'Image Object Detection', price: 0.05 };
    expect(
      subscribedMessage(
        { ...target, plan: { name: 'Premium', monthlyPrice: 99, requestsPerMonth: 5000 } },
        'Testing',
      ),
    ).toBe(
      'Your Image Object Detection subscription moved from Testing to Premium plan. Your API keys keep working.',
    );
    expect(subscribedMessage(target, 'Premium')).toBe(
      'Your Image Object Detection subscription moved from Premium to Pay per use. Your API keys keep working.',
    );
  });
});

describe('the opener', () => {
  it('is remembered so focus can return to it, and replaced by the next opener', () => {
    const first = { id: 'first' } as unknown as HTMLElement;
    overlayStore.openContact('Home', first);
    expect(overlayStore.get().opener).toBe(first);
    overlayStore.openSignup();
    expect(overlayStore.get().opener).toBeNull();
  });
});

describe('the tier a subscription is created at', () => {
  const target = { apiId: 'image-object-detection', apiName: 'Image Object Detection', price: 0.05 };
  it("is the tier card's plan, else the pay-per-use tier", () => {
    expect(tierOf({ ...target, plan: { name: 'Premium', monthlyPrice: 99, requestsPerMonth: 5000 } })).toBe(
      'premium',
    );
    expect(tierOf({ ...target, plan: { name: 'Testing', monthlyPrice: 19, requestsPerMonth: 200 } })).toBe(
      'testing',
    );
    expect(tierOf({ apiId: 'image-classification', apiName: 'Image Classification', price: 0.02 })).toBe(
      'pay-per-use',
    );
    expect(tierOf(target)).toBe('pay-per-use');
  });

  it('is carried through sign-up and log-in back to the same page', () => {
    const links = signInLinks(
      { ...target, plan: { name: 'Testing', monthlyPrice: 19, requestsPerMonth: 200 } },
      '/api/image-object-detection',
    );
    const back = '/api/image-object-detection?subscribe=image-object-detection&tier=testing';
    expect(links.signup).toBe(`/signup?next=${encodeURIComponent(back)}`);
    expect(links.login).toBe(`/login?next=${encodeURIComponent(back)}`);
  });
});

describe('bundleChoices', () => {
  it('offers the monthly bundles of an API, leaving out plans arranged by contact', () => {
    const body = {
      id: 'image-object-detection',
      pricingPlans: [
        { name: 'Testing', monthlyPrice: 19, requestsPerMonth: 200, popular: false },
        { name: 'Standard', monthlyPrice: 49, requestsPerMonth: 2000, popular: true },
        { name: 'Custom', monthlyPrice: null, requestsPerMonth: null },
      ],
    };
    expect(bundleChoices(body)).toEqual([
      { name: 'Testing', monthlyPrice: 19, requestsPerMonth: 200, popular: false },
      { name: 'Standard', monthlyPrice: 49, requestsPerMonth: 2000, popular: true },
    ]);
  });

  it('offers none for a pay-per-use API or an unreadable answer', () => {
    expect(bundleChoices({ pricingPlans: [] })).toEqual([]);
    expect(bundleChoices(null)).toEqual([]);
    expect(bundleChoices({ pricingPlans: 'x' })).toEqual([]);
  });
});
