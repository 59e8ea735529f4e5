import { Icon } from '../../components/kit/Icon';
import { API_ICONS, resolveApiIcon } from '../../shared/icons';
import { CARD_STARTING_PRICE, formatUsd, formatWholeUsd } from '../../lib/format';
import { freeTierNote, PAY_PER_USE_MINIMUM } from '../../lib/pricing-model';
import { cn } from '../../lib/cn';
import type { ApiCardData } from '../../lib/api-card-data';

export interface ApiCardProps {
  api: ApiCardData;
  /** Heading level of the API name, so the card fits the outline of the page it sits on. */
  headingLevel?: 2 | 3;
  className?: string | undefined;
}

/**
 * One API in the catalogue. The only card implementation: Astro pages render it statically
 * (through `components/catalogue/ApiCard.astro`, no JS) and the live grid island re-renders it
 * from server data, so both always look the same. Subscribe is a plain `data-subscribe`
 * trigger handled by the page-wide overlay script.
 */
export function ApiCard({ api, headingLevel = 3, className }: ApiCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const active = api.status === 'active';
  const titleId = `api-card-${api.id}`;
  return (
    <article
      className={cn('card flex h-full flex-col', className)}
      aria-labelledby={titleId}
      data-api-card={api.id}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="grid h-11 w-11 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
            <Icon
              name={API_ICONS[resolveApiIcon(api.icon)]}
              dataIcon={resolveApiIcon(api.icon)}
              className="h-6 w-6"
            />
          </span>
          <div className="min-w-0">
            <Heading id={titleId} className="text-lg font-semibold leading-tight text-ink">
              {api.name}
            </Heading>
            {api.category ? <p className="mt-0.5 text-xs text-muted">{api.category}</p> : null}
          </div>
        </div>
        <span
          className={cn(
            'badge shrink-0',
            active ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900',
          )}
        >
          {active ? 'Active' : 'Coming Soon'}
        </span>
      </div>

      <p className="mt-4 text-sm leading-relaxed text-slate-700">{api.description}</p>

      <ul className="mt-4 space-y-2 text-sm text-slate-700">
        {api.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Icon name="check" className="mt-0.5 h-4 w-4 shrink-0 text-brand-600" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      <div className="mt-auto pt-6">
        <p className="text-sm font-medium text-ink">{CARD_STARTING_PRICE}</p>
        <p className="mt-0.5 text-xs text-muted" data-card-terms>
          Pay per use: {formatUsd(api.price)} per request, {formatWholeUsd(PAY_PER_USE_MINIMUM)} monthly
          minimum
        </p>
        {active ? (
          <p className="mt-1 text-xs font-medium text-green-800" data-card-free>
            {freeTierNote}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-2">
          {active ? (
            <>
              <a
                href={`/api/${api.id}`}
                className="btn-secondary flex-1 whitespace-nowrap"
                aria-describedby={titleId}
              >
                View Details
              </a>
              <button
                type="button"
                className="btn-primary flex-1 whitespace-nowrap"
                aria-describedby={titleId}
                data-subscribe=""
                data-api-id={api.id}
                data-api-name={api.name}
                data-api-price={String(api.price)}
              >
                Subscribe
              </button>
            </>
          ) : (
            <>
              <button
                type="button"
                className="btn-secondary flex-1"
                disabled
                aria-describedby={`${titleId} ${titleId}-notify`}
              >
                Notify Me
              </button>
              <p id={`${titleId}-notify`} className="w-full text-xs text-muted" data-card-notify>
                Not available yet. To hear when it launches,{' '}
                <button
                  type="button"
                  className="font-medium text-brand-700 underline underline-offset-2"
                  data-contact=""
                  data-page-name={`Notify me: ${api.name}`}
                >
                  contact us
                </button>{' '}
                and we will email you.
              </p>
            </>
          )}
        </div>
      </div>
    </article>
  );
}

/** Placeholder with the card's shape, shown while the grid has no data yet. */
export function ApiCardSkeleton() {
  return (
    <div
      className="card flex h-full animate-pulse flex-col motion-reduce:animate-none"
      aria-hidden="true"
      data-api-card-skeleton=""
    >
      <div className="flex items-center gap-3">
        <div className="h-11 w-11 rounded-lg bg-slate-200" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-100" />
        </div>
      </div>
      <div className="mt-5 space-y-2">
        <div className="h-3 rounded bg-slate-100" />
        <div className="h-3 rounded bg-slate-100" />
        <div className="h-3 w-4/5 rounded bg-slate-100" />
      </div>
      <div className="mt-5 space-y-2">
        <div className="h-3 w-3/4 rounded bg-slate-100" />
        <div className="h-3 w-2/3 rounded bg-slate-100" />
        <div className="h-3 w-3/5 rounded bg-slate-100" />
      </div>
      <div className="mt-auto flex gap-2 pt-8">
        <div className="h-9 flex-1 rounded-lg bg-slate-200" />
        <div className="h-9 flex-1 rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
