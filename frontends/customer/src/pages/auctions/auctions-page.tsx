import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from '@manzil/ui/router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { listingPagePath, type Site } from '@manzil/contracts';
import {
  AlertIcon,
  Button,
  EmptyState,
  PropertyGridSkeleton,
  buttonClassName,
  useDocumentHead,
  useLanguage,
  useTabs,
} from '@manzil/ui';
import { AuctionCard } from './auction-card.js';
import { AuctionDetailView } from './auction-detail.js';
import { auctionKeys, auctionsQuery } from './auction-queries.js';
import './auctions.css';

export const AUCTION_TABS = ['live', 'upcoming'] as const;
type AuctionTab = (typeof AUCTION_TABS)[number];
const auctionsPath = (language: 'en' | 'ar') => listingPagePath('auctions', language);

/** The live or upcoming auctions of the site, as cards. */
function AuctionList({ tab, site, linkTo }: { tab: AuctionTab; site: Site; linkTo: (id: string) => string }) {
  const intl = useIntl();
  const language = useLanguage();
  const client = useQueryClient();
  const t = (id: string) => intl.formatMessage({ id });
  const auctions = useQuery(auctionsQuery(tab, language));
  // A countdown that reaches zero moves its auction to the other tab (or out): read both again.
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: auctionKeys.all }), [client]);

  if (!auctions.data) {
    if (auctions.isError) {
      return (
        <EmptyState
          testId="auctions-error"
          icon={<AlertIcon />}
          title={t('customer.listing.error.title')}
          description={t('customer.listing.error.description')}
          action={
            <Button variant="primary" onClick={() => void auctions.refetch()}>
              {t('customer.listing.error.retry')}
            </Button>
          }
        />
      );
    }
    return <PropertyGridSkeleton count={4} />;
  }
  if (auctions.data.items.length === 0) {
    return (
      <EmptyState
        testId="auctions-empty"
        title={t(`customer.auctions.empty.${tab}`)}
        description={t('customer.auctions.empty.description')}
        action={
          <Link className={buttonClassName('primary')} to={listingPagePath('buy', language)}>
            {t('customer.type.buy')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="mz-property-grid" data-testid="auction-grid">
      {auctions.data.items.map((auction, index) => (
        <AuctionCard
          key={auction.id}
          auction={auction}
          site={site}
          to={linkTo(auction.id)}
          eager={index < 4}
          onElapsed={refresh}
        />
      ))}
    </div>
  );
}

/**
 * `/properties-for-auction` and its Arabic path: Live and Upcoming tabs (`?tab=upcoming`),
 * and one auction with its bid panel at `?auction=<id>`, so the page stays on the route every
 * role's allow-list already names.
 */
export function AuctionsPage({ site }: { site: Site }) {
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const tab: AuctionTab = params.get('tab') === 'upcoming' ? 'upcoming' : 'live';
  const auctionId = params.get('auction');
  const path = auctionsPath;
  const selectTab = (next: AuctionTab) =>
    setParams(next === 'live' ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  const listPath = tab === 'live' ? path(language) : `${path(language)}?tab=${tab}`;
  const linkTo = (id: string) =>
    `${path(language)}?${new URLSearchParams({ ...(tab === 'live' ? {} : { tab }), auction: id }).toString()}`;

  if (auctionId) return <AuctionDetailView id={auctionId} site={site} backTo={listPath} />;
  return <AuctionTabs site={site} tab={tab} onSelect={selectTab} linkTo={linkTo} />;
}

interface AuctionTabsProps {
  site: Site;
  tab: AuctionTab;
  onSelect: (tab: AuctionTab) => void;
  linkTo: (id: string) => string;
}

/** The heading, the Live and Upcoming tabs and the selected tab's cards. */
function AuctionTabs({ site, tab, onSelect, linkTo }: AuctionTabsProps) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  const path = auctionsPath;
  const country = t(`customer.country.${site}`);
  const heading = intl.formatMessage({ id: 'customer.auctions.heading' }, { country });
  useDocumentHead({
    language,
    title: heading,
    description: intl.formatMessage({ id: 'customer.auctions.description' }, { country }),
    path: path(language),
    alternates: { en: path('en'), ar: path('ar') },
  });
  const { tabListProps, tabProps, panelProps } = useTabs(AUCTION_TABS, tab, onSelect);

  return (
    <div className="cu-listing cu-auctions" data-testid="auctions-page">
      <div className="mz-container">
        <header className="cu-listing__header">
          <h1 className="cu-listing__heading" data-testid="auctions-heading">
            {heading}
          </h1>
        </header>
        <div className="cu-auctions__tabs" {...tabListProps} aria-label={t('customer.auctions.tabs')}>
          {AUCTION_TABS.map((value) => (
            <button
              key={value}
              {...tabProps(value)}
              className={`cu-tab${value === tab ? ' active' : ''}`}
              data-testid={`auction-tab-${value}`}
            >
              {t(`customer.auctions.tab.${value}`)}
            </button>
          ))}
        </div>
        <div {...panelProps} className="cu-auctions__panel">
          <AuctionList tab={tab} site={site} linkTo={linkTo} />
        </div>
      </div>
    </div>
  );
}
