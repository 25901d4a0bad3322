import { useState } from 'react';
import { useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { updatePlanBodySchema, type AdminPlanView, type PlanChangeView, type Site } from '@manzil/contracts';
import { Button, EmptyState, ErrorFallback, Price, Skeleton, useTabs } from '@manzil/ui';
import { FormErrorSummary, SubmitButton, TextField, useContractForm } from '@manzil/ui/forms';
import { useAdminText } from '../cms/use-admin-text.js';
import { Pager } from '../pager.js';
import {
  COMMERCE_PAGE_SIZE,
  adminPlansQuery,
  commerceKeys,
  planChangesQuery,
  updatePlan,
} from './commerce-api.js';
import { useConsoleSubmit } from './console-submit.js';
import { SiteTime } from './site-time.js';

interface PlanValues {
  nameEn: string;
  nameAr: string;
  fees: string;
  propertyQuota: string;
  agentQuota: string;
}

function PlanForm({ plan, site, onDone }: { plan: AdminPlanView; site: Site; onDone: () => void }) {
  const { t, language } = useAdminText();
  const form = useContractForm<PlanValues>({
    schema: updatePlanBodySchema,
    defaultValues: {
      nameEn: plan.nameEn,
      nameAr: plan.nameAr,
      fees: String(plan.fees),
      propertyQuota: String(plan.propertyQuota),
      agentQuota: String(plan.agentQuota),
    },
  });
  const { control } = form;
  const submit = useConsoleSubmit(form, { list: commerceKeys.plans, done: 'admin.done.saved', onDone });
  const onValid = (body: unknown) => submit(() => updatePlan(plan.id, body, language));
  return (
    <form
      className="ad-inline-form"
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      noValidate
      data-testid="plan-form"
    >
      <FormErrorSummary control={control} setFocus={form.setFocus} />
      <div className="ad-editor__row">
        <TextField
          control={control}
          name="nameEn"
          label={t('plans.field.nameEn')}
          dir="ltr"
          lang="en"
          data-testid="plan-name-en"
        />
        <TextField
          control={control}
          name="nameAr"
          label={t('plans.field.nameAr')}
          dir="rtl"
          lang="ar"
          data-testid="plan-name-ar"
        />
      </div>
      <div className="ad-editor__row">
        <TextField
          control={control}
          name="fees"
          inputMode="decimal"
          label={t('plans.field.fees', { currency: t(`commerce.currency.${site}`) })}
          dir="ltr"
          data-testid="plan-fees"
        />
        <TextField
          control={control}
          name="propertyQuota"
          inputMode="numeric"
          label={t('plans.field.propertyQuota')}
          dir="ltr"
          data-testid="plan-property-quota"
        />
        <TextField
          control={control}
          name="agentQuota"
          inputMode="numeric"
          label={t('plans.field.agentQuota')}
          dir="ltr"
          data-testid="plan-agent-quota"
        />
      </div>
      <div className="ad-head__actions">
        <Button variant="ghost" onClick={onDone}>
          {t('commerce.dismiss')}
        </Button>
        <SubmitButton control={control} data-testid="plan-save">
          {t('admin.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

function PlanRows({
  plan,
  site,
  editing: open,
  onEdit,
}: {
  plan: AdminPlanView;
  site: Site;
  editing: boolean;
  onEdit: (id: string | null) => void;
}) {
  const { t, language } = useAdminText();
  return (
    <>
      <tr data-testid="plan-row">
        <td className="ad-table__title">{language === 'ar' ? plan.nameAr : plan.nameEn}</td>
        <td>{t('plans.months', { count: plan.durationMonths })}</td>
        <td>
          <Price amount={plan.fees} currency={plan.currency} />
        </td>
        <td>{plan.propertyQuota}</td>
        <td>{plan.agentQuota}</td>
        <td className="ad-table__actions">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onEdit(open ? null : plan.id)}
            data-testid="plan-edit"
          >
            {t('plans.edit')}
          </Button>
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={6}>
            <PlanForm plan={plan} site={site} onDone={() => onEdit(null)} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

function PlansTab({ site }: { site: Site }) {
  const { t, language } = useAdminText();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<string | null>(null);
  const list = useQuery({ ...adminPlansQuery(page, language), placeholderData: keepPreviousData });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / COMMERCE_PAGE_SIZE)) : 1;
  if (list.isPending) return <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" />;
  if (list.isError && !data) return <ErrorFallback onRetry={() => void list.refetch()} />;
  if (!data || data.items.length === 0) return <EmptyState title={t('admin.empty')} />;
  return (
    <>
      <div className="ad-table-wrap">
        <table className="ad-table" data-testid="plans-table">
          <caption className="mz-visually-hidden">{t('plans.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('plans.column.plan')}</th>
              <th scope="col">{t('plans.column.duration')}</th>
              <th scope="col">{t('plans.column.fees')}</th>
              <th scope="col">{t('plans.field.propertyQuota')}</th>
              <th scope="col">{t('plans.field.agentQuota')}</th>
              <th scope="col">{t('auctions.column.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((plan) => (
              <PlanRows
                key={plan.id}
                plan={plan}
                site={site}
                editing={editing === plan.id}
                onEdit={setEditing}
              />
            ))}
          </tbody>
        </table>
      </div>
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}

function changeValue(change: PlanChangeView['changes'][number], value: string | number, currency: string) {
  return change.field === 'fees' ? `${value} ${currency}` : String(value);
}

function ChangesTab({ site }: { site: Site }) {
  const { t, language } = useAdminText();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...planChangesQuery(page, language), placeholderData: keepPreviousData });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / COMMERCE_PAGE_SIZE)) : 1;
  if (list.isPending) return <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" />;
  if (list.isError && !data) return <ErrorFallback onRetry={() => void list.refetch()} />;
  if (!data || data.items.length === 0) return <EmptyState title={t('plans.changes.empty')} />;
  return (
    <>
      <ul className="ad-audit" data-testid="plan-changes">
        {data.items.map((entry) => (
          <li key={entry.id} className="ad-audit__entry" data-testid="plan-change">
            <p className="ad-audit__head">
              <SiteTime iso={entry.changedAt} site={site} />
              {' · '}
              {t(`plans.tier.${entry.tier}`)} · {t('plans.months', { count: entry.durationMonths })}
            </p>
            <ul>
              {entry.changes.map((change) => (
                <li key={change.field}>
                  {t('plans.changes.line', {
                    field: t(`plans.field.${change.field}`, { currency: t(`commerce.currency.${site}`) }),
                    from: changeValue(change, change.from, t(`commerce.currency.${site}`)),
                    to: changeValue(change, change.to, t(`commerce.currency.${site}`)),
                  })}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <Pager page={page} pages={pages} onPage={setPage} />
    </>
  );
}

const TABS = ['plans', 'changes'] as const;

/** `/admin/plans`: the site's plans (fees in AED or SAR), edited with an audit of every change. */
export function PlansPage({ site }: { site: Site }) {
  const { t } = useAdminText();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'changes' ? 'changes' : 'plans';
  const tabs = useTabs(TABS, tab, (next) => setParams(next === 'changes' ? { tab: next } : {}));
  return (
    <section data-testid="admin-plans-page">
      <div className="ad-head">
        <h1 className="ad-head__title">{t('plans.title')}</h1>
        <span className="ad-chip">{t(`moderation.site.${site}`)}</span>
      </div>
      <div className="ad-tabs" {...tabs.tabListProps} aria-label={t('plans.title')}>
        {TABS.map((value) => (
          <button key={value} className="ad-tabs__tab" {...tabs.tabProps(value)} data-testid={`tab-${value}`}>
            {t(`plans.tab.${value}`)}
          </button>
        ))}
      </div>
      <div {...tabs.panelProps} className="ad-tabs__panel">
        {tab === 'plans' ? <PlansTab site={site} /> : <ChangesTab site={site} />}
      </div>
    </section>
  );
}
