import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import {
  SAVED_SEARCH_FREQUENCIES,
  listingPagePath,
  type SavedSearch,
  type SavedSearchFrequency,
} from '@manzil/contracts';
import { Button, Select, SiteDate, Skeleton, buttonClassName, useFeedback, useLanguage } from '@manzil/ui';
import { CustomerListPage } from '../pages/customer-list-page.js';
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
  const t = (id: string) => intl.formatMessage({ id });
  const language = useLanguage();
  return (
    <CustomerListPage
      name="saved-searches"
      messages="customer.savedSearch"
      query={savedSearchesPageQuery}
      pageSize={SAVED_SEARCHES_PAGE_SIZE}
      lead={() => t('customer.savedSearch.pageLead')}
      errorTitle={t('customer.savedSearch.loadFailed')}
      loading={
        <div aria-busy="true">
          <Skeleton inlineSize="100%" blockSize="5rem" radius="lg" />
          <Skeleton inlineSize="100%" blockSize="5rem" radius="lg" />
        </div>
      }
      browseTo={listingPagePath('buy', language)}
    >
      {(searches) => (
        <ul className="cu-saved-searches__list" data-testid="saved-searches-list">
          {searches.map((search) => (
            <SavedSearchRow key={search.id} search={search} />
          ))}
        </ul>
      )}
    </CustomerListPage>
  );
}
