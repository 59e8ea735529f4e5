import { useEffect, useState } from 'react';
import { listSubscriptionsOperation, meOperation, subscribeOperation } from '../../shared/contracts/account';
import type { Subscription } from '../../shared/schemas/account';
import { hasSignedInHint } from '../../shared/signed-in-hint';
import { authUrl, withSubscribeMarker } from '../account/next-path';
import { request } from '../../shared/api-client';
import { Button } from '../ui/Button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../ui/Dialog';
import { showToast } from '../ui/toast-store';
import { formatCount, formatWholeUsd } from '../../lib/format';
import { freeTierNote, PAY_PER_USE_MINIMUM } from '../../lib/pricing-model';
import { announceSubscriptionChange } from '../subscription/plan-status';
import type { SubscribeTarget } from './types';

/** The pay-per-use tier every API offers (the server's `PAY_PER_USE_TIER`). */
export const PAY_PER_USE_TIER = 'pay-per-use';

/**
 * The tier id the server knows a choice by: a bundle's plan (`Testing` -> `testing`), else
 * pay per use.
 */
export function tierOf(target: SubscribeTarget): string {
  return target.plan ? target.plan.name.trim().toLowerCase() : PAY_PER_USE_TIER;
}

/**
 * Where a signed-out visitor signs up or logs in: back to this page afterwards, with a marker
 * that reopens this dialog with the same choice.
 */
export function signInLinks(target: SubscribeTarget, here: string): { signup: string; login: string } {
  const back = withSubscribeMarker(here, { apiId: target.apiId, tier: tierOf(target) });
  return { signup: authUrl('signup', back), login: authUrl('login', back) };
}

type Session = 'unknown' | 'signed-in' | 'signed-out';

export type PlanChoice = NonNullable<SubscribeTarget['plan']> & { popular: boolean };

/**
 * The monthly bundles of an API (from `GET /api/apis/{id}`) a visitor can subscribe to here;
 * plans arranged by contact are left out. Empty for pay-per-use APIs or an unreadable answer.
 */
export function bundleChoices(body: unknown): PlanChoice[] {
  const plans =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['pricingPlans'] : undefined;
  if (!Array.isArray(plans)) return [];
  return plans.flatMap((p: unknown) => {
    if (typeof p !== 'object' || p === null) return [];
    const { name, monthlyPrice, requestsPerMonth, popular } = p as Record<string, unknown>;
    if (typeof name !== 'string' || typeof monthlyPrice !== 'number' || typeof requestsPerMonth !== 'number')
      return [];
    return [{ name, monthlyPrice, requestsPerMonth, popular: popular === true }];
  });
}

/** "$0.05": per-request prices can have more than two decimals. */
export function formatPricePerRequest(price: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(price);
}

interface Props {
  open: boolean;
  /** The control that opened the dialog; focus returns to it on close. */
  opener?: HTMLElement | null;
  target: SubscribeTarget | null;
  onClose: () => void;
}

/**
 * The success toast's text, naming the chosen bundle when there is one and saying what to do
 * next: keys are created apart from subscriptions (one key calls every API), so a first
 * subscription points to the dashboard's keys, and a change of tier says the keys keep working.
 */
export function subscribedMessage(target: SubscribeTarget, previousTier: string | null = null): string {
  const plan = target.plan ? `${target.plan.name} plan` : 'Pay per use';
  if (previousTier)
    return `Your ${target.apiName} subscription moved from ${previousTier} to ${plan}. Your API keys keep working.`;
  const what = target.plan ? `${target.apiName} (${target.plan.name} plan)` : target.apiName;
  return `Successfully subscribed to ${what}. Next, create an API key in your dashboard (if you have none yet) and send it as a bearer token.`;
}

/**
 * API subscription: open, 'Processing...' while the server creates the subscription,
 * closed with a toast. It subscribes to the plan the visitor chose: a tier card's monthly bundle,
 * else pay per use. A signed-out visitor is asked to sign up or log in first and comes back to
 * this dialog with the same choice.
 */
export function SubscribeDialog({ open, target: opened, opener, onClose }: Props) {
  const [processing, setProcessing] = useState(false);
  const [session, setSession] = useState<Session>('unknown');
  // The signed-in visitor's active subscription to this API (null: none), so the dialog offers a
  // change of plan and never "subscribes" to the plan already held.
  const [current, setCurrent] = useState<Subscription | null | 'unknown'>('unknown');
  // An API that also sells monthly bundles (object detection): opened without a tier card's
  // plan, the dialog offers pay per use (chosen first) or one of its bundles.
  const [choices, setChoices] = useState<PlanChoice[] | 'loading'>([]);
  const [chosen, setChosen] = useState<string>('');
  useEffect(() => {
    if (!open || !opened || opened.plan) {
      setChoices([]);
      return;
    }
    setChoices('loading');
    const controller = new AbortController();
    void fetch(`/api/apis/${encodeURIComponent(opened.apiId)}`, { signal: controller.signal })
      .then(async (res) => (res.ok ? bundleChoices(await res.json()) : []))
      .catch(() => [] as PlanChoice[])
      .then((list) => {
        if (controller.signal.aborted) return;
        setChoices(list);
        setChosen('');
      });
    return () => controller.abort();
  }, [open, opened]);
  const bundles = choices === 'loading' ? [] : choices;
  const chosenPlan = bundles.find((p) => p.name === chosen);
  const target: SubscribeTarget | null =
    opened && chosenPlan
      ? {
          ...opened,
          plan: {
            name: chosenPlan.name,
            monthlyPrice: chosenPlan.monthlyPrice,
            requestsPerMonth: chosenPlan.requestsPerMonth,
          },
        }
      : opened;
  const plan = target?.plan;

  // Whether the visitor is signed in decides what the dialog offers; asked each time it opens,
  // and only when the signed-in hint is there (a signed-out visitor makes no request answering 401).
  const apiId = opened?.apiId;
  useEffect(() => {
    if (!open) return;
    setCurrent('unknown');
    if (!hasSignedInHint(document.cookie)) {
      setSession('signed-out');
      return;
    }
    const controller = new AbortController();
    request(meOperation, { signal: controller.signal })
      .then(async (me) => {
        setSession(me.ok ? 'signed-in' : me.error.status === 401 ? 'signed-out' : 'unknown');
        if (!me.ok) return;
        const subs = await request(listSubscriptionsOperation, { signal: controller.signal });
        if (subs.ok)
          setCurrent(subs.data.subscriptions.find((s) => s.api_id === apiId && s.is_active) ?? null);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [open, apiId]);
  const held = current === 'unknown' ? null : current;
  const sameAsHeld = held !== null && target !== null && held.tier === tierOf(target);
  // Opened on the API (not a tier card): start from the plan held, so the dialog shows it first.
  const heldTier = held?.tier;
  useEffect(() => {
    if (!heldTier || choices === 'loading') return;
    const bundle = choices.find((p) => p.name.trim().toLowerCase() === heldTier);
    setChosen(bundle ? bundle.name : '');
  }, [heldTier, choices]);

  const subscribe = async () => {
    if (!target || processing || choices === 'loading' || sameAsHeld) return;
    setProcessing(true);
    const result = await request(subscribeOperation, {
      body: { api_id: target.apiId, tier: tierOf(target) },
    });
    setProcessing(false);
    if (result.ok) {
      onClose();
      announceSubscriptionChange(result.data.subscription);
      showToast({
        title: held ? 'Plan changed' : 'Success!',
        description: subscribedMessage(target, held?.tier_name ?? null),
        link: held
          ? { label: 'See it in your dashboard', href: '/dashboard' }
          : { label: 'Create a key in your dashboard', href: '/dashboard' },
      });
    } else if (result.error.status === 401) {
      setSession('signed-out');
    } else if (result.error.status === 409) {
      // Already on this plan (another tab, or a stale page): nothing changed.
      showToast({ title: 'Already subscribed', description: result.error.message });
    } else {
      showToast({
        title: 'Error',
        description: 'Failed to create subscription. Please try again.',
        variant: 'destructive',
      });
    }
  };

  const here = typeof window === 'undefined' ? '/' : `${window.location.pathname}${window.location.search}`;
  const links = target ? signInLinks(target, here) : null;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && !processing) onClose();
      }}
    >
      <DialogContent data-testid="subscribe-dialog" returnFocusTo={opener}>
        <DialogHeader>
          <DialogTitle>
            {held ? 'Change your plan for' : 'Subscribe to'} {target?.apiName ?? 'this API'}
          </DialogTitle>
          <DialogDescription>
            {plan
              ? 'Monthly bundle: a fixed monthly price for a prepaid number of requests.'
              : 'Pay per use: you are billed only for the requests you make.'}
          </DialogDescription>
        </DialogHeader>
        {bundles.length > 0 ? (
          <fieldset className="grid gap-2" data-testid="subscribe-tiers">
            <legend className="mb-1 text-sm font-medium text-ink">Choose how to pay</legend>
            <label className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input
                type="radio"
                name="subscribe-tier"
                value=""
                checked={chosen === ''}
                onChange={() => setChosen('')}
                disabled={processing}
              />
              <span className="font-semibold text-ink">Pay per use</span>
              {held?.tier === PAY_PER_USE_TIER ? <CurrentBadge /> : null}
              <span className="ml-auto text-right text-muted">
                {formatPricePerRequest(opened?.price ?? 0)} per request
              </span>
            </label>
            {bundles.map((p) => (
              <label
                key={p.name}
                className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="subscribe-tier"
                  value={p.name}
                  checked={chosen === p.name}
                  onChange={() => setChosen(p.name)}
                  disabled={processing}
                />
                <span className="font-semibold text-ink">{p.name}</span>
                {held?.tier === p.name.trim().toLowerCase() ? <CurrentBadge /> : null}
                <span className="ml-auto text-right text-muted">
                  {formatWholeUsd(p.monthlyPrice)}/month · {formatCount(p.requestsPerMonth)} requests
                </span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {target && choices !== 'loading' ? (
          <dl
            className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm"
            data-testid="subscribe-terms"
          >
            <Row term="API" value={target.apiName} />
            {held ? <Row term="Your current plan" value={held.tier_name} /> : null}
            {plan ? (
              <>
                <Row term="Plan" value={plan.name} />
                <Row term="Monthly price" value={`${formatWholeUsd(plan.monthlyPrice)}/month`} />
                <Row term="Included" value={`Up to ${formatCount(plan.requestsPerMonth)} requests/month`} />
                <Row term="Beyond the bundle" value="Refused until the bundle renews on the 1st (UTC)" />
              </>
            ) : (
              <>
                <Row term="Plan" value="Pay per use" />
                <Row term="Price" value={`${formatPricePerRequest(target.price)} per request`} />
                <Row term="Monthly minimum" value={formatWholeUsd(PAY_PER_USE_MINIMUM)} />
              </>
            )}
          </dl>
        ) : null}
        {sameAsHeld ? (
          <p
            className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-ink"
            role="status"
            data-testid="subscribe-current"
          >
            This is your current plan. Choose another one to change it, or{' '}
            <a href="/dashboard" className="font-medium text-brand-700 underline underline-offset-2">
              cancel it in your dashboard
            </a>
            .
          </p>
        ) : null}
        <p className="text-sm text-muted">
          API keys are created in your dashboard, apart from subscriptions: one key calls every API. Send it
          as a bearer token in the Authorization header. {held ? null : freeTierNote}
        </p>
        {session === 'signed-out' && links ? (
          <>
            <p
              className="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-ink"
              role="status"
              data-testid="subscribe-sign-in"
            >
              Sign up or log in to subscribe. You will come back to this choice afterwards.
            </p>
            <DialogFooter>
              <Button variant="secondary" onClick={onClose}>
                Cancel
              </Button>
              <a href={links.login} className="btn-secondary">
                Log in
              </a>
              <a href={links.signup} className="btn-primary">
                Sign up
              </a>
            </DialogFooter>
          </>
        ) : (
          <DialogFooter>
            <Button variant="secondary" onClick={onClose} disabled={processing}>
              Cancel
            </Button>
            <Button
              onClick={() => void subscribe()}
              disabled={processing || !target || choices === 'loading' || sameAsHeld}
              aria-live="polite"
            >
              {processing ? 'Processing...' : held ? 'Change plan' : 'Subscribe'}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

function CurrentBadge() {
  return <span className="badge bg-green-100 text-green-800">Current</span>;
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right font-semibold text-ink">{value}</dd>
    </div>
  );
}
