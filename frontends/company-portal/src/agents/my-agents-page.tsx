import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDENTITY_API, type Language } from '@manzil/contracts';
import {
  ApiError,
  Button,
  EmptyState,
  Ltr,
  Skeleton,
  avatarLetter,
  buttonClassName,
  isPlaceholderPicture,
  useFeedback,
  refetchAfterWrite,
} from '@manzil/ui';
import { AGENTS_PER_PAGE, agentKeys, agentsQuery, identityFetch, type AgentSummary } from './agents-api.js';

export { AGENTS_PER_PAGE } from './agents-api.js';

type AgentsPage = { items: AgentSummary[]; page: number; limit: number; total: number };
type Status = AgentSummary['status'];

/**
 * Activate / deactivate with the answer assumed: the row shows the new status at once (the
 * server's answer to a status change is predictable), goes back if the server refuses, and
 * the lists are asked again either way.
 */
function useAgentStatus(language: Language, page: number) {
  const intl = useIntl();
  const client = useQueryClient();
  const { toast } = useFeedback();
  const key = agentKeys.page(language, page);
  return useMutation({
    mutationFn: ({ agent, status }: { agent: AgentSummary; status: Status }) =>
      identityFetch(IDENTITY_API.agentStatus(agent.id), { language, method: 'PATCH', body: { status } }),
    onMutate: async ({ agent, status }) => {
      // A list read still on its way would overwrite the change with the old status.
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<AgentsPage>(key);
      client.setQueryData<AgentsPage>(
        key,
        (current) =>
          current && {
            ...current,
            items: current.items.map((item) => (item.id === agent.id ? { ...item, status } : item)),
          },
      );
      return { previous };
    },
    onError: (error, _change, context) => {
      client.setQueryData(key, context?.previous);
      toast(
        'danger',
        error instanceof ApiError && error.message
          ? error.message
          : intl.formatMessage({ id: 'companyPortal.error' }),
      );
    },
    onSuccess: (envelope, { status }) =>
      toast('success', envelope.message || intl.formatMessage({ id: `companyPortal.status.done.${status}` })),
    onSettled: () => refetchAfterWrite(client, agentKeys.all),
  });
}

function AgentAvatar({ agent }: { agent: AgentSummary }) {
  const [broken, setBroken] = useState(false);
  return (
    <span className="cp-avatar" aria-hidden="true">
      {!broken && !isPlaceholderPicture(agent.picture) ? (
        <img src={agent.picture ?? ''} alt="" onError={() => setBroken(true)} />
      ) : (
        avatarLetter(agent.firstName)
      )}
    </span>
  );
}

function StatusBadge({ status }: { status: AgentSummary['status'] }) {
  const intl = useIntl();
  return (
    <span className={`cp-status cp-status--${status}`} data-testid="agent-status">
      {intl.formatMessage({ id: `companyPortal.status.${status}` })}
    </span>
  );
}

/** `/myAgents`: the company's agents, paginated, with edit, activate/deactivate and delete. */
export function MyAgentsPage({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { toast, confirm } = useFeedback();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  // Moving between pages keeps the last one on screen until the next arrives.
  const agents = useQuery({ ...agentsQuery(language, page), placeholderData: keepPreviousData });
  const data = agents.data;
  const failed = !data && agents.isError && !agents.isFetching;
  const status = useAgentStatus(language, page);
  const [deleting, setDeleting] = useState<string | null>(null);
  const deletion = useMutation({
    mutationFn: (agent: AgentSummary) =>
      identityFetch(IDENTITY_API.agent(agent.id), { language, method: 'DELETE' }),
    onSettled: () => refetchAfterWrite(client, agentKeys.all),
  });

  const failMessage = (error: unknown) =>
    error instanceof ApiError && error.message ? error.message : t('companyPortal.error');

  function toggle(agent: AgentSummary) {
    status.mutate({ agent, status: agent.status === 'active' ? 'inactive' : 'active' });
  }

  async function remove(agent: AgentSummary) {
    if (!(await confirm(t('companyPortal.delete.confirm', { name: `${agent.firstName} ${agent.lastName}` }))))
      return;
    setDeleting(agent.id);
    try {
      const envelope = await deletion.mutateAsync(agent);
      toast('success', envelope.message || t('companyPortal.delete.done'));
      if (data && data.items.length === 1 && page > 1) setParams({ page: String(page - 1) });
    } catch (error) {
      toast('danger', failMessage(error));
    } finally {
      setDeleting(null);
    }
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / AGENTS_PER_PAGE)) : 1;
  return (
    <section className="cp-page" data-testid="my-agents-page">
      <header className="mz-page-head">
        <div>
          <p className="mz-eyebrow">{t('companyPortal.eyebrow')}</p>
          <h1 className="mz-page-title">{t('companyPortal.agents.title')}</h1>
          {data ? (
            <p className="mz-page-subtitle">{t('companyPortal.agents.count', { count: data.total })}</p>
          ) : null}
        </div>
        <Link to="/addAgent" className={buttonClassName('primary')} data-testid="add-agent-link">
          + {t('companyPortal.add.title')}
        </Link>
      </header>

      {failed ? (
        <EmptyState
          title={t('companyPortal.error')}
          description={t('companyPortal.agents.unavailable')}
          action={<Button onClick={() => void agents.refetch()}>{t('companyPortal.retry')}</Button>}
          testId="agents-error"
        />
      ) : !data ? (
        <div className="cp-list" data-testid="agents-loading">
          {[0, 1, 2].map((n) => (
            <div key={n} className="cp-row cp-row--skeleton">
              <Skeleton inlineSize="40px" blockSize="40px" radius="pill" />
              <Skeleton inlineSize="60%" />
            </div>
          ))}
        </div>
      ) : data.items.length === 0 ? (
        <EmptyState
          title={t('companyPortal.agents.empty')}
          description={t('companyPortal.agents.emptyNote')}
          action={
            <Link to="/addAgent" className={buttonClassName('primary')}>
              {t('companyPortal.add.title')}
            </Link>
          }
          testId="agents-empty"
        />
      ) : (
        <>
          <div className="cp-table" role="table" aria-label={t('companyPortal.agents.title')}>
            <div className="cp-table__head" role="row">
              <span role="columnheader">{t('companyPortal.col.agent')}</span>
              <span role="columnheader">{t('companyPortal.col.mobile')}</span>
              <span role="columnheader">{t('companyPortal.col.brn')}</span>
              <span role="columnheader">{t('companyPortal.col.status')}</span>
              <span role="columnheader" className="cp-table__actions-head">
                {t('companyPortal.col.actions')}
              </span>
            </div>
            {data.items.map((agent) => (
              <div key={agent.id} className="cp-row" role="row" data-testid="agent-row">
                <span role="cell" className="cp-row__agent">
                  <AgentAvatar agent={agent} />
                  <span className="cp-row__who">
                    <strong>{`${agent.firstName} ${agent.lastName}`}</strong>
                    <span className="cp-muted">{agent.designation ?? <Ltr>{agent.email}</Ltr>}</span>
                  </span>
                </span>
                <span role="cell" className="cp-row__cell" data-label={t('companyPortal.col.mobile')}>
                  <Ltr>{`${agent.countryCode} ${agent.mobile}`}</Ltr>
                </span>
                <span role="cell" className="cp-row__cell" data-label={t('companyPortal.col.brn')}>
                  <Ltr>{agent.brn}</Ltr>
                </span>
                <span role="cell" className="cp-row__cell" data-label={t('companyPortal.col.status')}>
                  <StatusBadge status={agent.status} />
                </span>
                <span role="cell" className="cp-row__actions">
                  <Link
                    to={`/addAgent?id=${agent.id}`}
                    state={{ agent }}
                    className={buttonClassName('secondary', 'sm')}
                    data-testid="agent-edit"
                  >
                    {t('companyPortal.edit')}
                  </Link>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => toggle(agent)}
                    data-testid="agent-toggle"
                  >
                    {t(agent.status === 'active' ? 'companyPortal.deactivate' : 'companyPortal.activate')}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="cp-danger"
                    onClick={() => void remove(agent)}
                    disabled={deleting === agent.id}
                    aria-busy={deleting === agent.id || undefined}
                    data-testid="agent-delete"
                  >
                    {t('companyPortal.delete')}
                  </Button>
                </span>
              </div>
            ))}
          </div>
          {pages > 1 ? (
            <nav className="cp-pager" aria-label={t('companyPortal.pager')}>
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1}
                onClick={() => setParams({ page: String(page - 1) })}
              >
                {t('companyPortal.previous')}
              </Button>
              <span data-testid="agents-page-of">{t('companyPortal.pageOf', { page, pages })}</span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages}
                onClick={() => setParams({ page: String(page + 1) })}
              >
                {t('companyPortal.next')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
