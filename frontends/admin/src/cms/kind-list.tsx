import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminItem, CmsKind, Page } from '@manzil/contracts';
import { EmptyState, ErrorFallback, Skeleton, buttonClassName, useFeedback } from '@manzil/ui';
import { deleteItem, listItems, setPublished } from './admin-api.js';
import { itemTitle } from './kinds.js';
import { useAdminText } from './use-admin-text.js';

const PAGE_SIZE = 20;

/** A kind's items (published and not), newest edits first as the service orders them; paginated. */
export function KindList({ kind }: { kind: CmsKind }) {
  const { t, language, intl } = useAdminText();
  const feedback = useFeedback();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [state, setState] = useState<
    { status: 'loading' | 'error' } | { status: 'ready'; data: Page<AdminItem<CmsKind>> }
  >({
    status: 'loading',
  });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    listItems(kind, language, page, PAGE_SIZE)
      .then((data) => setState({ status: 'ready', data }))
      .catch(() => setState({ status: 'error' }));
  }, [kind, language, page]);
  useEffect(load, [load]);

  const act = async (work: Promise<unknown>, done: string) => {
    try {
      await feedback.withLoader(work);
      feedback.toast('success', done);
      load();
    } catch {
      feedback.toast('danger', t('admin.error.action'));
    }
  };
  const remove = async (item: AdminItem<CmsKind>) => {
    if (await feedback.confirm(t('admin.confirm.delete', { title: itemTitle(kind, item, language) }))) {
      await act(deleteItem(kind, item.id, language), t('admin.done.deleted'));
    }
  };

  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.data.total / PAGE_SIZE)) : 1;
  return (
    <section data-testid={`admin-list-${kind}`}>
      <div className="ad-head">
        <h1 className="ad-head__title">{t(`admin.kind.${kind}`)}</h1>
        <Link
          className={buttonClassName('primary')}
          to={`/admin/content/${kind}/new`}
          data-testid="admin-new"
        >
          {t('admin.new')}
        </Link>
      </div>
      {state.status === 'loading' ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {state.status === 'error' ? <ErrorFallback onRetry={load} /> : null}
      {state.status === 'ready' && state.data.items.length === 0 ? (
        <EmptyState title={t('admin.empty')} />
      ) : null}
      {state.status === 'ready' && state.data.items.length > 0 ? (
        <div className="ad-table-wrap">
          <table className="ad-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.column.title')}</th>
                <th scope="col">{t('admin.column.status')}</th>
                <th scope="col">{t('admin.column.updated')}</th>
                <th scope="col">
                  <span className="mz-visually-hidden">{t('admin.column.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {state.data.items.map((item) => (
                <tr key={item.id} data-testid="admin-row">
                  <td>
                    <Link to={`/admin/content/${kind}/${item.id}`} className="ad-table__title">
                      {itemTitle(kind, item, language)}
                    </Link>
                    {'placement' in item ? (
                      <span className="ad-chip">{t(`admin.placement.${String(item.placement)}`)}</span>
                    ) : null}
                  </td>
                  <td>
                    <span className={item.published ? 'ad-status ad-status--on' : 'ad-status'}>
                      {t(item.published ? 'admin.status.published' : 'admin.status.draft')}
                    </span>
                  </td>
                  <td>
                    {intl.formatDate(item.updatedAt, { day: 'numeric', month: 'short', year: 'numeric' })}
                  </td>
                  <td className="ad-table__actions">
                    <button
                      type="button"
                      className={buttonClassName('secondary', 'sm')}
                      onClick={() =>
                        void act(
                          setPublished(kind, item.id, !item.published, language),
                          t(item.published ? 'admin.done.unpublished' : 'admin.done.published'),
                        )
                      }
                    >
                      {t(item.published ? 'admin.unpublish' : 'admin.publish')}
                    </button>
                    <button type="button" className="ad-link-danger" onClick={() => void remove(item)}>
                      {t('admin.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {pages > 1 ? (
        <nav className="ad-pager" aria-label={t('admin.pages')}>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              className={n === page ? 'ad-pager__page ad-pager__page--current' : 'ad-pager__page'}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => setParams(n === 1 ? {} : { page: String(n) })}
            >
              {n}
            </button>
          ))}
        </nav>
      ) : null}
    </section>
  );
}
