import { useRef } from 'react';
import { useIntl } from 'react-intl';
import {
  ERROR_MESSAGES,
  bidAmountSchema,
  placeBidBodySchema,
  type AuctionDetail,
  type Language,
  type PlaceBidBody,
} from '@manzil/contracts';
import { ApiError, Price, useFeedback, useLanguage } from '@manzil/ui';
import { SubmitButton, TextField, showServerErrors, useContractForm } from '@manzil/ui/forms';
import { usePlaceBid } from './auction-queries.js';
import { usePayBidFee } from './pay-bid-fee.js';

interface BidValues {
  amount: string;
}

/** Spec §5 "greater than the price": at least the current price plus the minimum increment. */
export function belowMinimum(minimumBid: () => number) {
  return ({ amount }: BidValues): Record<string, string> => {
    const parsed = bidAmountSchema.safeParse(amount);
    return parsed.success && parsed.data < minimumBid() ? { amount: 'bid.tooLow' } : {};
  };
}

/** A failure the server explained (in the page's language), else the spec's generic message. */
export function serverMessage(error: unknown, language: Language): string {
  return error instanceof ApiError && error.message && error.status < 500
    ? error.message
    : ERROR_MESSAGES.SOMETHING_WENT_WRONG[language];
}

/**
 * The bid form of a live auction: contracts' `placeBidBodySchema` (required, a price, Arabic
 * digits accepted) and the minimum the live feed keeps current; the bidding fee is shown
 * before anything is sent. A refused bid keeps what was typed.
 */
export function BidForm({ auction }: { auction: AuctionDetail }) {
  const intl = useIntl();
  const language = useLanguage();
  const feedback = useFeedback();
  const place = usePlaceBid(auction.id, language);
  const fee = usePayBidFee();
  // The form's resolver is made once; the minimum moves with every bid the feed reports.
  const minimumBid = useRef(auction.minimumBid);
  minimumBid.current = auction.minimumBid;
  const form = useContractForm<BidValues, PlaceBidBody>({
    schema: placeBidBodySchema,
    defaultValues: { amount: '' },
    crossField: belowMinimum(() => minimumBid.current),
  });

  const onValid = async (body: PlaceBidBody) => {
    try {
      const { results: bid } = await place.mutateAsync(body);
      feedback.toast(
        'success',
        intl.formatMessage({
          id: bid.status === 'pending' ? 'customer.bid.placedPending' : 'customer.bid.placed',
        }),
      );
      form.reset({ amount: '' });
      // A bid with a fee counts once the fee is paid: straight on to the provider's page.
      if (bid.status === 'pending' && bid.paymentStatus === 'pending') await fee.pay(bid.id);
    } catch (failure) {
      if (!showServerErrors(form, failure)) feedback.toast('danger', serverMessage(failure, language));
    }
  };

  return (
    <form
      className="mz-form cu-bid-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="bid-form"
    >
      <TextField
        control={form.control}
        name="amount"
        label={intl.formatMessage({ id: 'customer.bid.amount' }, { currency: auction.currency })}
        hint={
          <span data-testid="bid-hint">
            {intl.formatMessage(
              { id: 'customer.bid.minimum' },
              { amount: <Price key="min" amount={auction.minimumBid} currency={auction.currency} /> },
            )}
          </span>
        }
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        testId="field-amount"
      />
      <p className="cu-bid-form__fee" data-testid="bid-fee">
        {auction.biddingFee > 0
          ? intl.formatMessage(
              { id: 'customer.bid.fee' },
              { amount: <Price key="fee" amount={auction.biddingFee} currency={auction.currency} /> },
            )
          : intl.formatMessage({ id: 'customer.bid.noFee' })}
      </p>
      <SubmitButton control={form.control} size="lg" data-testid="bid-submit">
        {intl.formatMessage({ id: 'customer.bid.submit' })}
      </SubmitButton>
      {fee.paying ? (
        <p className="cu-bid-form__fee" role="status" data-testid="bid-fee-redirect">
          {intl.formatMessage({ id: 'customer.bid.toPayment' })}
        </p>
      ) : null}
    </form>
  );
}
