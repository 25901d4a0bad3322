import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  APPROVAL_STATUSES,
  PROPERTY_TYPE_SLUGS,
  propertyTypeSlugSchema,
  type OwnedProperty,
  type Site,
} from '@manzil/contracts';
import { Button, EmptyState, ErrorFallback, SiteDate, Skeleton, useTabs } from '@manzil/ui';
import { useAdminText } from '../cms/use-admin-text.js';
import { Pager } from '../pager.js';
import { MODERATION_PAGE_SIZE, queueQuery, type QueueFilters } from './moderation-api.js';
import { ReportsTab } from './reports-tab.js';
import { draftTitle } from './property-text.js';

const TABS = ['listings', 'reports'] as const;
type Tab = (typeof TABS)[number];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The queue's filters from the URL, so a filtered page can be reloaded, shared and gone back to. */
function filtersOf(params: URLSearchParams): QueueFilters {
  const status = APPROVAL_STATUSES.find((value) => value === params.get('status')) ?? 'pending';
  const type = propertyTypeSlugSchema.safeParse(params.get('propertyType'));
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : undefined;
  };
  return {
    status,
    propertyType: type.success ? type.data : undefined,
    submittedFrom: day('submittedFrom'),
    submittedTo: day('submittedTo'),
    q: params.get('q')?.trim() || undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

/** A day of submission (the queue's date range); cleared, it filters nothing. */
function DayFilter({
  label,
  value,
  min,
  max,
  onChange,
  testId,
}: {
  label: string;
  value?: string;
  min?: string;
  max?: string;
  onChange: (value: string | undefined) => void;
  testId: string;
}) {
  return (
    <label className="ad-filters__field">
      <span className="ad-filters__label">{label}</span>
      <input
        className="mz-input"
        type="date"
        value={value ?? ''}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value || undefined)}
        data-testid={testId}
      />
    </label>
  );
}

function QueueFiltersBar({
  filters,
  onChange,
}: {
  filters: QueueFilters;
  onChange: (next: QueueFilters) => void;
}) {
  const { t } = useAdminText();
  const [search, setSearch] = useState(filters.q ?? '');
  const set = (patch: Partial<QueueFilters>) => onChange({ ...filters, ...patch, page: 1 });
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    set({ q: search.trim() || undefined });
  };
  return (
    <form className="ad-filters" role="search" onSubmit={onSearch} data-testid="moderation-filters">
      <label className="ad-filters__field">
        <span className="ad-filters__label">{t('moderation.filter.status')}</span>
        <select
          className="mz-input"
          value={filters.status}
          onChange={(event) => set({ status: event.target.value as QueueFilters['status'] })}
          data-testid="filter-status"
        >
          {APPROVAL_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`moderation.status.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="ad-filters__field">
        <span className="ad-filters__label">{t('moderation.filter.type')}</span>
        <select
          className="mz-input"
          value={filters.propertyType ?? ''}
          onChange={(event) =>
            set({ propertyType: (event.target.value || undefined) as QueueFilters['propertyType'] })
          }
          data-testid="filter-type"
        >
          <option value="">{t('moderation.filter.allTypes')}</option>
          {PROPERTY_TYPE_SLUGS.map((value) => (
            <option key={value} value={value}>
              {t(`moderation.type.${value}`)}
            </option>
          ))}
        </select>
      </label>
      <DayFilter
        label={t('moderation.filter.from')}
        value={filters.submittedFrom}
        max={filters.submittedTo}
        onChange={(submittedFrom) => set({ submittedFrom })}
        testId="filter-from"
      />
      <DayFilter
        label={t('moderation.filter.to')}
        value={filters.submittedTo}
        min={filters.submittedFrom}
        onChange={(submittedTo) => set({ submittedTo })}
        testId="filter-to"
      />
      <label className="ad-filters__field ad-filters__field--grow">
        <span className="ad-filters__label">{t('moderation.filter.search')}</span>
        <input
          className="mz-input"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="filter-search"
        />
      </label>
      <Button type="submit" variant="secondary">
        {t('moderation.filter.apply')}
      </Button>
    </form>
  );
}

function QueueTable({ items }: { items: OwnedProperty[] }) {
  const { t, language } = useAdminText();
  return (
    <div className="ad-table-wrap">
      <table className="ad-table" data-testid="moderation-table">
        <caption className="mz-visually-hidden">{t('moderation.tab.listings')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.column.title')}</th>
            <th scope="col">{t('moderation.column.type')}</th>
            <th scope="col">{t('moderation.column.submitted')}</th>
            <th scope="col">{t('admin.column.status')}</th>
            <th scope="col">{t('moderation.column.complete')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((property) => {
            const type = propertyTypeSlugSchema.safeParse(property.draft.propertyType);
            return (
              <tr key={property.id} data-testid="moderation-row">
                <td>
                  <Link to={`/admin/moderation/${property.id}`} className="ad-table__title">
                    {draftTitle(property, language) || t('moderation.untitled')}
                  </Link>
                </td>
                <td>{type.success ? t(`moderation.type.${type.data}`) : '—'}</td>
                <td>{property.submittedAt ? <SiteDate date={property.submittedAt} month="short" /> : '—'}</td>
                <td>
                  <span className={`ad-status ad-status--${property.approvalStatus}`}>
                    {t(`moderation.status.${property.approvalStatus}`)}
                  </span>
                </td>
                <td>{t('moderation.percent', { percent: property.completeness.percent })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ListingsTab() {
  const { t, language } = useAdminText();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const queue = useQuery({ ...queueQuery(filters, language), placeholderData: keepPreviousData });
  const data = queue.data;
  const go = (next: QueueFilters) => {
    const entries = Object.entries({ ...next, page: next.page > 1 ? next.page : undefined }).filter(
      ([key, value]) => value !== undefined && !(key === 'status' && value === 'pending'),
    );
    setParams(Object.fromEntries(entries.map(([key, value]) => [key, String(value)])));
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / MODERATION_PAGE_SIZE)) : 1;
  return (
    <>
      <QueueFiltersBar key={filters.q ?? ''} filters={filters} onChange={go} />
      {queue.isPending ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {queue.isError && !data ? <ErrorFallback onRetry={() => void queue.refetch()} /> : null}
      {data ? (
        <p className="ad-count" aria-live="polite" data-testid="moderation-count">
          {t('moderation.count', { count: data.total })}
        </p>
      ) : null}
      {data && data.items.length === 0 ? <EmptyState title={t('admin.empty')} /> : null}
      {data && data.items.length > 0 ? <QueueTable items={data.items} /> : null}
      <Pager page={filters.page} pages={pages} onPage={(page) => go({ ...filters, page })} />
    </>
  );
}

/** The moderation queue (spec §4 listing approval): the site's listings by status, and the reports. */
export function ModerationQueue({ site }: { site: Site }) {
  const { t } = useAdminText();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'reports' ? 'reports' : 'listings';
  const tabs = useTabs(TABS, tab, (next) => setParams(next === 'reports' ? { tab: next } : {}));
  return (
    <section data-testid="moderation-page">
      <div className="ad-head">
        <h1 className="ad-head__title">{t('moderation.title')}</h1>
        <span className="ad-chip" data-testid="moderation-site">
          {t(`moderation.site.${site}`)}
        </span>
      </div>
      <div className="ad-tabs" {...tabs.tabListProps} aria-label={t('moderation.title')}>
        {TABS.map((value) => (
          <button key={value} className="ad-tabs__tab" {...tabs.tabProps(value)} data-testid={`tab-${value}`}>
            {t(`moderation.tab.${value}`)}
          </button>
        ))}
      </div>
      <div {...tabs.panelProps} className="ad-tabs__panel">
        {tab === 'listings' ? <ListingsTab /> : <ReportsTab />}
      </div>
    </section>
  );
}
