import { useIntl } from 'react-intl';
import { Button } from '@manzil/ui';

/**
 * Previous / "Page n of m" / next under a customer list (projects, orders, wishlist, saved
 * searches); nothing when everything fits on one page. The page's own message ids name the
 * navigation and its three labels (`pageOf` takes `{page}` and `{pages}`).
 */
export function ListPager({
  page,
  pages,
  onPage,
  className,
  messages,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  className: string;
  messages: { pages: string; previous: string; next: string; pageOf: string };
}) {
  const intl = useIntl();
  if (pages <= 1) return null;
  return (
    <nav className={className} aria-label={intl.formatMessage({ id: messages.pages }, { page, pages })}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {intl.formatMessage({ id: messages.previous })}
      </Button>
      <span>{intl.formatMessage({ id: messages.pageOf }, { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {intl.formatMessage({ id: messages.next })}
      </Button>
    </nav>
  );
}
