import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  SAVED_SEARCH_FREQUENCIES,
  listingPagePath,
  type SavedSearch,
  type SavedSearchFrequency,
} from '@manzil/contracts';
import {
  Button,
  EmptyState,
  Select,
  SiteDate,
  Skeleton,
  buttonClassName,
  useFeedback,
  useLanguage,
  useSession,
} from '@manzil/ui';
import { PageHeading } from '../pages/content/content-parts.js';
import {
  SAVED_SEARCHES_PAGE_SIZE,
  savedSearchesPageQuery,
  useSavedSearchMutations,
} from './saved-search-queries.js';
import './saved-searches.css';

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const language = useLanguage();
  const { toast, confirm } = useFeedback();
  const { update, remove } = useSavedSearchMutations(language);
  const failed = (failure: unknown) =>
    toast(
      'danger',
      failure instanceof Error && failure.message ? failure.message : t('customer.savedSearch.failed'),
    );
  const setFrequency = (frequency: SavedSearchFrequency) =>
    update.mutate(
      { id: search.id, frequency },
      { onSuccess: () => toast('success', t('customer.savedSearch.updated')), onError: failed },
    );
  const onDelete = async () => {
    if (!(await confirm(t('customer.savedSearch.confirmDelete')))) return;
    remove.mutate(search.id, {
      onSuccess: () => toast('success', t('customer.savedSearch.deleted')),
      onError: failed,
    });
  };
  return (
    <li className="cu-saved-search" data-testid="saved-search">
      <div className="cu-saved-search__main">
        <h2 className="cu-saved-search__name" dir="auto" data-testid="saved-search-name">
          {search.name}
        </h2>
        <p className="cu-saved-search__meta">
          {t('customer.savedSearch.savedOn')} <SiteDate date={search.createdAt} />
        </p>
      </div>
      <div className="cu-saved-search__actions">
        <Select
          label={t('customer.savedSearch.frequency')}
          value={search.frequency}
          options={SAVED_SEARCH_FREQUENCIES.map((value) => ({
            value,
            label: t(`customer.savedSearch.frequency.${value}`),
          }))}
          onChange={setFrequency}
          testId="saved-search-frequency"
        />
        <Link className={buttonClassName('primary', 'sm')} to={search.link} data-testid="saved-search-open">
          {t('customer.savedSearch.open')}
        </Link>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => void onDelete()}
          disabled={remove.isPending}
          data-testid="saved-search-delete"
        >
          {t('customer.savedSearch.delete')}
        </Button>
      </div>
    </li>
  );
}

/**
 * `/saved-searches` (issue 14 item 8): the customer's saved searches, newest first, a page at
 * a time: how often each alerts, a link back to its results, delete. Other roles are told the
 * page is for customers and a visitor is asked to log in, without calling the API.
 */
export function SavedSearchesPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const language = useLanguage();
  const session = useSession();
  const customer = session?.role === 'user';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery({ ...savedSearchesPageQuery(page, language), enabled: customer });

  if (!customer) {
    return (
      <div className="mz-container cu-saved-searches" data-testid="saved-searches-page">
        <PageHeading title={t('customer.savedSearch.title')} />
        <EmptyState
          title={t(session ? 'customer.savedSearch.customersOnlyTitle' : 'customer.savedSearch.loginTitle')}
          description={t(session ? 'customer.savedSearch.customersOnly' : 'customer.savedSearch.loginLead')}
          action={
            session ? (
              <Link className={buttonClassName('secondary')} to="/">
                {t('customer.savedSearch.browse')}
              </Link>
            ) : (
              <Link className={buttonClassName('primary')} to="/login">
                {t('customer.savedSearch.login')}
              </Link>
            )
          }
          testId="saved-searches-not-customer"
        />
      </div>
    );
  }

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SAVED_SEARCHES_PAGE_SIZE)) : 1;
  return (
    <div className="mz-container cu-saved-searches" data-testid="saved-searches-page">
      <PageHeading title={t('customer.savedSearch.title')} lead={t('customer.savedSearch.pageLead')} />
      {query.isError && !data ? (
        <EmptyState
          title={t('customer.savedSearch.loadFailed')}
          action={<Button onClick={() => void query.refetch()}>{t('customer.savedSearch.retry')}</Button>}
          testId="saved-searches-error"
        />
      ) : !data ? (
        <div aria-busy="true">
          <Skeleton inlineSize="100%" blockSize="5rem" radius="lg" />
          <Skeleton inlineSize="100%" blockSize="5rem" radius="lg" />
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState
          title={t('customer.savedSearch.emptyTitle')}
          description={t('customer.savedSearch.emptyLead')}
          action={
            <Link className={buttonClassName('primary')} to={listingPagePath('buy', language)}>
              {t('customer.savedSearch.browse')}
            </Link>
          }
          testId="saved-searches-empty"
        />
      ) : (
        <>
          <ul className="cu-saved-searches__list" data-testid="saved-searches-list">
            {data.items.map((search) => (
              <SavedSearchRow key={search.id} search={search} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="cu-saved-searches__pager" aria-label={t('customer.savedSearch.pages')}>
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setParams(page - 1 <= 1 ? {} : { page: String(page - 1) })}
              >
                {t('customer.savedSearch.previous')}
              </Button>
              <span>{t('customer.savedSearch.pageOf', { page, pages })}</span>
              <Button
                variant="secondary"
                disabled={page >= pages}
                onClick={() => setParams({ page: String(page + 1) })}
              >
                {t('customer.savedSearch.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
