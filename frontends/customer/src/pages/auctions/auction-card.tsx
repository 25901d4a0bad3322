import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import type { AuctionView, Site } from '@manzil/contracts';
import { PinIcon, Price, SafeImage, useLanguage } from '@manzil/ui';
import { AuctionCountdown } from './countdown.js';

/** The property's cover, or the house placeholder when there is none or it fails. */
export function AuctionCover({ auction, eager = false }: { auction: AuctionView; eager?: boolean }) {
  const language = useLanguage();
  return (
    <SafeImage
      className="mz-card__photo"
      src={auction.property?.coverPhoto}
      alt={auction.property?.title[language] || auction.property?.title.en || ''}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}

/** "Community, City" of the auctioned property, when its card has arrived. */
export function AuctionLocation({ auction }: { auction: AuctionView }) {
  const intl = useIntl();
  const language = useLanguage();
  if (!auction.property) return null;
  return (
    <p className="mz-card__location">
      <PinIcon className="mz-card__icon" />
      <span>
        {auction.property.community[language]}
        {intl.formatMessage({ id: 'ui.card.separator' })}
        {auction.property.city[language]}
      </span>
    </p>
  );
}

/** The auction's title: the property's, or "Auction" until its card has arrived from listings. */
export function auctionTitle(auction: AuctionView, language: 'en' | 'ar', fallback: string) {
  return auction.property ? auction.property.title[language] || auction.property.title.en : fallback;
}

export interface AuctionCardProps {
  auction: AuctionView;
  site: Site;
  to: string;
  eager?: boolean;
  onElapsed?: () => void;
}

/** An auction in a list: cover, current price first, bidding fee, countdown, one link. */
export function AuctionCard({ auction, site, to, eager, onElapsed }: AuctionCardProps) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  const live = auction.status === 'live';
  return (
    <article className="mz-card cu-auction-card" data-testid="auction-card" data-auction-id={auction.id}>
      <div className="mz-card__media">
        <AuctionCover auction={auction} eager={eager} />
        <span className={`mz-badge cu-auction-card__status cu-auction-card__status--${auction.status}`}>
          {t(`customer.auction.status.${auction.status}`)}
        </span>
      </div>
      <div className="mz-card__body">
        <p className="cu-auction-card__label">
          {t(live ? 'customer.auction.currentPrice' : 'customer.auction.startingPrice')}
        </p>
        <p className="mz-card__price" data-testid="auction-price">
          <Price amount={live ? auction.currentPrice : auction.startingPrice} currency={auction.currency} />
        </p>
        <h3 className="mz-card__title">
          <Link to={to} className="mz-card__link" data-testid="auction-link">
            {auctionTitle(auction, language, t('customer.auction.untitled'))}
          </Link>
        </h3>
        <AuctionLocation auction={auction} />
        <p className="cu-auction-card__fee" data-testid="auction-fee">
          {auction.biddingFee > 0
            ? intl.formatMessage(
                { id: 'customer.bid.fee' },
                { amount: <Price key="fee" amount={auction.biddingFee} currency={auction.currency} /> },
              )
            : t('customer.bid.noFee')}
          {' · '}
          {intl.formatMessage({ id: 'customer.auction.bidCount' }, { count: auction.bidCount })}
        </p>
        <AuctionCountdown auction={auction} site={site} language={language} onElapsed={onElapsed} />
      </div>
    </article>
  );
}
