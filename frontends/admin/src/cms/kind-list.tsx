import { Link, useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminItem, CmsKind } from '@manzil/contracts';
import { EmptyState, ErrorFallback, SiteDate, Skeleton, buttonClassName, useFeedback } from '@manzil/ui';
import { ADMIN_PAGE_SIZE, afterContentChange, deleteItem, itemsQuery, setPublished } from './admin-api.js';
import { itemTitle } from './kinds.js';
import { useAdminText } from './use-admin-text.js';
import { Pager } from '../pager.js';

type Action = { kind: 'publish' | 'unpublish' | 'delete'; item: AdminItem<CmsKind> };

/** A kind's items (published and not), newest edits first as the service orders them; paginated. */
export function KindList({ kind }: { kind: CmsKind }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const client = useQueryClient();
  const items = useQuery({ ...itemsQuery(kind, language, page), placeholderData: keepPreviousData });
  const data = items.data;
  const act = useMutation({
    mutationFn: ({ kind: action, item }: Action) =>
      action === 'delete'
        ? deleteItem(kind, item.id, language)
        : setPublished(kind, item.id, action === 'publish', language),
    onSuccess: (_answer, { kind: action }) =>
      feedback.toast(
        'success',
        t(
          action === 'delete'
            ? 'admin.done.deleted'
            : action === 'publish'
              ? 'admin.done.published'
              : 'admin.done.unpublished',
        ),
      ),
    onError: () => feedback.toast('danger', t('admin.error.action')),
    onSettled: () => afterContentChange(client, kind),
  });
  const busy = (item: AdminItem<CmsKind>) => act.isPending && act.variables?.item.id === item.id;
  const remove = async (item: AdminItem<CmsKind>) => {
    if (await feedback.confirm(t('admin.confirm.delete', { title: itemTitle(kind, item, language) }))) {
      act.mutate({ kind: 'delete', item });
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)) : 1;
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
      {items.isPending ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {items.isError && !data ? <ErrorFallback onRetry={() => void items.refetch()} /> : null}
      {data && data.items.length === 0 ? <EmptyState title={t('admin.empty')} /> : null}
      {data && data.items.length > 0 ? (
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
              {data.items.map((item) => (
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
                    <SiteDate date={item.updatedAt} month="short" />
                  </td>
                  <td className="ad-table__actions">
                    <button
                      type="button"
                      className={buttonClassName('secondary', 'sm')}
                      disabled={busy(item)}
                      aria-busy={busy(item) || undefined}
                      onClick={() => act.mutate({ kind: item.published ? 'unpublish' : 'publish', item })}
                    >
                      {t(item.published ? 'admin.unpublish' : 'admin.publish')}
                    </button>
                    <button
                      type="button"
                      className="ad-link-danger"
                      disabled={busy(item)}
                      onClick={() => void remove(item)}
                    >
                      {t('admin.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager page={page} pages={pages} onPage={(n) => setParams(n === 1 ? {} : { page: String(n) })} />
    </section>
  );
}
