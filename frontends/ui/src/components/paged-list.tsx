import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { UseQueryResult } from '@tanstack/react-query';
import { buttonClassName } from './button.js';
import { ErrorFallback } from './error-boundary.js';
import { Skeleton } from './skeleton.js';

/** Previous / page n of m / next under a list; nothing when everything fits on one page. */
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
    <nav className="mz-pager" aria-label={t('ui.pager.pages')}>
      <button
        type="button"
        className={buttonClassName('secondary', 'sm')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('ui.pager.previous')}
      </button>
      <span className="mz-pager__at">{t('ui.pager.pageOf', { page, pages })}</span>
      <button
        type="button"
        className={buttonClassName('secondary', 'sm')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('ui.pager.next')}
      </button>
    </nav>
  );
}

/**
 * A page of a list (`perPage` a page): a placeholder while it loads, a retry when it failed,
 * `empty` when there is nothing, else the rows (`children` renders each `<li>`) and the pager.
 */
export function PagedList<Data extends { items: unknown[]; total: number }>({
  list,
  page,
  perPage,
  onPage,
  empty,
  loadingSize = '240px',
  className,
  children,
}: {
  list: UseQueryResult<Data>;
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  empty: ReactNode;
  /** The placeholder's block size. */
  loadingSize?: string;
  /** The `<ul>`'s class. */
  className?: string;
  children: (item: Data['items'][number]) => ReactNode;
}) {
  if (list.isPending) return <Skeleton blockSize={loadingSize} radius="lg" />;
  if (list.isError) return <ErrorFallback onRetry={() => void list.refetch()} />;
  if (list.data.items.length === 0) return empty;
  const pages = Math.max(1, Math.ceil(list.data.total / perPage));
  return (
    <>
      <ul className={className}>{list.data.items.map(children)}</ul>
      <Pager page={page} pages={pages} onPage={onPage} />
    </>
  );
}
