import { useEffect, useId, useState } from 'react';
import { listSubscriptionsOperation, usageOperation } from '../../shared/contracts/account';
import type { Subscription } from '../../shared/schemas/account';
import { hasSignedInHint } from '../../shared/signed-in-hint';
import { request } from '../../shared/api-client';
import { FREE_TIER, freeTierNote } from '../../lib/pricing-model';
import { UsageMeter } from '../ui/UsageMeter';
import {
  freeUsageLine,
  freeUsedPercent,
  planLabel,
  planStateOf,
  SUBSCRIPTION_CHANGED_EVENT,
  type PlanState,
} from './plan-status';

interface Props {
  apiId: string;
  apiName: string;
  /** Price per request in US dollars (the subscribe dialog's pay-per-use terms). */
  price: number;
}

/**
 * The Get Started card's body on an active API's page: the visitor's plan for this API and what
 * they can do next. Signed out (no signed-in hint), it asks nothing of the server, so the page
 * logs no 401; signed in, it reads the account's subscriptions (and, without one, this month's
 * Free tier usage) and follows the subscribe dialog's changes. The buttons are the page-wide
 * `data-subscribe` triggers, so the server-rendered card works before hydration.
 */
export function PlanStatus({ apiId, apiName, price }: Props) {
  const id = useId();
  const [state, setState] = useState<PlanState>({ kind: 'unknown' });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (!hasSignedInHint(document.cookie)) {
      setState({ kind: 'signed-out' });
      return;
    }
    const controller = new AbortController();
    const signal = controller.signal;
    void (async () => {
      const subs = await request(listSubscriptionsOperation, { signal });
      if (signal.aborted) return;
      if (!subs.ok) {
        setState(subs.error.status === 401 ? { kind: 'signed-out' } : { kind: 'unknown' });
        return;
      }
      const subscribed = planStateOf(apiId, subs.data.subscriptions, null);
      if (subscribed.kind === 'subscribed') {
        setState(subscribed);
        return;
      }
      setState({ kind: 'free', usage: null });
      const usage = await request(usageOperation, { signal });
      if (!signal.aborted && usage.ok) setState(planStateOf(apiId, subs.data.subscriptions, usage.data));
    })().catch(() => {});
    return () => controller.abort();
  }, [apiId, version]);

  useEffect(() => {
    const changed = (event: Event) => {
      const sub = (event as CustomEvent<Subscription>).detail;
      if (sub?.api_id === apiId) setState({ kind: 'subscribed', subscription: sub });
      else setVersion((v) => v + 1);
    };
    window.addEventListener(SUBSCRIPTION_CHANGED_EVENT, changed);
    return () => window.removeEventListener(SUBSCRIPTION_CHANGED_EVENT, changed);
  }, [apiId]);

  const trigger = {
    'data-subscribe': '',
    'data-api-id': apiId,
    'data-api-name': apiName,
    'data-api-price': price.toFixed(2),
  };

  if (state.kind === 'subscribed') {
    const sub = state.subscription;
    return (
      <div data-plan-state="subscribed">
        <p className="mt-2 text-sm text-slate-700" id={`${id}-plan`}>
          Your plan:{' '}
          <strong className="text-ink" data-testid="current-plan">
            {planLabel(sub)}
          </strong>
        </p>
        <p className="mt-1 text-sm text-slate-600">
          Call it with any of your API keys.{' '}
          <a href="/dashboard" className="font-medium text-brand-700 underline underline-offset-2">
            Keys and usage in your dashboard
          </a>
        </p>
        <button
          type="button"
          className="btn-primary mt-4 w-full"
          aria-describedby={`${id}-plan`}
          {...trigger}
        >
          Change plan
        </button>
        <a href="/dashboard" className="btn-ghost mt-2 w-full">
          Cancel in your dashboard
        </a>
      </div>
    );
  }

  if (state.kind === 'free') {
    const usage = state.usage;
    return (
      <div data-plan-state="free">
        <p className="mt-2 text-sm text-slate-700">
          Your plan:{' '}
          <strong className="text-ink" data-testid="current-plan">
            {FREE_TIER.name}
          </strong>
        </p>
        {usage ? (
          <>
            <p className="mt-1 text-sm text-slate-600" data-testid="free-usage">
              {freeUsageLine(usage)}
            </p>
            <UsageMeter
              label={`${FREE_TIER.name}: share of this month's images used`}
              percent={freeUsedPercent(usage)}
              valueText={freeUsageLine(usage)}
            />
          </>
        ) : null}
        <p className="mt-2 text-sm text-slate-600">
          Call it now with a key from your{' '}
          <a href="/dashboard" className="font-medium text-brand-700 underline underline-offset-2">
            dashboard
          </a>
          , or subscribe for more.
        </p>
        <button type="button" className="btn-primary mt-4 w-full" {...trigger}>
          Subscribe Now
        </button>
      </div>
    );
  }

  return (
    <div data-plan-state={state.kind}>
      <p className="mt-2 text-sm text-slate-700">{freeTierNote}</p>
      <p className="mt-1 text-sm text-slate-600">
        Sign up, create a key in your dashboard and start sending images today; subscribe for more.
      </p>
      <button type="button" className="btn-primary mt-4 w-full" {...trigger}>
        Subscribe Now
      </button>
    </div>
  );
}
