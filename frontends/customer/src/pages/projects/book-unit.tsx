import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ERROR_MESSAGES,
  UNIT_BOOKINGS_API,
  unitBookingPaymentSchema,
  unitBookingSchema,
  type Language,
  type Unit,
} from '@manzil/contracts';
import {
  ApiError,
  apiFetch,
  buttonClassName,
  requireLogin,
  useFeedback,
  useLanguage,
  useSession,
  refetchAfterWrite,
} from '@manzil/ui';
import { serverMessage } from '../auctions/bid-form.js';
import { ContactLink } from '../payments/payment-result-parts.js';
import { checkoutNavigation, waitForCheckout } from '../payments/wait-for-checkout.js';
import { projectKeys } from './project-queries.js';

/** POST /api/listings/v1/units/:id/bookings, then the booking's Checkout page once payments opened it. */
async function bookAndFindCheckout(unitId: string, language: Language): Promise<string | null> {
  const booking = (
    await apiFetch(`/api/listings${UNIT_BOOKINGS_API.book(unitId)}`, {
      language,
      method: 'POST',
      body: {},
      results: unitBookingSchema,
    })
  ).results;
  return waitForCheckout(
    async () =>
      (
        await apiFetch(`/api/payments${UNIT_BOOKINGS_API.payment(booking.id)}`, {
          language,
          results: unitBookingPaymentSchema,
        })
      ).results,
  );
}

/**
 * Online booking of the project's units (spec §6: Saudi site, Saudi residents only). A visitor
 * gets the login prompt; an agent or a company is told only customers book, without asking the
 * server; a customer's booking holds the unit and goes to the provider's Checkout. The server
 * decides who is a resident (Nafath): a refusal shows the spec's message and the manual path.
 */
export function useBookUnit() {
  const intl = useIntl();
  const language = useLanguage();
  const session = useSession();
  const feedback = useFeedback();
  const client = useQueryClient();
  const [refused, setRefused] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (unitId: string) => bookAndFindCheckout(unitId, language),
    onSuccess: (url) => {
      if (url) checkoutNavigation.go(url);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.message === ERROR_MESSAGES.BOOKING_RESIDENTS_ONLY[language])
        setRefused(error.message);
      else feedback.toast('danger', serverMessage(error, language));
    },
    onSettled: () => refetchAfterWrite(client, projectKeys.all),
  });
  const book = (unitId: string) => {
    if (!requireLogin('booking')) return;
    if (session?.role !== 'user') {
      feedback.toast('info', intl.formatMessage({ id: 'customer.booking.customersOnly' }));
      return;
    }
    setRefused(null);
    mutation.mutate(unitId);
  };
  return { book, booking: mutation.isPending ? mutation.variables : null, refused };
}

/** The "Book online" cell of an available unit. */
export function BookUnitButton({
  unit,
  book,
  booking,
}: {
  unit: Unit;
  book: (unitId: string) => void;
  booking: string | null | undefined;
}) {
  const intl = useIntl();
  if (unit.status !== 'available') return null;
  return (
    <button
      type="button"
      className={buttonClassName('primary', 'sm')}
      onClick={() => book(unit.id)}
      disabled={Boolean(booking)}
      aria-busy={booking === unit.id}
      data-testid="unit-book"
    >
      {intl.formatMessage({ id: booking === unit.id ? 'customer.booking.booking' : 'customer.booking.book' })}
    </button>
  );
}

/** The spec's residents-only message, with the manual booking path: contact our team. */
export function ResidentsOnly({ message }: { message: string }) {
  return (
    <div className="cu-project__booking-refused" role="alert" data-testid="booking-residents-only">
      <p>{message}</p>
      <ContactLink />
    </div>
  );
}
