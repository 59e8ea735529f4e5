import { useEffect, useState } from 'react';
import { meOperation, subscribeOperation } from '../../shared/contracts/account';
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
import { PAY_PER_USE_MINIMUM } from '../../lib/pricing-model';
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

/** The success toast's text: the spec's, naming the chosen bundle when there is one. */
export function subscribedMessage(target: SubscribeTarget): string {
  const what = target.plan ? `${target.apiName} (${target.plan.name} plan)` : target.apiName;
  return `Successfully subscribed to ${what}. Your API key will be available in your dashboard.`;
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

  // Whether the visitor is signed in decides what the dialog offers; asked each time it opens.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    request(meOperation, { signal: controller.signal })
      .then((me) => setSession(me.ok ? 'signed-in' : me.error.status === 401 ? 'signed-out' : 'unknown'))
      .catch(() => {});
    return () => controller.abort();
  }, [open]);

  const subscribe = async () => {
    if (!target || processing || choices === 'loading') return;
    setProcessing(true);
    const result = await request(subscribeOperation, {
      body: { api_id: target.apiId, tier: tierOf(target) },
    });
    setProcessing(false);
    if (result.ok) {
      onClose();
      showToast({
        title: 'Success!',
        description: subscribedMessage(target),
        link: { label: 'Go to your dashboard', href: '/dashboard' },
      });
    } else if (result.error.status === 401) {
      setSession('signed-out');
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
          <DialogTitle>Subscribe to {target?.apiName ?? 'this API'}</DialogTitle>
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
        <p className="text-sm text-muted">
          After subscribing, your API key will be available in your dashboard. Send it as a bearer token in
          the Authorization header of each request.
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
              disabled={processing || !target || choices === 'loading'}
              aria-live="polite"
            >
              {processing ? 'Processing...' : 'Subscribe'}
            </Button>
          </DialogFooter>
        )}
      </DialogContent>
    </Dialog>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right font-semibold text-ink">{value}</dd>
    </div>
  );
}
