import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { LISTING_PAGES, ARABIC_LISTING_PAGES, type PaymentView } from '@manzil/contracts';
import { AlertIcon, EmptyState, HomeIcon, Price, buttonClassName, useLanguage, useSession } from '@manzil/ui';
import { BidFeeResult, isBidFeeReturn } from './bid-fee-result.js';
import { paymentQuery } from './payment-queries.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The payment named in the address (`?paymentId=`), read when the payer is signed in. */
function usePayment() {
  const [params] = useSearchParams();
  const language = useLanguage();
  const session = useSession();
  const id = params.get('paymentId') ?? '';
  // A bidding fee's return is read by BidFeeResult (customers may not read plan payments).
  const enabled = UUID.test(id) && session !== null && !isBidFeeReturn(params);
  const query = useQuery({ ...paymentQuery(id, language), enabled });
  return enabled ? query.data : undefined;
}

function ContactLink() {
  const intl = useIntl();
  const language = useLanguage();
  const path = language === 'ar' ? ARABIC_LISTING_PAGES['contact-us'] : LISTING_PAGES['contact-us'];
  return (
    <Link className={buttonClassName('secondary')} to={path}>
      {intl.formatMessage({ id: 'customer.payment.contact' })}
    </Link>
  );
}

function PaymentSummary({ payment }: { payment: PaymentView }) {
  const intl = useIntl();
  return (
    <dl className="cu-payment__summary" data-testid="payment-summary">
      <div>
        <dt>{intl.formatMessage({ id: 'customer.payment.plan' })}</dt>
        <dd>
          {intl.formatMessage(
            { id: 'customer.payment.planName' },
            { name: payment.plan.name, months: payment.plan.durationMonths },
          )}
        </dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'customer.payment.amount' })}</dt>
        <dd>
          <Price amount={payment.amount} currency={payment.currency} />
        </dd>
      </div>
      <div>
        <dt>{intl.formatMessage({ id: 'customer.payment.status' })}</dt>
        <dd>
          <span
            className={`cu-payment__status cu-payment__status--${payment.status}`}
            data-testid="payment-status"
          >
            {intl.formatMessage({ id: `customer.payment.status.${payment.status}` })}
          </span>
        </dd>
      </div>
    </dl>
  );
}

/** Spec §8's failure message, with the two ways forward it names: try again, contact us. */
function FailedState() {
  const intl = useIntl();
  return (
    <EmptyState
      headingLevel={1}
      testId="payment-failed"
      icon={<AlertIcon />}
      title={intl.formatMessage({ id: 'customer.payment.failed.title' })}
      description={intl.formatMessage({ id: 'customer.payment.failed.message' })}
      action={
        <>
          <Link className={buttonClassName('primary')} to="/">
            {intl.formatMessage({ id: 'customer.payment.tryAgain' })}
          </Link>
          <ContactLink />
        </>
      }
    />
  );
}

/**
 * `/payments/paymentSuccess`: where the provider sends the payer after paying. Its word
 * reaches us by webhook, so the page says the request was received and the payment will be
 * updated shortly, and reads the payment until it is Paid (or shows the failure if the
 * provider says otherwise).
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  return isBidFeeReturn(params) ? (
    <BidFeeResult bidId={params.get('bidId')!} outcome="success" />
  ) : (
    <PlanPaymentSuccess />
  );
}

function PlanPaymentSuccess() {
  const intl = useIntl();
  const payment = usePayment();
  if (payment?.status === 'canceled') {
    return (
      <div className="mz-container cu-payment">
        <FailedState />
        <PaymentSummary payment={payment} />
      </div>
    );
  }
  const paid = payment?.status === 'paid';
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
          id: paid ? 'customer.payment.paid.message' : 'customer.payment.received.message',
        })}
        action={
          <Link className={buttonClassName('primary')} to="/">
            {intl.formatMessage({ id: 'customer.payment.home' })}
          </Link>
        }
      />
      {payment ? <PaymentSummary payment={payment} /> : null}
    </div>
  );
}

/** `/payments/paymentFailed`: the payment failed or was abandoned on the provider's page. */
export function PaymentFailedPage() {
  const [params] = useSearchParams();
  return isBidFeeReturn(params) ? (
    <BidFeeResult bidId={params.get('bidId')!} outcome="failed" />
  ) : (
    <PlanPaymentFailed />
  );
}

function PlanPaymentFailed() {
  const payment = usePayment();
  return (
    <div className="mz-container cu-payment">
      <FailedState />
      {payment ? <PaymentSummary payment={payment} /> : null}
    </div>
  );
}
