import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import {
  checkoutViewSchema,
  PAYMENTS_API,
  PLAN_DURATIONS,
  PLAN_TIERS,
  type PlanView,
  type SubscriptionView,
} from '@manzil/contracts';
import { apiFetch, Button, Price, useLanguage, useRadioGroup, useSession } from '@manzil/ui';
import { activeSubscriptionQuery, plansQuery } from './payment-queries.js';

const DURATIONS = PLAN_DURATIONS.map(String) as readonly string[] as readonly ('1' | '3' | '6' | '12')[];
type Duration = (typeof DURATIONS)[number];

/** What buying this plan means for the holder: buy, renew after the current one, or upgrade now. */
function actionFor(plan: PlanView, active: SubscriptionView | null | undefined): 'buy' | 'renew' | 'upgrade' {
  if (!active) return 'buy';
  return PLAN_TIERS.indexOf(plan.tier) > PLAN_TIERS.indexOf(active.plan.tier) ? 'upgrade' : 'renew';
}

/**
 * Spec §6: companies and agents buy a subscription from the home page. The site's plans for a
 * chosen duration, with their quotas and fee; Buy (or Upgrade, above the plan in force) opens
 * the provider's checkout page. The server decides who may buy what; its refusal shows here
 * in the page's language.
 */
export function PlansSection() {
  const intl = useIntl();
  const language = useLanguage();
  const session = useSession();
  const payer = session?.role === 'company' || session?.role === 'agent';
  const [duration, setDuration] = useState<Duration>('12');
  const { groupProps, radioProps } = useRadioGroup(DURATIONS, duration, setDuration);
  const plans = useQuery({ ...plansQuery(language), enabled: payer });
  const active = useQuery({ ...activeSubscriptionQuery(language), enabled: payer });
  const checkout = useMutation({
    mutationFn: ({ plan, action }: { plan: PlanView; action: 'buy' | 'renew' | 'upgrade' }) =>
      apiFetch(`/api/payments${action === 'upgrade' ? PAYMENTS_API.upgrade : PAYMENTS_API.purchase}`, {
        language,
        method: 'POST',
        body: { planId: plan.id },
        results: checkoutViewSchema,
      }),
    onSuccess: ({ results }) => window.location.assign(results.checkoutUrl),
  });
  if (!payer) return null;
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const shown = (plans.data?.items ?? []).filter((plan) => String(plan.durationMonths) === duration);

  return (
    <section className="mz-container cu-plans" data-testid="plans-section" aria-labelledby="cu-plans-title">
      <h2 id="cu-plans-title" className="cu-browse__title">
        {t('customer.plans.title')}
      </h2>
      {active.data ? (
        <p className="cu-plans__current" data-testid="plans-current">
          {t('customer.plans.current', { name: active.data.plan.name })}
        </p>
      ) : null}
      <div
        className="cu-search__purpose cu-plans__durations"
        {...groupProps}
        aria-label={t('customer.plans.duration')}
      >
        {DURATIONS.map((value) => (
          <button key={value} {...radioProps(value)} className="cu-search__purpose-option">
            {t('customer.plans.months', { months: Number(value) })}
          </button>
        ))}
      </div>
      {checkout.error ? (
        <p className="cu-plans__error" role="alert" data-testid="plans-error">
          {checkout.error.message}
        </p>
      ) : null}
      <ul className="cu-plans__list">
        {shown.map((plan) => {
          const action = actionFor(plan, active.data);
          const current = active.data?.plan.tier === plan.tier;
          return (
            <li key={plan.id} className="cu-plans__card" data-testid={`plan-${plan.tier}`}>
              <h3 className="cu-plans__name">{plan.name}</h3>
              <p className="cu-plans__price">
                <Price amount={plan.fees} currency={plan.currency} />
              </p>
              <ul className="cu-plans__quotas">
                <li>{t('customer.plans.properties', { count: plan.propertyQuota })}</li>
                <li>{t('customer.plans.agents', { count: plan.agentQuota })}</li>
              </ul>
              <Button
                variant={current ? 'secondary' : 'primary'}
                disabled={checkout.isPending}
                onClick={() => checkout.mutate({ plan, action })}
                data-testid={`plan-${plan.tier}-${action}`}
              >
                {t(`customer.plans.${action}`)}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
