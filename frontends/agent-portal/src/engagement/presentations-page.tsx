import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  LISTINGS_API,
  presentationRequestSchema,
  presentationSchema,
  proposalPath,
  type Language,
  type OwnedProperty,
} from '@manzil/contracts';
import { EmptyState, Skeleton, apiQueryFn } from '@manzil/ui';
import { listingsPath, ownedPageSchema } from '../listings/listings-api.js';
import { ProjectProposals, ProposalBuilder, type ProposalKind } from '@manzil/ui/proposals';
import { engagementKeys, presentationsQuery } from './engagement-api.js';
import { EngagementPage } from './engagement-layout.js';
import { usePageParam } from './pager.js';

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

const LISTINGS_PROPOSAL: ProposalKind = {
  testId: 'presentation',
  choice: 'listing',
  field: 'propertyIds',
  schema: presentationRequestSchema,
  endpoint: ENGAGEMENT_API.agentPresentations,
  results: presentationSchema,
  path: proposalPath,
  invalidates: engagementKeys.all,
  messages: {
    choose: 'agentPortal.presentations.choose',
    create: 'agentPortal.presentations.create',
    earlier: 'agentPortal.presentations.earlier',
    count: 'agentPortal.presentations.listings',
  },
};

/**
 * `/presentations` (issue 14, spec §1): the agent builds a property proposal from their public
 * listings with a message and shares its link (`/properties-proposal/[id]`, opened without
 * header and footer, in English or Arabic, with its PDF). Earlier proposals are listed below,
 * then the project proposal (the company portal's too: `@manzil/ui/proposals`).
 */
export function PresentationsPage({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [page, goTo] = usePageParam();
  const listings = useQuery(choosableQuery(language));
  const list = useQuery({ ...presentationsQuery(language, page), placeholderData: keepPreviousData });
  const choosable = (listings.data?.items ?? []).filter(isPublic);
  return (
    <EngagementPage
      testId="presentations-page"
      title={t('agentPortal.presentations.title')}
      subtitle={t('agentPortal.presentations.lead')}
    >
      <ProposalBuilder
        kind={LISTINGS_PROPOSAL}
        language={language}
        choosable={listings}
        choices={choosable.map((property) => ({ id: property.id, label: titleOf(property, language) }))}
        loading={<Skeleton blockSize="160px" radius="lg" />}
        none={
          <EmptyState
            title={t('agentPortal.presentations.noListingsTitle')}
            description={t('agentPortal.presentations.noListingsText')}
          />
        }
        list={list}
        page={page}
        onPage={goTo}
        countOf={(presentation) => presentation.properties.length}
        headingLevel={2}
      />
      <ProjectProposals
        language={language}
        title={t('agentPortal.projectPresentations.title')}
        lead={t('agentPortal.projectPresentations.lead')}
        headingLevel={2}
      />
    </EngagementPage>
  );
}
