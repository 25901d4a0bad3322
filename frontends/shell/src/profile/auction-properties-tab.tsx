import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUCTIONS_API, listingPagePath, myAuctionPageSchema, type MyAuctionView } from '@manzil/contracts';
import { Button, EmptyState, Price, SiteDate, Skeleton, apiQueryFn, useLanguage } from '@manzil/ui';

/** Auctions per page of the tab. */
export const MY_AUCTIONS_PAGE_SIZE = 10;

const myAuctionsQuery = (page: number, language: 'en' | 'ar') => ({
  queryKey: ['auctions', 'my-auctions', { page, language }] as const,
  queryFn: apiQueryFn(`/api/auctions${AUCTIONS_API.myAuctions}`, {
    language,
    query: { page, limit: MY_AUCTIONS_PAGE_SIZE },
    results: myAuctionPageSchema,
  }),
  placeholderData: keepPreviousData,
  // A bid waiting on its fee changes when payments' word reaches auctions.
  refetchInterval: (query: { state: { data?: { items: MyAuctionView[] } } }) =>
    query.state.data?.items.some((auction) => auction.myBids.some((bid) => bid.status === 'pending'))
      ? 5_000
      : false,
});

function title(auction: MyAuctionView, language: 'en' | 'ar', fallback: string) {
  return auction.property?.title[language] || fallback;
}

function AuctionItem({ auction }: { auction: MyAuctionView }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <li className="profile-card profile-auction" data-testid="my-auction">
      <div className="profile-auction__head">
        <Link
          className="profile-auction__title"
          to={`${listingPagePath('auctions', language)}?auction=${auction.id}`}
          data-testid="my-auction-link"
        >
          {title(auction, language, t('shell.profile.auctions.untitled'))}
        </Link>
        <span className={`profile-chip profile-chip--${auction.status}`} data-testid="my-auction-status">
          {t(`shell.profile.auctions.status.${auction.status}`)}
        </span>
        {auction.leading ? (
          <span className="profile-chip profile-chip--leading">{t('shell.profile.auctions.leading')}</span>
        ) : null}
      </div>
      <p className="profile-auction__price">
        {t(
          auction.status === 'closed'
            ? 'shell.profile.auctions.finalPrice'
            : 'shell.profile.auctions.currentPrice',
        )}{' '}
        <Price amount={auction.winningPrice ?? auction.currentPrice} currency={auction.currency} />
      </p>
      <table className="profile-auction__bids">
        <caption className="mz-visually-hidden">
          {intl.formatMessage({ id: 'shell.profile.auctions.bids' }, { count: auction.myBidCount })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('shell.profile.auctions.amount')}</th>
            <th scope="col">{t('shell.profile.auctions.date')}</th>
            <th scope="col">{t('shell.profile.auctions.state')}</th>
          </tr>
        </thead>
        <tbody>
          {auction.myBids.map((bid) => (
            <tr key={bid.id} data-testid="my-auction-bid">
              <td>
                <Price amount={bid.amount} currency={bid.currency} />
              </td>
              <td>
                <SiteDate date={bid.createdAt} month="short" />
              </td>
              <td>
                <span
                  className={`profile-chip profile-chip--${bid.status}`}
                  data-testid="my-auction-bid-status"
                >
                  {t(`shell.profile.auctions.bid.${bid.status}`)}
                </span>
                {bid.paymentStatus ? (
                  <span className="profile-auction__fee">
                    {t(`shell.profile.auctions.fee.${bid.paymentStatus}`)}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </li>
  );
}

/**
 * The customer's "auction properties" tab (spec §2): the auctions they bid on, latest first,
 * each with their bids and those bids' states (pending while the fee is unpaid, accepted,
 * rejected, withdrawn), from auctions' paginated `GET /v1/me/auctions`.
 */
export function AuctionPropertiesTab() {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  const [page, setPage] = useState(1);
  const query = useQuery(myAuctionsQuery(page, language));
  if (!query.data) {
    if (query.isError)
      return (
        <EmptyState
          title={t('shell.error.generic')}
          description={t('shell.profile.unavailable')}
          action={<Button onClick={() => void query.refetch()}>{t('shell.retry')}</Button>}
          testId="my-auctions-error"
        />
      );
    return (
      <div className="profile-card" data-testid="my-auctions-loading">
        <Skeleton inlineSize="50%" blockSize="1.5rem" />
        <Skeleton inlineSize="80%" />
      </div>
    );
  }
  const { items, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / MY_AUCTIONS_PAGE_SIZE));
  if (total === 0)
    return (
      <EmptyState
        title={t('shell.profile.auctions.empty')}
        description={t('shell.profile.auctions.emptyNote')}
        action={
          <Link
            className="mz-button mz-button--primary mz-button--md"
            to={listingPagePath('auctions', language)}
          >
            {t('shell.profile.auctions.browse')}
          </Link>
        }
        testId="my-auctions-empty"
      />
    );
  return (
    <div className="profile-auctions" data-testid="my-auctions">
      <ul className="profile-auctions__list">
        {items.map((auction) => (
          <AuctionItem key={auction.id} auction={auction} />
        ))}
      </ul>
      {pages > 1 ? (
        <nav className="profile-auctions__pager" aria-label={t('shell.profile.auctions.pages')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('shell.profile.auctions.previous')}
          </Button>
          <span data-testid="my-auctions-page">
            {intl.formatMessage({ id: 'shell.profile.auctions.pageOf' }, { page, pages })}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('shell.profile.auctions.next')}
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
