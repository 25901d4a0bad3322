import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { ERROR_MESSAGES, type AuctionDetail, type BidView } from '@manzil/contracts';
import { Button, Price, SiteDate, useFeedback, useLanguage } from '@manzil/ui';
import { myBidsQuery, useWithdrawBid } from './auction-queries.js';
import { serverMessage } from './bid-form.js';
import { usePayBidFee } from './pay-bid-fee.js';

/** While one of the customer's bids waits on its fee, its state is read again this often. */
const PENDING_BIDS_POLL_MS = 3_000;

/** A bid its bidder may still take back (the server checks again). */
function withdrawable(bid: BidView, auction: AuctionDetail) {
  return auction.status === 'live' && (bid.status === 'accepted' || bid.status === 'pending');
}

/**
 * The signed-in customer's bids on this auction with their states, and Withdraw. A bid whose
 * fee payment is pending gets spec §8's message at once (the server refuses it the same way).
 */
export function MyBids({ auction }: { auction: AuctionDetail }) {
  const intl = useIntl();
  const language = useLanguage();
  const feedback = useFeedback();
  // A bid waiting on its fee changes when payments' word reaches auctions: read again until then.
  const bids = useQuery({
    ...myBidsQuery(language),
    refetchInterval: (query) =>
      query.state.data?.items.some((bid) => bid.status === 'pending') ? PENDING_BIDS_POLL_MS : false,
  });
  const withdraw = useWithdrawBid(language);
  const fee = usePayBidFee();
  const [problem, setProblem] = useState<{ bidId: string; message: string } | null>(null);
  const mine = (bids.data?.items ?? []).filter((bid) => bid.auctionId === auction.id);
  if (mine.length === 0) return null;

  const onWithdraw = async (bid: BidView) => {
    setProblem(null);
    if (bid.paymentStatus === 'pending') {
      setProblem({ bidId: bid.id, message: ERROR_MESSAGES.BID_PAYMENT_PENDING[language] });
      return;
    }
    try {
      await withdraw.mutateAsync(bid.id);
      feedback.toast('success', intl.formatMessage({ id: 'customer.bid.withdrawn' }));
    } catch (failure) {
      setProblem({ bidId: bid.id, message: serverMessage(failure, language) });
    }
  };

  return (
    <section className="cu-my-bids" data-testid="my-bids" aria-labelledby="cu-my-bids-title">
      <h2 id="cu-my-bids-title" className="cu-auction__subtitle">
        {intl.formatMessage({ id: 'customer.bid.mine' })}
      </h2>
      <ul className="cu-my-bids__list">
        {mine.map((bid) => (
          <li key={bid.id} className="cu-my-bids__item" data-testid="my-bid">
            <div className="cu-my-bids__main">
              <Price amount={bid.amount} currency={bid.currency} className="cu-my-bids__amount" />
              <span className={`cu-chip cu-chip--${bid.status}`} data-testid="my-bid-status">
                {intl.formatMessage({ id: `customer.bid.status.${bid.status}` })}
              </span>
              {bid.leading ? (
                <span className="cu-chip cu-chip--leading" data-testid="my-bid-leading">
                  {intl.formatMessage({ id: 'customer.bid.leading' })}
                </span>
              ) : null}
            </div>
            <p className="cu-my-bids__meta">
              <SiteDate date={bid.createdAt} month="short" />
              {bid.paymentStatus ? (
                <span data-testid="my-bid-payment">
                  {' · '}
                  {intl.formatMessage({ id: `customer.bid.payment.${bid.paymentStatus}` })}
                </span>
              ) : null}
              {bid.status === 'rejected' && bid.paymentStatus === 'success' ? (
                <span data-testid="my-bid-overtaken">
                  {' · '}
                  {intl.formatMessage({ id: 'customer.bid.overtaken' })}
                </span>
              ) : null}
            </p>
            {bid.paymentStatus === 'pending' && auction.status === 'live' ? (
              <Button
                variant="primary"
                size="sm"
                onClick={() => void fee.pay(bid.id)}
                disabled={fee.paying !== null}
                data-testid="pay-bid-fee"
              >
                {intl.formatMessage({ id: 'customer.bid.payFee' })}
              </Button>
            ) : null}
            {withdrawable(bid, auction) ? (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void onWithdraw(bid)}
                disabled={withdraw.isPending}
                data-testid="withdraw-bid"
              >
                {intl.formatMessage({ id: 'customer.bid.withdraw' })}
              </Button>
            ) : null}
            {problem?.bidId === bid.id ? (
              <p className="cu-my-bids__error" role="alert" data-testid="withdraw-error">
                {problem.message}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
