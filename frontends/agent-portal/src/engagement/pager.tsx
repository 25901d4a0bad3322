import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { buttonClassName } from '@manzil/ui';

/** The `?page=` of a list page (1 when absent or not a number). */
export function usePageParam(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  return [page, (to: number) => setParams(to > 1 ? { page: String(to) } : {})];
}

/** Previous / page n of m / next, as the manage page pages its listings. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  if (pages <= 1) return null;
  return (
    <nav className="ap-pager" aria-label={t('agentPortal.manage.pages')}>
      <button
        type="button"
        className={buttonClassName('secondary', 'sm')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('agentPortal.manage.previous')}
      </button>
      <span className="ap-muted">{t('agentPortal.manage.pageOf', { page, pages })}</span>
      <button
        type="button"
        className={buttonClassName('secondary', 'sm')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('agentPortal.manage.next')}
      </button>
    </nav>
  );
}
