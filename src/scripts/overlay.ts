/**
 * Page-wide triggers for the shared dialogs and toasts. This file is tiny and ships on every
 * page; the React dialogs themselves load on first use (or when the browser is idle), so
 * pages without interaction pay nothing for them.
 *
 * Triggers are plain markup:
 *   <button data-contact data-page-name="Pricing">Contact Sales</button>
 *   <button data-subscribe data-api-id="..." data-api-name="..." data-api-price="0.05">
 *     (a tier card adds data-plan-name="Standard" data-plan-price="49" data-plan-requests="2000")
 *   <button data-signup>Get Started Now</button>
 * `data-page-name` falls back to the page's `<body data-page-name>`.
 */
import { readSubscribeMarker, withoutSubscribeMarker } from '../islands/account/next-path';
import type { OverlayApi, SubscribeTarget, ToastInput } from '../islands/overlay/types';

let overlay: Promise<OverlayApi> | undefined;

/** Loads and mounts the overlay root once. */
export function loadOverlay(): Promise<OverlayApi> {
  overlay ??= import('../islands/overlay/mount').then((m) => m.mountOverlay());
  return overlay;
}

export const openContact = (pageName: string, opener?: HTMLElement) =>
  void loadOverlay().then((o) => o.openContact(pageName, opener));
export const openSubscribe = (t: SubscribeTarget, opener?: HTMLElement) =>
  void loadOverlay().then((o) => o.openSubscribe(t, opener));
export const openSignup = (opener?: HTMLElement) => void loadOverlay().then((o) => o.openSignup(opener));
export const toast = (t: ToastInput) => void loadOverlay().then((o) => o.toast(t));

function pageNameOf(el: HTMLElement): string {
  return el.dataset['pageName'] ?? document.body.dataset['pageName'] ?? document.title;
}

const TRIGGERS = '[data-contact],[data-subscribe],[data-signup]';

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const trigger = target?.closest<HTMLElement>(TRIGGERS);
  if (!trigger || (trigger instanceof HTMLButtonElement && trigger.disabled)) return;
  event.preventDefault();
  if (trigger.hasAttribute('data-contact')) openContact(pageNameOf(trigger), trigger);
  else if (trigger.hasAttribute('data-signup')) openSignup(trigger);
  else openSubscribe(subscribeTargetOf(trigger), trigger);
});

function subscribeTargetOf(el: HTMLElement): SubscribeTarget {
  const { apiId = '', apiName = '', apiPrice = '0', planName, planPrice, planRequests } = el.dataset;
  const target: SubscribeTarget = { apiId, apiName, price: Number(apiPrice) };
  const monthlyPrice = Number(planPrice);
  const requestsPerMonth = Number(planRequests);
  if (
    planName &&
    Number.isFinite(monthlyPrice) &&
    Number.isInteger(requestsPerMonth) &&
    requestsPerMonth > 0
  ) {
    target.plan = { name: planName, monthlyPrice, requestsPerMonth };
  }
  return target;
}

// Start loading the dialogs as soon as a visitor shows intent (hover, focus, touch), so the
// click opens them at once without shipping them to visitors who never ask.
for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
  document.addEventListener(
    type,
    (event) => {
      if (event.target instanceof Element && event.target.closest(TRIGGERS)) void loadOverlay();
    },
    { passive: true },
  );
}

/**
 * Back from sign-up or log-in with `?subscribe=<api id>&tier=<tier>`: reopen the subscribe
 * dialog on the same choice (the trigger with that API and plan), and drop the marker from the
 * address so a reload does not reopen it.
 */
function subscribeTriggerFor(root: ParentNode, apiId: string, tier: string): HTMLElement | null {
  const triggers = [...root.querySelectorAll<HTMLElement>('[data-subscribe]')].filter(
    (el) => el.dataset['apiId'] === apiId && !(el instanceof HTMLButtonElement && el.disabled),
  );
  return (
    triggers.find((el) => el.dataset['planName']?.trim().toLowerCase() === tier) ??
    (tier === 'pay-per-use' || tier === 'standard'
      ? triggers.find((el) => !el.dataset['planName'])
      : undefined) ??
    null
  );
}

const marker = readSubscribeMarker(location.search);
if (marker) {
  history.replaceState(
    history.state,
    '',
    withoutSubscribeMarker(`${location.pathname}${location.search}${location.hash}`),
  );
  const trigger = subscribeTriggerFor(document, marker.apiId, marker.tier);
  if (trigger) openSubscribe(subscribeTargetOf(trigger), trigger);
}
