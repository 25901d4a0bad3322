import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from '@manzil/ui/router';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { Language } from '@manzil/contracts';
import { Button, EmptyState, buttonClassName, useLanguage, useSession } from '@manzil/ui';
import { PageHeading } from './content/content-parts.js';
import { ListPager } from './list-pager.js';

interface ListPage {
  items: unknown[];
  total: number;
}

/**
 * A list of what the customer keeps (`/myWishlist`, `/saved-searches`), a page at a time
 * (`?page=`). Another role is told the page is for customers, and a visitor is asked to log
 * in, without calling the API (a 401/403 would end a session).
 *
 * `name` gives the test ids (`${name}-page`, `-not-customer`, `-error`, `-empty`) and the
 * classes (`cu-${name}`, `cu-${name}__pager`); `messages` is the prefix of the keys both pages
 * hold: title, customersOnlyTitle, customersOnly, loginTitle, loginLead, login, browse,
 * emptyTitle, emptyLead, retry, pages, previous, next and pageOf. `filters` (the wishlist's
 * tabs) sit under the title for a customer; other query parameters survive paging.
 */
export function CustomerListPage<Data extends ListPage, Key extends QueryKey>({
  name,
  messages,
  query,
  pageSize,
  lead,
  errorTitle,
  loading,
  browseTo,
  filters,
  children,
}: {
  name: 'wishlist' | 'saved-searches';
  messages: 'customer.wishlist' | 'customer.savedSearch';
  query: (page: number, language: Language) => UseQueryOptions<Data, Error, Data, Key>;
  pageSize: number;
  /** The line under the title for a customer, given the page once it is loaded. */
  lead: (loaded: Data | undefined) => string | undefined;
  errorTitle: string;
  loading: ReactNode;
  /** Where the empty list's "browse" link goes. */
  browseTo: string;
  filters?: ReactNode;
  children: (items: Data['items']) => ReactNode;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `${messages}.${id}` }, values);
  const language = useLanguage();
  const session = useSession();
  const customer = session?.role === 'user';
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const goTo = (to: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (to <= 1) next.delete('page');
      else next.set('page', String(to));
      return next;
    });
  const list = useQuery({ ...query(page, language), enabled: customer });

  if (!customer) {
    return (
      <div className={`mz-container cu-${name}`} data-testid={`${name}-page`}>
        <PageHeading title={t('title')} />
        <EmptyState
          title={t(session ? 'customersOnlyTitle' : 'loginTitle')}
          description={t(session ? 'customersOnly' : 'loginLead')}
          action={
            session ? (
              <Link className={buttonClassName('secondary')} to="/">
                {t('browse')}
              </Link>
            ) : (
              <Link className={buttonClassName('primary')} to="/login">
                {t('login')}
              </Link>
            )
          }
          testId={`${name}-not-customer`}
        />
      </div>
    );
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / pageSize)) : 1;
  return (
    <div className={`mz-container cu-${name}`} data-testid={`${name}-page`}>
      <PageHeading title={t('title')} lead={lead(data)} />
      {filters}
      {list.isError && !data ? (
        <EmptyState
          title={errorTitle}
          action={<Button onClick={() => void list.refetch()}>{t('retry')}</Button>}
          testId={`${name}-error`}
        />
      ) : !data ? (
        loading
      ) : data.items.length === 0 ? (
        <EmptyState
          title={t('emptyTitle')}
          description={t('emptyLead')}
          action={
            <Link className={buttonClassName('primary')} to={browseTo}>
              {t('browse')}
            </Link>
          }
          testId={`${name}-empty`}
        />
      ) : (
        <>
          {children(data.items)}
          <ListPager
            page={page}
            pages={pages}
            onPage={goTo}
            className={`cu-${name}__pager`}
            messages={{
              pages: `${messages}.pages`,
              previous: `${messages}.previous`,
              next: `${messages}.next`,
              pageOf: `${messages}.pageOf`,
            }}
          />
        </>
      )}
    </div>
  );
}
