import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  REQUEST_PROPERTY_ROUTE,
  pageSchema,
  requirementSchema,
  type Language,
  type Requirement,
} from '@manzil/contracts';
import {
  Button,
  EmptyState,
  SiteDate,
  Skeleton,
  apiFetch,
  apiQueryFn,
  buttonClassName,
  useFeedback,
  refetchAfterWrite,
} from '@manzil/ui';
import { z } from 'zod';

const LISTINGS = '/api/listings';
const PAGE_SIZE = 10;

const requirementsQuery = (language: Language, page: number) => ({
  queryKey: ['requirements', 'mine', page, language] as const,
  queryFn: apiQueryFn(`${LISTINGS}${ENGAGEMENT_API.myRequirements}`, {
    language,
    query: { page, limit: PAGE_SIZE },
    results: pageSchema(requirementSchema),
  }),
});

/**
 * "My requirements" (issue 14): the properties a customer asked for or offered through
 * `/request-property`, newest first, paginated; each can be closed (matching agents stop seeing
 * it), opened again, or deleted after the confirm dialog. The server keeps each to its customer.
 */
export function RequirementsTab({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [page, setPage] = useState(1);
  const query = useQuery(requirementsQuery(language, page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // A delete that empties the last page goes back one.
  if (data && data.items.length === 0 && page > 1) setPage(page - 1);
  return (
    <section className="profile-card" data-testid="requirements-tab">
      <div className="profile-card__head">
        <h2>{t('shell.requirements.title')}</h2>
        <Link className={buttonClassName('secondary', 'sm')} to={REQUEST_PROPERTY_ROUTE}>
          {t('shell.requirements.new')}
        </Link>
      </div>
      {query.isError && !data ? (
        <EmptyState
          title={t('shell.requirements.failed')}
          action={<Button onClick={() => void query.refetch()}>{t('shell.retry')}</Button>}
          testId="requirements-error"
        />
      ) : !data ? (
        <Skeleton inlineSize="100%" blockSize="5rem" radius="md" />
      ) : data.items.length === 0 ? (
        <EmptyState
          title={t('shell.requirements.empty')}
          description={t('shell.requirements.emptyText')}
          testId="requirements-empty"
        />
      ) : (
        <ul className="appointments__list" data-testid="requirements-list">
          {data.items.map((requirement) => (
            <RequirementItem key={requirement.id} requirement={requirement} language={language} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="appointments__pager" aria-label={t('shell.requirements.pages')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('shell.appointments.previous')}
          </Button>
          <span>{t('shell.appointments.pageOf', { page, pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('shell.appointments.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function RequirementItem({ requirement, language }: { requirement: Requirement; language: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const feedback = useFeedback();
  const client = useQueryClient();
  const settle = () => refetchAfterWrite(client, ['requirements', 'mine']);
  const setStatus = useMutation({
    mutationFn: (status: Requirement['status']) =>
      apiFetch(`${LISTINGS}${ENGAGEMENT_API.requirementStatus(requirement.id)}`, {
        language,
        method: 'POST',
        body: { status },
        results: requirementSchema,
      }),
    onSettled: settle,
  });
  const remove = useMutation({
    mutationFn: () =>
      apiFetch(`${LISTINGS}${ENGAGEMENT_API.requirement(requirement.id)}`, {
        language,
        method: 'DELETE',
        results: z.object({ removed: z.literal(true) }),
      }),
    onSettled: settle,
  });
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      feedback.toast('success', t(done));
    } catch (failure) {
      feedback.toast(
        'danger',
        failure instanceof Error && failure.message ? failure.message : t('shell.error.generic'),
      );
    }
  };
  const toggle = () => {
    const next = requirement.status === 'open' ? 'closed' : 'open';
    void run(() => setStatus.mutateAsync(next), `shell.requirements.done.${next}`);
  };
  const del = async () => {
    if (!(await feedback.confirm(t('shell.requirements.confirmDelete')))) return;
    await run(() => remove.mutateAsync(), 'shell.requirements.done.deleted');
  };
  const busy = setStatus.isPending || remove.isPending;
  const number = new Intl.NumberFormat(language === 'ar' ? 'ar-AE-u-nu-latn' : 'en-AE');
  return (
    <li className="appointments__item" data-testid="requirement-item" data-status={requirement.status}>
      <div className="appointments__when">
        <strong>
          {t(`shell.requirements.requestType.${requirement.requestType}`)} ·{' '}
          {t(`shell.requirements.kind.${requirement.propertyKind}`)}
        </strong>
        <SiteDate date={requirement.createdAt} />
      </div>
      <div className="appointments__what">
        <span data-testid="requirement-place">
          {requirement.city.name[language]}
          {requirement.subLocation ? ` · ${requirement.subLocation}` : ''}
        </span>
        <span data-testid="requirement-budget">
          {t('shell.requirements.budget')}{' '}
          <bdi>
            {number.format(requirement.budgetMin)} – {number.format(requirement.budgetMax)}
          </bdi>
        </span>
        {requirement.finance || requirement.agreementStatus || requirement.userType ? (
          <span data-testid="requirement-terms">
            {[
              requirement.finance ? t(`shell.requirements.finance.${requirement.finance}`) : null,
              requirement.agreementStatus
                ? t(`shell.requirements.agreementStatuses.${requirement.agreementStatus}`)
                : null,
              requirement.userType ? t(`shell.requirements.userTypes.${requirement.userType}`) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </span>
        ) : null}
        {requirement.description ? (
          <span className="appointments__note">{requirement.description}</span>
        ) : null}
      </div>
      <div className="appointments__state">
        <span
          className={`appointments__status appointments__status--${requirement.status === 'open' ? 'accepted' : 'canceled'}`}
          data-testid="requirement-status"
        >
          {t(`shell.requirements.status.${requirement.status}`)}
        </span>
        <span className="appointments__actions">
          <Button
            size="sm"
            variant="secondary"
            onClick={toggle}
            disabled={busy}
            data-testid="requirement-toggle"
          >
            {t(requirement.status === 'open' ? 'shell.requirements.close' : 'shell.requirements.reopen')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void del()}
            disabled={busy}
            data-testid="requirement-delete"
          >
            {t('shell.requirements.delete')}
          </Button>
        </span>
      </div>
    </li>
  );
}
