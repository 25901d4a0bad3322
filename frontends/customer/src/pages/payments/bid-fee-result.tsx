import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LISTING_PAGES, ARABIC_LISTING_PAGES, listingPagePath, type BidFeeView } from '@manzil/contracts';
import { AlertIcon, EmptyState, HomeIcon, Price, buttonClassName, useLanguage, useSession } from '@manzil/ui';
import { bidFeeQuery } from '../auctions/auction-queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `?bidId=` on a result page: the provider came back from a bidding fee's Checkout. */
export function isBidFeeReturn(params: URLSearchParams): boolean {
  return UUID.test(params.get('bidId') ?? '');
}

function BackToAuction({ fee, primary }: { fee: BidFeeView | undefined; primary: boolean }) {
  const intl = useIntl();
  const language = useLanguage();
  const to = `${listingPagePath('auctions', language)}${fee ? `?auction=${fee.auctionId}` : ''}`;
  return (
    <Link
      className={buttonClassName(primary ? 'primary' : 'secondary')}
      to={to}
      data-testid="payment-back-to-auction"
    >
      {intl.formatMessage({ id: 'customer.payment.backToAuction' })}
    </Link>
  );
}

function FeeSummary({ fee }: { fee: BidFeeView }) {
  const intl = useIntl();
  return (
    <dl className="cu-payment__summary" data-testid="payment-summary">
      <div>
        <dt>{intl.formatMessage({ id: 'customer.payment.for' })}</dt>
        <dd>{intl.formatMessage({ id: 'customer.payment.biddingFee' })}</dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'customer.payment.amount' })}</dt>
        <dd>
          <Price amount={fee.amount} currency={fee.currency} />
        </dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'customer.payment.status' })}</dt>
        <dd>
          <span
            className={`cu-payment__status cu-payment__status--${fee.status}`}
            data-testid="payment-status"
          >
            {intl.formatMessage({ id: `customer.payment.status.${fee.status}` })}
          </span>
        </dd>
      </div>
    </dl>
  );
}

/**
 * The result pages after a bidding fee's Checkout: the spec's messages, the fee read until the
 * provider's word reaches payments, and the way back to the auction, where the bid's state is.
 */
export function BidFeeResult({ bidId, outcome }: { bidId: string; outcome: 'success' | 'failed' }) {
  const intl = useIntl();
  const language = useLanguage();
  const session = useSession();
  const fee = useQuery({ ...bidFeeQuery(bidId, language), enabled: session !== null }).data;
  const contact = language === 'ar' ? ARABIC_LISTING_PAGES['contact-us'] : LISTING_PAGES['contact-us'];
  if (outcome === 'failed' || fee?.status === 'canceled') {
    return (
      <div className="mz-container cu-payment">
        <EmptyState
          headingLevel={1}
          testId="payment-failed"
          icon={<AlertIcon />}
          title={intl.formatMessage({ id: 'customer.payment.failed.title' })}
          description={intl.formatMessage({ id: 'customer.payment.failed.message' })}
          action={
            <>
              <BackToAuction fee={fee} primary />
              <Link className={buttonClassName('secondary')} to={contact}>
                {intl.formatMessage({ id: 'customer.payment.contact' })}
              </Link>
            </>
          }
        />
        {fee ? <FeeSummary fee={fee} /> : null}
      </div>
    );
  }
  const paid = fee?.status === 'paid';
  return (
    <div className="mz-container cu-payment">
      <EmptyState
        headingLevel={1}
        testId={paid ? 'payment-paid' : 'payment-received'}
        icon={<HomeIcon />}
        title={intl.formatMessage({
          id: paid ? 'customer.payment.paid.title' : 'customer.payment.received.title',
        })}
        description={intl.formatMessage({
          id: paid ? 'customer.payment.feePaid.message' : 'customer.payment.received.message',
        })}
        action={<BackToAuction fee={fee} primary />}
      />
      {fee ? <FeeSummary fee={fee} /> : null}
    </div>
  );
}
