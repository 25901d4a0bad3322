import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { EmptyState, PagedList } from '@manzil/ui';
import { ENGAGEMENT_PER_PAGE } from './engagement-api.js';
import { usePageParam } from './pager.js';

interface ListPage<Item> {
  items: Item[];
  total: number;
}

/** An engagement page: the portal's eyebrow, its title and the line under it, then the page. */
export function EngagementPage({
  testId,
  title,
  subtitle,
  children,
}: {
  testId: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const intl = useIntl();
  return (
    <div className="ap-page" data-testid={testId}>
      <header className="mz-page-head">
        <div>
          <p className="mz-eyebrow">{intl.formatMessage({ id: 'agentPortal.eyebrow' })}</p>
          <h1 className="mz-page-title">{title}</h1>
          {subtitle ? <p className="mz-page-subtitle">{subtitle}</p> : null}
        </div>
      </header>
      {children}
    </div>
  );
}

/**
 * A list page of the section (`/enquiries`, `/requirements`): `name` gives its test id
 * (`${name}-page`) and its messages (`agentPortal.${name}.title`, `.emptyTitle`, `.emptyText`);
 * the page of `query` is the URL's `?page=`, the previous one kept on screen while the next loads.
 */
export function EngagementListPage<Data extends ListPage<unknown>, Key extends QueryKey>({
  name,
  query,
  subtitle,
  children,
}: {
  name: 'enquiries' | 'requirements';
  query: (page: number) => UseQueryOptions<Data, Error, Data, Key>;
  /** The line under the title, given the list once it is loaded. */
  subtitle: (loaded: Data | undefined) => string | undefined;
  children: (item: Data['items'][number]) => ReactNode;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [page, goTo] = usePageParam();
  const list = useQuery({ ...query(page), placeholderData: keepPreviousData });
  return (
    <EngagementPage
      testId={`${name}-page`}
      title={t(`agentPortal.${name}.title`)}
      subtitle={subtitle(list.data)}
    >
      <PagedList
        list={list}
        page={page}
        perPage={ENGAGEMENT_PER_PAGE}
        onPage={goTo}
        className="ap-enquiries"
        empty={
          <EmptyState
            title={t(`agentPortal.${name}.emptyTitle`)}
            description={t(`agentPortal.${name}.emptyText`)}
          />
        }
      >
        {children}
      </PagedList>
    </EngagementPage>
  );
}
