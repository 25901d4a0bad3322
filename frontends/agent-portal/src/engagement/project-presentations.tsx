import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  pageSchema,
  projectPresentationRequestSchema,
  projectPresentationSchema,
  projectProposalPath,
  publicProjectSchema,
  type Language,
} from '@manzil/contracts';
import { Skeleton, apiQueryFn } from '@manzil/ui';
import { listingsPath } from '../listings/listings-api.js';
import { ENGAGEMENT_PER_PAGE } from './engagement-api.js';
import { ProposalBuilder, type ProposalKind } from './proposal-builder.js';

/** The projects the caller may propose (the server decides which): the first 100. */
const proposableQuery = (language: Language) =>
  queryOptions({
    queryKey: ['engagement', 'proposable-projects', { language }],
    queryFn: apiQueryFn(listingsPath(ENGAGEMENT_API.proposableProjects), {
      language,
      query: { page: 1, limit: 100 },
      results: pageSchema(publicProjectSchema),
    }),
  });

const projectPresentationsQuery = (language: Language, page: number) =>
  queryOptions({
    queryKey: ['engagement', 'project-presentations', { language, page }],
    queryFn: apiQueryFn(listingsPath(ENGAGEMENT_API.agentProjectPresentations), {
      language,
      query: { page, limit: ENGAGEMENT_PER_PAGE },
      results: pageSchema(projectPresentationSchema),
    }),
  });

const PROJECTS_PROPOSAL: ProposalKind = {
  testId: 'project-presentation',
  choice: 'project',
  field: 'projectIds',
  schema: projectPresentationRequestSchema,
  endpoint: ENGAGEMENT_API.agentProjectPresentations,
  results: projectPresentationSchema,
  path: projectProposalPath,
  messages: {
    choose: 'agentPortal.projectPresentations.choose',
    create: 'agentPortal.projectPresentations.create',
    earlier: 'agentPortal.projectPresentations.earlier',
    count: 'agentPortal.projectPresentations.projects',
  },
};

/**
 * The project proposal of `/presentations` (issue 14, `/projects-proposal/[id]`): the agent picks
 * published projects of their company (a freelance agent: any of the site), adds a message and
 * shares the link; earlier project proposals are listed with their own pages.
 */
export function ProjectPresentations({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const [page, setPage] = useState(1);
  const projects = useQuery(proposableQuery(language));
  const list = useQuery({ ...projectPresentationsQuery(language, page), placeholderData: keepPreviousData });
  return (
    <section className="ap-page" data-testid="project-presentations" aria-labelledby={titleId}>
      <h2 className="ap-section-title" id={titleId}>
        {t('agentPortal.projectPresentations.title')}
      </h2>
      <p className="ap-muted">{t('agentPortal.projectPresentations.lead')}</p>
      <ProposalBuilder
        kind={PROJECTS_PROPOSAL}
        language={language}
        choosable={projects}
        choices={(projects.data?.items ?? []).map((project) => ({
          id: project.id,
          label: project.title[language] || project.title.en,
        }))}
        loading={<Skeleton blockSize="120px" radius="lg" />}
        none={
          <p className="ap-muted" data-testid="project-presentation-none-to-choose">
            {t('agentPortal.projectPresentations.noProjects')}
          </p>
        }
        list={list}
        page={page}
        onPage={setPage}
        countOf={(presentation) => presentation.projects.length}
        headingLevel={3}
      />
    </section>
  );
}
