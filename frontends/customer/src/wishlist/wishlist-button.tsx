import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { buttonClassName, requireLogin, useFeedback, useLanguage, useSession } from '@manzil/ui';
import { savedQuery, useToggleSaved } from './wishlist-queries.js';

export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d="M12 20s-7.5-4.6-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
  </svg>
);

/**
 * The wishlist heart (spec §6): a customer saves and unsaves (optimistic); an agent or a
 * company sees it but is told only customers save, without asking the server (which would
 * answer 403 and end the session); a visitor gets the wishlist login prompt.
 */
export function WishlistButton({
  propertyId,
  variant = 'card',
}: {
  propertyId: string;
  variant?: 'card' | 'page';
}) {
  const intl = useIntl();
  const language = useLanguage();
  const session = useSession();
  const feedback = useFeedback();
  const customer = session?.role === 'user';
  const saved = useQuery({ ...savedQuery(propertyId, language), enabled: customer });
  const toggle = useToggleSaved(language);
  const isSaved = customer && saved.data === true;
  const label = intl.formatMessage({ id: isSaved ? 'customer.wishlist.remove' : 'customer.wishlist.add' });

  const onClick = () => {
    if (!requireLogin('wishlist')) return;
    if (!customer) {
      feedback.toast('info', intl.formatMessage({ id: 'customer.wishlist.customersOnly' }));
      return;
    }
    toggle.mutate(
      { id: propertyId, save: !isSaved },
      {
        onSuccess: () =>
          feedback.toast(
            'success',
            intl.formatMessage({ id: isSaved ? 'customer.wishlist.removed' : 'customer.wishlist.saved' }),
          ),
        onError: () => feedback.toast('danger', intl.formatMessage({ id: 'customer.wishlist.failed' })),
      },
    );
  };

  return (
    <button
      type="button"
      className={
        variant === 'page'
          ? buttonClassName('secondary', 'md', `cu-heart cu-heart--page${isSaved ? ' cu-heart--saved' : ''}`)
          : `cu-heart cu-heart--card${isSaved ? ' cu-heart--saved' : ''}`
      }
      aria-pressed={customer ? isSaved : undefined}
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid="wishlist-heart"
      data-saved={isSaved ? 'true' : 'false'}
    >
      <HeartIcon filled={isSaved} />
      {variant === 'page' ? <span>{label}</span> : null}
    </button>
  );
}
