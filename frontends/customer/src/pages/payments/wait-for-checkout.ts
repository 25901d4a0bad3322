import { ApiError } from '@manzil/ui';

/** Where the browser goes: the provider's Checkout page (a whole-page navigation, off the app). */
export const checkoutNavigation = {
  go: (url: string) => window.location.assign(url),
};

/** Payments opens a Checkout when it reads another service's event: usually within a second. */
const CHECKOUT_WAIT_MS = 20_000;
const CHECKOUT_POLL_MS = 500;

/**
 * The Checkout page of a payment payments opens from an event (a bid's fee, a unit booking):
 * right after the bid or the booking it may not be there yet (404, or Pending without a URL),
 * so it is asked again until it is, for a while. Null when the payment is already settled.
 */
export async function waitForCheckout(
  read: () => Promise<{ status: string; checkoutUrl: string | null }>,
): Promise<string | null> {
  const deadline = Date.now() + CHECKOUT_WAIT_MS;
  for (;;) {
    try {
      const payment = await read();
      if (payment.checkoutUrl) return payment.checkoutUrl;
      if (payment.status !== 'pending') return null;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    if (Date.now() > deadline) throw new ApiError(503, '');
    await new Promise((resolve) => setTimeout(resolve, CHECKOUT_POLL_MS));
  }
}
