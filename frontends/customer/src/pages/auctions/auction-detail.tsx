import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listingPagePath, type AuctionDetail, type Site } from '@manzil/contracts';
import {
  AlertIcon,
  Button,
  EmptyState,
  Price,
  Skeleton,
  formatNumber,
  isNotFound,
  roleOf,
  useDocumentHead,
  useLanguage,
  useRequireLogin,
  useSession,
} from '@manzil/ui';
import { AuctionCover, AuctionLocation, auctionTitle } from './auction-card.js';
import { auctionKeys, auctionQuery } from './auction-queries.js';
import { BidForm } from './bid-form.js';
import { AuctionCountdown } from './countdown.js';
import { MyBids } from './my-bids.js';
import { useAuctionFeed } from './use-auction-feed.js';

/** Who sees what of the bid panel: the service takes bids from customers (`user`) only. */
function BidPanel({ auction }: { auction: AuctionDetail }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const role = roleOf(useSession());
  const requireLogin = useRequireLogin();
  if (auction.status === 'closed') {
    return (
      <p className="cu-bid-panel__note" data-testid="bid-closed">
        {auction.winningPrice !== null
          ? intl.formatMessage(
              { id: 'customer.auction.soldFor' },
              { amount: <Price key="won" amount={auction.winningPrice} currency={auction.currency} /> },
            )
          : t('customer.auction.closedNote')}
      </p>
    );
  }
  if (role === 'visitor') {
    return (
      <div className="cu-bid-panel__note" data-testid="bid-login">
        <p>{t('customer.bid.loginNote')}</p>
        <Button
          variant="primary"
          size="lg"
          onClick={() => requireLogin('bid')}
          data-testid="bid-login-button"
        >
          {t('customer.bid.login')}
        </Button>
      </div>
    );
  }
  if (role !== 'user') {
    return (
      <p className="cu-bid-panel__note" data-testid="bid-not-customer">
        {t('customer.bid.customersOnly')}
      </p>
    );
  }
  return (
    <>
      {auction.status === 'live' ? (
        <BidForm auction={auction} />
      ) : (
        <p className="cu-bid-panel__note" data-testid="bid-upcoming">
          {t('customer.bid.opensLater')}
        </p>
      )}
      <MyBids auction={auction} />
    </>
  );
}

/** The auction page (`?auction=<id>` under the auctions page): the property, the live price, the bid panel. */
export function AuctionDetailView({ id, site, backTo }: { id: string; site: Site; backTo: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const client = useQueryClient();
  const t = (key: string) => intl.formatMessage({ id: key });
  const query = useQuery(auctionQuery(id, language));
  const news = useAuctionFeed(query.data && query.data.status !== 'closed' ? id : null);
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: auctionKeys.all }), [client]);
  const auction = query.data;
  const title = auction
    ? auctionTitle(auction, language, t('customer.auction.untitled'))
    : t('customer.auction.untitled');
  const path = (lang: 'en' | 'ar') => `${listingPagePath('auctions', lang)}?auction=${id}`;
  useDocumentHead({
    language,
    title,
    description: intl.formatMessage(
      { id: 'customer.auctions.description' },
      { country: t(`customer.country.${site}`) },
    ),
    path: path(language),
    alternates: { en: path('en'), ar: path('ar') },
  });

  const back = (
    <Link to={backTo} className="cu-auction__back" data-testid="auction-back">
      {t('customer.auction.back')}
    </Link>
  );
  if (!auction) {
    if (query.isError) {
      const missing = isNotFound(query.error);
      return (
        <div className="mz-container cu-auction">
          {back}
          <EmptyState
            testId="auction-error"
            icon={<AlertIcon />}
            title={t(missing ? 'customer.auction.notFound' : 'customer.listing.error.title')}
            description={t(missing ? 'customer.auction.notFoundNote' : 'customer.listing.error.description')}
            action={
              missing ? undefined : (
                <Button variant="primary" onClick={() => void query.refetch()}>
                  {t('customer.listing.error.retry')}
                </Button>
              )
            }
          />
        </div>
      );
    }
    return (
      <div className="mz-container cu-auction" aria-busy="true" data-testid="auction-loading">
        <Skeleton inlineSize="45%" blockSize="2rem" radius="md" />
        <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" />
      </div>
    );
  }

  return (
    <div className="mz-container cu-auction" data-testid="auction-detail" data-auction-id={auction.id}>
      {back}
      <div className="cu-auction__layout">
        <div className="cu-auction__main">
          <div className="cu-auction__media">
            <AuctionCover auction={auction} eager />
          </div>
          <h1 className="cu-auction__title" data-testid="auction-title">
            {title}
          </h1>
          <AuctionLocation auction={auction} />
          {auction.property ? (
            <Link to={`/property/${auction.property.slug}`} className="cu-auction__property-link">
              {t('customer.auction.viewProperty')}
            </Link>
          ) : null}
        </div>
        <aside className="cu-card cu-bid-panel" aria-labelledby="cu-bid-panel-price">
          <span className={`cu-chip cu-chip--${auction.status}`}>
            {t(`customer.auction.status.${auction.status}`)}
          </span>
          <p className="cu-auction-card__label" id="cu-bid-panel-price">
            {t(auction.bidCount > 0 ? 'customer.auction.currentPrice' : 'customer.auction.startingPrice')}
          </p>
          <p className="cu-bid-panel__price" data-testid="auction-current-price">
            <Price amount={auction.currentPrice} currency={auction.currency} />
          </p>
          <dl className="cu-bid-panel__facts">
            <dt>{t('customer.auction.minimumBid')}</dt>
            <dd data-testid="auction-minimum-bid">
              <Price amount={auction.minimumBid} currency={auction.currency} />
            </dd>
            <dt>{t('customer.auction.biddingFee')}</dt>
            <dd data-testid="auction-bidding-fee">
              {auction.biddingFee > 0 ? (
                <Price amount={auction.biddingFee} currency={auction.currency} />
              ) : (
                t('customer.auction.free')
              )}
            </dd>
            <dt>{t('customer.auction.bids')}</dt>
            <dd data-testid="auction-bid-count">{formatNumber(auction.bidCount, language)}</dd>
          </dl>
          <AuctionCountdown auction={auction} site={site} language={language} onElapsed={refresh} />
          <p className="mz-visually-hidden" aria-live="polite" data-testid="auction-announcement">
            {news
              ? intl.formatMessage(
                  { id: 'customer.auction.newBid' },
                  { amount: <Price key="new" amount={news.currentPrice} currency={auction.currency} /> },
                )
              : ''}
          </p>
          <BidPanel auction={auction} />
        </aside>
      </div>
    </div>
  );
}
