import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { listingPagePath, type BidFeeView } from '@manzil/contracts';
import { buttonClassName, useLanguage, useSession } from '@manzil/ui';
import { bidFeeQuery } from '../auctions/auction-queries.js';
import { FailedState, PaymentSummary, ReceivedState, isUuid } from './payment-result-parts.js';

/** `?bidId=` on a result page: the provider came back from a bidding fee's Checkout. */
export function isBidFeeReturn(params: URLSearchParams): boolean {
  return isUuid(params.get('bidId'));
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
    <PaymentSummary
      forLabel={intl.formatMessage({ id: 'customer.payment.for' })}
      what={intl.formatMessage({ id: 'customer.payment.biddingFee' })}
      amount={fee.amount}
      currency={fee.currency}
      status={fee.status}
    />
  );
}

/**
 * The result pages after a bidding fee's Checkout: the spec's messages, the fee read until the
 * provider's word reaches payments, and the way back to the auction, where the bid's state is.
 */
export function BidFeeResult({ bidId, outcome }: { bidId: string; outcome: 'success' | 'failed' }) {
  const language = useLanguage();
  const session = useSession();
  const fee = useQuery({ ...bidFeeQuery(bidId, language), enabled: session !== null }).data;
  const failed = outcome === 'failed' || fee?.status === 'canceled';
  return (
    <div className="mz-container cu-payment">
      {failed ? (
        <FailedState retry={<BackToAuction fee={fee} primary />} />
      ) : (
        <ReceivedState
          paid={fee?.status === 'paid'}
          paidMessageId="customer.payment.feePaid.message"
          action={<BackToAuction fee={fee} primary />}
        />
      )}
      {fee ? <FeeSummary fee={fee} /> : null}
    </div>
  );
}
