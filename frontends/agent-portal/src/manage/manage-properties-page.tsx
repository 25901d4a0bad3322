import { useIntl } from 'react-intl';
import { Link, useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language, OwnedProperty } from '@manzil/contracts';
import {
  ApiError,
  EmptyState,
  ErrorFallback,
  Ltr,
  Pager,
  SiteDate,
  Skeleton,
  buttonClassName,
  useFeedback,
  type RemoteAppProps,
  refetchAfterWrite,
} from '@manzil/ui';
import {
  PROPERTIES_PER_PAGE,
  discardProperty,
  listingKeys,
  ownedPropertiesQuery,
  propertyPaths,
  propertyWrite,
} from '../listings/listings-api.js';

function titleOf(property: OwnedProperty, language: Language): string {
  const title = (property.draft.title ?? {}) as { en?: string; ar?: string };
  return (language === 'ar' ? title.ar || title.en : title.en || title.ar) ?? '';
}

function useListingActions(language: Language) {
  const client = useQueryClient();
  const { toast, confirm } = useFeedback();
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const after = {
    onSuccess: () => void refetchAfterWrite(client, listingKeys.all),
    onError: (failure: unknown) =>
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('agentPortal.error'),
      ),
  };
  const sold = useMutation({
    mutationFn: (id: string) => propertyWrite(propertyPaths.sold(id), language, { method: 'POST' }),
    ...after,
  });
  const state = useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) =>
      propertyWrite(propertyPaths.state(id), language, { method: 'POST', body: { active } }),
    ...after,
  });
  const discard = useMutation({
    mutationFn: (id: string) => discardProperty(id, language),
    ...after,
  });
  return {
    discard: async (id: string) => {
      if (await confirm(t('agentPortal.manage.confirmDiscard'))) {
        await discard.mutateAsync(id).then(
          () => toast('success', t('agentPortal.manage.discarded')),
          () => undefined,
        );
      }
    },
    markSold: async (id: string) => {
      if (await confirm(t('agentPortal.manage.confirmSold'))) {
        await sold.mutateAsync(id).catch(() => undefined);
        toast('success', t('agentPortal.manage.soldDone'));
      }
    },
    setActive: (id: string, active: boolean) => state.mutateAsync({ id, active }).catch(() => undefined),
    busy: sold.isPending || state.isPending || discard.isPending,
  };
}

function ListingRow({ property, language }: { property: OwnedProperty; language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { discard, markSold, setActive, busy } = useListingActions(language);
  const cover = [...property.photos].sort((a, b) => a.position - b.position)[0];
  const sold = property.state === 'sold';
  // Never public (a draft, or rejected before any acceptance): the owner may throw it away.
  const discardable = !property.approvedAt && ['draft', 'rejected'].includes(property.approvalStatus);
  const title = titleOf(property, language) || t('agentPortal.manage.untitled');
  return (
    <li className="ap-listing" data-testid="owned-listing" data-status={property.approvalStatus}>
      <div className="ap-listing__media">
        {cover ? (
          <img src={cover.urls.thumb} alt="" width={160} height={120} />
        ) : (
          <span className="ap-listing__empty" aria-hidden="true" />
        )}
      </div>
      <div className="ap-listing__body">
        <h2 className="ap-listing__title">{title}</h2>
        <p className="ap-listing__badges">
          <span
            className={`ap-badge ap-badge--${property.approvalStatus}`}
            data-testid="owned-listing-status"
          >
            {t(`agentPortal.status.${property.approvalStatus}`)}
          </span>
          <span className={`ap-badge ap-badge--${property.state}`}>
            {t(`agentPortal.state.${property.state}`)}
          </span>
          <span className="ap-muted">
            {t('agentPortal.manage.complete', { percent: property.completeness.percent })}
          </span>
        </p>
        {property.approvalStatus === 'rejected' && property.rejectedReason ? (
          <p className="ap-listing__rejected" data-testid="owned-listing-rejection">
            {t('agentPortal.manage.rejected', { reason: property.rejectedReason })}
            {property.rejectedAt ? (
              <>
                {' · '}
                <SiteDate date={property.rejectedAt} />
              </>
            ) : null}
          </p>
        ) : null}
        <p className="ap-muted">
          {t('agentPortal.manage.updated')} <SiteDate date={property.updatedAt} /> ·{' '}
          <Ltr>{property.slug}</Ltr>
        </p>
      </div>
      <div className="ap-listing__actions">
        {sold ? null : (
          <>
            <Link
              className={buttonClassName('secondary', 'sm')}
              to={`/addNewProperty?id=${property.id}&step=basic`}
              aria-label={t('agentPortal.manage.editNamed', { title })}
              data-testid="owned-listing-edit"
            >
              {t('agentPortal.manage.edit')}
            </Link>
            <button
              type="button"
              className={buttonClassName('ghost', 'sm')}
              disabled={busy}
              aria-label={t(
                property.state === 'active'
                  ? 'agentPortal.manage.deactivateNamed'
                  : 'agentPortal.manage.activateNamed',
                { title },
              )}
              data-testid="owned-listing-active"
              onClick={() => void setActive(property.id, property.state !== 'active')}
            >
              {t(
                property.state === 'active' ? 'agentPortal.manage.deactivate' : 'agentPortal.manage.activate',
              )}
            </button>
            <button
              type="button"
              className={buttonClassName('ghost', 'sm')}
              disabled={busy}
              aria-label={t('agentPortal.manage.soldNamed', { title })}
              data-testid="owned-listing-sold"
              onClick={() => void markSold(property.id)}
            >
              {t('agentPortal.manage.sold')}
            </button>
            {discardable ? (
              <button
                type="button"
                className={buttonClassName('ghost', 'sm')}
                disabled={busy}
                aria-label={t('agentPortal.manage.discardNamed', { title })}
                data-testid="owned-listing-discard"
                onClick={() => void discard(property.id)}
              >
                {t('agentPortal.manage.discard')}
              </button>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}

/** `/manage-properties` (spec §2): the owner's listings, newest change first, with their approval status. */
export function ManagePropertiesPage({
  language,
  session,
}: {
  language: Language;
  session: RemoteAppProps['session'];
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  // Spec §2 opens this route to customers too, but only agents and companies own listings: a
  // customer is told so rather than sent to the API (whose 403 would sign them out).
  const owner = session?.role === 'agent' || session?.role === 'company';
  const list = useQuery({
    ...ownedPropertiesQuery(language, page),
    placeholderData: keepPreviousData,
    enabled: owner,
  });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / PROPERTIES_PER_PAGE)) : 1;
  const goTo = (to: number) => setParams(to > 1 ? { page: String(to) } : {});

  return (
    <div className="ap-page" data-testid="manage-properties-page">
      <header className="mz-page-head">
        <div>
          <p className="mz-eyebrow">{t('agentPortal.eyebrow')}</p>
          <h1 className="mz-page-title">{t('agentPortal.manage.title')}</h1>
          {list.data ? (
            <p className="mz-page-subtitle">{t('agentPortal.manage.count', { count: list.data.total })}</p>
          ) : null}
        </div>
        {owner ? (
          <Link className={buttonClassName('primary')} to="/addNewProperty" data-testid="manage-add">
            {t('agentPortal.add.title')}
          </Link>
        ) : null}
      </header>
      {!owner ? (
        <EmptyState
          testId="manage-not-owner"
          title={t('agentPortal.manage.notOwnerTitle')}
          description={t('agentPortal.manage.notOwnerText')}
          action={
            <Link className={buttonClassName('secondary')} to="/find-real-estate-agent">
              {t('agentPortal.manage.findAgent')}
            </Link>
          }
        />
      ) : list.isPending ? (
        <Skeleton blockSize="240px" radius="lg" />
      ) : list.isError ? (
        <ErrorFallback onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState
          title={t('agentPortal.manage.emptyTitle')}
          description={t('agentPortal.manage.emptyText')}
          action={
            <Link className={buttonClassName('primary')} to="/addNewProperty">
              {t('agentPortal.add.title')}
            </Link>
          }
        />
      ) : (
        <>
          <ul className="ap-listings">
            {list.data.items.map((property) => (
              <ListingRow key={property.id} property={property} language={language} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={goTo} />
        </>
      )}
    </div>
  );
}
