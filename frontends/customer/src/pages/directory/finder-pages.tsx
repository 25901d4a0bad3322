import { useIntl } from 'react-intl';
import { useSearchParams } from '@manzil/ui/router';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { ARABIC_LISTING_PAGES, LISTING_PAGES, type Page, type Site } from '@manzil/contracts';
import { Button, EmptyState, Skeleton, useDocumentHead, useLanguage } from '@manzil/ui';
import { AgentCard, CompanyCard, FinderSearch } from './directory-parts.js';
import { agentsQuery, companiesQuery } from './directory-queries.js';
import './directory.css';
import { LoadError } from '../load-error.js';

interface FinderResults<T> {
  data: InfiniteData<Page<T>> | undefined;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => unknown;
  fetchNextPage: () => unknown;
}

/** One finder: heading, name search in the URL, count, cards, load more, 'No Record Found'. */
function Finder<T extends { id: string }>({
  kind,
  q,
  onSearch,
  results,
  card,
}: {
  kind: 'agents' | 'companies';
  q: string;
  onSearch: (q: string) => void;
  results: FinderResults<T>;
  card: (item: T) => React.ReactNode;
}) {
  const intl = useIntl();
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = results.data?.pages.at(-1)?.total ?? 0;
  return (
    <div className="mz-container cu-finder">
      <header className="cu-finder__header">
        <h1 className="cu-finder__title">{intl.formatMessage({ id: `customer.directory.${kind}.title` })}</h1>
        <p className="cu-finder__lead">{intl.formatMessage({ id: `customer.directory.${kind}.lead` })}</p>
        <FinderSearch
          value={q}
          label={intl.formatMessage({ id: `customer.directory.${kind}.search` })}
          onSearch={onSearch}
        />
      </header>
      {results.data ? (
        <p className="cu-finder__count" data-testid="finder-count">
          {intl.formatMessage({ id: `customer.directory.${kind}.count` }, { count: total })}
        </p>
      ) : null}
      {!results.data && !results.isError ? (
        <div className="cu-finder__grid" aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} inlineSize="100%" blockSize="6rem" radius="lg" />
          ))}
        </div>
      ) : null}
      {results.isError && !results.data ? <LoadError onRetry={results.refetch} /> : null}
      {results.data && items.length === 0 ? (
        <EmptyState
          testId="finder-empty"
          title={intl.formatMessage({ id: 'customer.directory.noRecord' })}
          action={
            q ? (
              <Button variant="secondary" onClick={() => onSearch('')}>
                {intl.formatMessage({ id: 'customer.directory.clear' })}
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {items.length ? <ul className="cu-finder__grid">{items.map(card)}</ul> : null}
      {results.hasNextPage ? (
        <div className="cu-finder__more">
          <Button
            variant="secondary"
            disabled={results.isFetchingNextPage}
            onClick={() => void results.fetchNextPage()}
          >
            {intl.formatMessage({ id: 'customer.map.more' })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function useFinderQuery(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  return [
    q,
    (next: string) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('q', next);
        else updated.delete('q');
        return updated;
      }),
  ];
}

/** /find-real-estate-agent (and its Arabic path). */
export function AgentFinderPage({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const [q, setQ] = useFinderQuery();
  const results = useInfiniteQuery(agentsQuery(q, language));
  useDocumentHead({
    language,
    title: intl.formatMessage({ id: 'customer.directory.agents.title' }),
    description: intl.formatMessage(
      { id: 'customer.directory.agents.description' },
      { country: intl.formatMessage({ id: `customer.country.${site}` }) },
    ),
    path: language === 'ar' ? ARABIC_LISTING_PAGES['find-agent'] : LISTING_PAGES['find-agent'],
    alternates: { en: LISTING_PAGES['find-agent'], ar: ARABIC_LISTING_PAGES['find-agent'] },
  });
  return (
    <Finder
      kind="agents"
      q={q}
      onSearch={setQ}
      results={results}
      card={(agent) => <AgentCard key={agent.id} agent={agent} />}
    />
  );
}

/** /findCompanies. */
export function CompanyFinderPage({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const [q, setQ] = useFinderQuery();
  const results = useInfiniteQuery(companiesQuery(q, language));
  useDocumentHead({
    language,
    title: intl.formatMessage({ id: 'customer.directory.companies.title' }),
    description: intl.formatMessage(
      { id: 'customer.directory.companies.description' },
      { country: intl.formatMessage({ id: `customer.country.${site}` }) },
    ),
    path: '/findCompanies',
  });
  return (
    <Finder
      kind="companies"
      q={q}
      onSearch={setQ}
      results={results}
      card={(company) => <CompanyCard key={company.id} company={company} />}
    />
  );
}
