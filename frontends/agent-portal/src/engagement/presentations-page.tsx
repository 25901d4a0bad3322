import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  LISTINGS_API,
  PRESENTATION_PROPERTIES_MAX,
  presentationRequestSchema,
  presentationSchema,
  type Language,
  type OwnedProperty,
  type Presentation,
} from '@manzil/contracts';
import { EmptyState, ErrorFallback, SiteDate, Skeleton, apiQueryFn, useFeedback } from '@manzil/ui';
import {
  FormErrorSummary,
  SubmitButton,
  TextAreaField,
  showServerErrors,
  useBoundField,
  useContractForm,
  type FormControl,
} from '@manzil/ui/forms';
import { listingsFetch, listingsPath, ownedPageSchema } from '../listings/listings-api.js';
import { ENGAGEMENT_PER_PAGE, engagementKeys, presentationsQuery } from './engagement-api.js';
import { Pager, usePageParam } from './pager.js';
import { ProjectPresentations } from './project-presentations.js';
import { ShareLinks } from './share-links.js';

interface PresentationValues {
  propertyIds: string[];
  message: string;
}

/** The agent's listings to choose from: the first 100 (the endpoint's page maximum). */
const choosableQuery = (language: Language) =>
  queryOptions({
    queryKey: ['engagement', 'choosable', { language }],
    queryFn: apiQueryFn(listingsPath(LISTINGS_API.owner), {
      language,
      query: { page: 1, limit: 100 },
      results: ownedPageSchema,
    }),
  });

/** Public now: accepted once and on the market (an edit waiting keeps the public version). */
const isPublic = (property: OwnedProperty) => property.approvedAt !== null && property.state === 'active';

function titleOf(property: OwnedProperty, language: Language): string {
  const title = (property.published?.title ?? property.draft.title ?? {}) as { en?: string; ar?: string };
  return (language === 'ar' ? title.ar || title.en : title.en || title.ar) ?? property.slug;
}

function ListingChoice({
  control,
  listings,
  language,
}: {
  control: FormControl<PresentationValues>;
  listings: OwnedProperty[];
  language: Language;
}) {
  const intl = useIntl();
  const { field, error } = useBoundField({ control, name: 'propertyIds' });
  const value = field.value as string[];
  const chosen = new Set(value);
  return (
    <fieldset
      className="ap-choice"
      aria-invalid={error ? true : undefined}
      data-testid="presentation-listings"
    >
      <legend>
        {intl.formatMessage({ id: 'agentPortal.presentations.choose' }, { max: PRESENTATION_PROPERTIES_MAX })}
      </legend>
      {listings.map((property) => (
        <label key={property.id} className="ap-choice__item">
          <input
            type="checkbox"
            ref={chosen.size === 0 && property === listings[0] ? field.ref : undefined}
            checked={chosen.has(property.id)}
            data-testid="presentation-listing"
            onChange={(event) =>
              field.onChange(
                event.target.checked ? [...value, property.id] : value.filter((id) => id !== property.id),
              )
            }
          />
          <span dir="auto">{titleOf(property, language)}</span>
        </label>
      ))}
      {error ? (
        <p className="mz-field__error" role="alert" data-testid="presentation-listings-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * `/presentations` (issue 14, spec §1): the agent builds a property proposal from their public
 * listings with a message and shares its link (`/properties-proposal/[id]`, opened without
 * header and footer, in English or Arabic, with its PDF). Earlier proposals are listed below.
 */
export function PresentationsPage({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const formId = useId();
  const client = useQueryClient();
  const { toast } = useFeedback();
  const [page, goTo] = usePageParam();
  const [created, setCreated] = useState<Presentation | null>(null);
  const listings = useQuery(choosableQuery(language));
  const list = useQuery({ ...presentationsQuery(language, page), placeholderData: keepPreviousData });
  const form = useContractForm<PresentationValues>({
    schema: presentationRequestSchema,
    defaultValues: { propertyIds: [], message: '' },
  });
  const create = useMutation({
    mutationFn: (body: unknown) =>
      listingsFetch(ENGAGEMENT_API.agentPresentations, {
        language,
        method: 'POST',
        body,
        results: presentationSchema,
      }),
  });
  const onValid = async (body: unknown) => {
    try {
      const envelope = await create.mutateAsync(body);
      setCreated(envelope.results);
      form.reset({ propertyIds: [], message: '' });
      void client.invalidateQueries({ queryKey: engagementKeys.all });
      toast('success', t('agentPortal.presentations.created'));
    } catch (failure) {
      if (!showServerErrors(form, failure)) toast('danger', t('agentPortal.error'));
    }
  };
  const choosable = (listings.data?.items ?? []).filter(isPublic);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ENGAGEMENT_PER_PAGE)) : 1;
  return (
    <div className="ap-page" data-testid="presentations-page">
      <header className="mz-page-head">
        <div>
          <p className="mz-eyebrow">{t('agentPortal.eyebrow')}</p>
          <h1 className="mz-page-title">{t('agentPortal.presentations.title')}</h1>
          <p className="mz-page-subtitle">{t('agentPortal.presentations.lead')}</p>
        </div>
      </header>
      {listings.isPending ? (
        <Skeleton blockSize="160px" radius="lg" />
      ) : listings.isError ? (
        <ErrorFallback onRetry={() => void listings.refetch()} />
      ) : choosable.length === 0 ? (
        <EmptyState
          title={t('agentPortal.presentations.noListingsTitle')}
          description={t('agentPortal.presentations.noListingsText')}
        />
      ) : (
        <form
          id={formId}
          className="mz-form ap-card"
          noValidate
          data-testid="presentation-form"
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        >
          <FormErrorSummary control={form.control} setFocus={form.setFocus} />
          <ListingChoice control={form.control} listings={choosable} language={language} />
          <TextAreaField
            control={form.control}
            name="message"
            label={t('agentPortal.presentations.message')}
            rows={3}
            maxLength={1000}
            testId="presentation-message"
          />
          <SubmitButton control={form.control} form={formId} data-testid="presentation-submit">
            {t('agentPortal.presentations.create')}
          </SubmitButton>
        </form>
      )}
      {created ? (
        <section className="ap-card" data-testid="presentation-created" aria-live="polite">
          <h2>{t('agentPortal.presentations.share')}</h2>
          <ShareLinks presentation={created} />
        </section>
      ) : null}
      <h2 className="ap-section-title">{t('agentPortal.presentations.earlier')}</h2>
      {list.isPending ? (
        <Skeleton blockSize="120px" radius="lg" />
      ) : list.isError ? (
        <ErrorFallback onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="ap-muted">{t('agentPortal.presentations.none')}</p>
      ) : (
        <>
          <ul className="ap-enquiries">
            {list.data.items.map((presentation) => (
              <li key={presentation.id} className="ap-enquiry" data-testid="presentation-row">
                <p className="ap-enquiry__who">
                  <SiteDate date={presentation.createdAt} /> ·{' '}
                  {t('agentPortal.presentations.listings', { count: presentation.properties.length })}
                </p>
                {presentation.message ? (
                  <p className="ap-enquiry__message" dir="auto">
                    {presentation.message}
                  </p>
                ) : null}
                <ShareLinks presentation={presentation} />
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={goTo} />
        </>
      )}
      <ProjectPresentations language={language} />
    </div>
  );
}
