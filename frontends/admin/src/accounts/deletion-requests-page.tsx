import { useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  DELETION_REQUEST_STATES,
  IDENTITY_API,
  deletionRequestSchema,
  pageSchema,
  type Language,
} from '@manzil/contracts';
import { EmptyState, ErrorFallback, SiteDate, Skeleton, apiQueryFn } from '@manzil/ui';
import { ADMIN_PAGE_SIZE } from '../cms/admin-api.js';
import { useAdminText } from '../cms/use-admin-text.js';
import { Pager } from '../pager.js';

type State = (typeof DELETION_REQUEST_STATES)[number];
const isState = (value: string | null): value is State => DELETION_REQUEST_STATES.includes(value as State);

export const deletionRequestsQuery = (language: Language, page: number, state: State | undefined) =>
  queryOptions({
    queryKey: ['admin', 'deletion-requests', { language, page, state }] as const,
    queryFn: apiQueryFn(`/api/identity${IDENTITY_API.adminDeletionRequests}`, {
      language,
      query: { page, limit: ADMIN_PAGE_SIZE, ...(state ? { state } : {}) },
      results: pageSchema(deletionRequestSchema),
    }),
  });

/**
 * Account deletion requests of the admin's site (spec §4: OTP, then the request): who asked,
 * why, when the account will be or was anonymised. Newest first, paginated, filtered by state.
 */
export function DeletionRequestsPage() {
  const { t, language } = useAdminText();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const raw = params.get('state');
  const state = isState(raw) ? raw : undefined;
  const requests = useQuery({
    ...deletionRequestsQuery(language, page, state),
    placeholderData: keepPreviousData,
  });
  const data = requests.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)) : 1;

  return (
    <section data-testid="admin-deletion-requests">
      <div className="ad-head">
        <h1 className="ad-head__title">{t('admin.kind.deletionRequests')}</h1>
        <select
          className="mz-input ad-filter"
          aria-label={t('admin.column.status')}
          value={state ?? ''}
          onChange={(event) => setParams(event.target.value ? { state: event.target.value } : {})}
        >
          <option value="">{t('admin.messages.all')}</option>
          {DELETION_REQUEST_STATES.map((value) => (
            <option key={value} value={value}>
              {t(`admin.deletion.state.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <p className="ad-lead">{t('admin.deletion.lead')}</p>
      {requests.isPending ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {requests.isError && !data ? <ErrorFallback onRetry={() => void requests.refetch()} /> : null}
      {data && data.items.length === 0 ? <EmptyState title={t('admin.empty')} /> : null}
      {data && data.items.length > 0 ? (
        <div className="ad-table-wrap">
          <table className="ad-table">
            <thead>
              <tr>
                <th scope="col">{t('admin.deletion.account')}</th>
                <th scope="col">{t('admin.deletion.reason')}</th>
                <th scope="col">{t('admin.deletion.requested')}</th>
                <th scope="col">{t('admin.column.status')}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((request) => (
                <tr key={request.id} data-testid="admin-deletion-request">
                  <td>
                    <span className="ad-table__title">{request.name ?? t('admin.deletion.anonymous')}</span>{' '}
                    <span className="ad-chip">{t(`admin.deletion.role.${request.role}`)}</span>
                  </td>
                  <td>{request.reason ?? t('admin.deletion.noReason')}</td>
                  <td>
                    <SiteDate date={request.requestedAt} month="short" />
                  </td>
                  <td>
                    {request.anonymisedAt ? (
                      <span className="ad-status">
                        {t('admin.deletion.state.anonymised')} ·{' '}
                        <SiteDate date={request.anonymisedAt} month="short" />
                      </span>
                    ) : (
                      <span className="ad-status ad-status--on">
                        {t('admin.deletion.erasedOn')} <SiteDate date={request.eraseAfter} month="short" />
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <Pager
        page={page}
        pages={pages}
        onPage={(n) => setParams({ ...(state ? { state } : {}), ...(n > 1 ? { page: String(n) } : {}) })}
      />
    </section>
  );
}
