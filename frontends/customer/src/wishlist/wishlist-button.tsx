import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { WishlistItemKind } from '@manzil/contracts';
import { buttonClassName, requireLogin, useFeedback, useLanguage, useSession } from '@manzil/ui';
import { savedQuery, useToggleSaved } from './wishlist-queries.js';
import './wishlist.css';

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
 * The wishlist heart (spec §6) of a property, a project or a unit: a customer saves and unsaves
 * (optimistic); an agent or a company sees it but is told only customers save (a property, a
 * project or a unit: the message names what they tried to save), without asking
 * the server (which would answer 403 and end the session); a visitor gets the wishlist login
 * prompt. `name` (a unit's reference, say) joins the label, so a table of hearts reads apart.
 */
export function WishlistButton({
  kind = 'property',
  id,
  variant = 'card',
  name,
}: {
  kind?: WishlistItemKind;
  id: string;
  variant?: 'card' | 'page';
  name?: string;
}) {
  const intl = useIntl();
  const language = useLanguage();
  const session = useSession();
  const feedback = useFeedback();
  const customer = session?.role === 'user';
  const saved = useQuery({ ...savedQuery(kind, id, language), enabled: customer });
  const toggle = useToggleSaved(language);
  const isSaved = customer && saved.data === true;
  const action = intl.formatMessage({ id: isSaved ? 'customer.wishlist.remove' : 'customer.wishlist.add' });
  const label = name ? intl.formatMessage({ id: 'customer.wishlist.named' }, { action, name }) : action;

  const onClick = () => {
    if (!requireLogin('wishlist')) return;
    if (!customer) {
      feedback.toast('info', intl.formatMessage({ id: `customer.wishlist.customersOnly.${kind}` }));
      return;
    }
    toggle.mutate(
      { kind, id, save: !isSaved },
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
      data-kind={kind}
      data-saved={isSaved ? 'true' : 'false'}
    >
      <HeartIcon filled={isSaved} />
      {variant === 'page' ? <span>{action}</span> : null}
    </button>
  );
}
