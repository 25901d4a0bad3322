import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useFeedback, useLanguage } from '@manzil/ui';
import { serverMessage } from './bid-form.js';
import { waitForCheckoutUrl } from './auction-queries.js';
import { checkoutNavigation } from '../payments/wait-for-checkout.js';

export { checkoutNavigation } from '../payments/wait-for-checkout.js';

/**
 * Pays the fee of a pending bid: finds its Checkout page at payments (opened when payments
 * read the bid) and goes there; the provider sends the bidder back to the result pages,
 * which lead back to the auction. `paying` names the bid on its way.
 */
export function usePayBidFee() {
  const intl = useIntl();
  const language = useLanguage();
  const feedback = useFeedback();
  const [paying, setPaying] = useState<string | null>(null);
  const pay = useCallback(
    async (bidId: string) => {
      setPaying(bidId);
      try {
        const url = await waitForCheckoutUrl(bidId, language);
        if (url) checkoutNavigation.go(url);
        else feedback.toast('info', intl.formatMessage({ id: 'customer.bid.feeSettled' }));
      } catch (failure) {
        feedback.toast('danger', serverMessage(failure, language));
      } finally {
        setPaying(null);
      }
    },
    [feedback, intl, language],
  );
  return { pay, paying };
}
