import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  UNIT_LAYOUT_LABELS,
  pageSchema,
  projectDetailSchema,
  projectPresentationRequestSchema,
  projectPresentationSchema,
  projectProposalPath,
  type Language,
  type ProjectDetail,
} from '@manzil/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared singleton, not a copy (see index.ts)
import { Skeleton, apiQueryFn, formatArea, formatPrice } from '@manzil/ui';
import {
  PROPOSALS_PER_PAGE,
  ProposalBuilder,
  proposalsApiPath,
  type ProposalChoice,
  type ProposalKind,
} from './proposal-builder.js';

/** Every key starts with 'proposals' and holds the language. */
export const proposalKeys = {
  all: ['proposals'] as const,
  proposable: (language: Language) => ['proposals', 'proposable-projects', { language }] as const,
  projects: (language: Language, page: number) => ['proposals', 'projects', { language, page }] as const,
};

/** The projects the caller may propose, with their available units (the server decides which): the first 100. */
const proposableQuery = (language: Language) =>
  queryOptions({
    queryKey: proposalKeys.proposable(language),
    queryFn: apiQueryFn(proposalsApiPath(ENGAGEMENT_API.proposableProjects), {
      language,
      query: { page: 1, limit: 100 },
      results: pageSchema(projectDetailSchema),
    }),
  });

const projectProposalsQuery = (language: Language, page: number) =>
  queryOptions({
    queryKey: proposalKeys.projects(language, page),
    queryFn: apiQueryFn(proposalsApiPath(ENGAGEMENT_API.agentProjectPresentations), {
      language,
      query: { page, limit: PROPOSALS_PER_PAGE },
      results: pageSchema(projectPresentationSchema),
    }),
  });

const PROJECTS_PROPOSAL: ProposalKind = {
  testId: 'project-presentation',
  choice: 'project',
  field: 'projectIds',
  subField: 'unitIds',
  schema: projectPresentationRequestSchema,
  endpoint: ENGAGEMENT_API.agentProjectPresentations,
  results: projectPresentationSchema,
  path: projectProposalPath,
  invalidates: proposalKeys.all,
  messages: {
    choose: 'ui.projectProposal.choose',
    create: 'ui.projectProposal.create',
    earlier: 'ui.projectProposal.earlier',
    count: 'ui.projectProposal.projects',
    pick: 'ui.projectProposal.pick',
  },
};

/** A project to choose and its available units to pick, each as "layout · bedrooms · area · price". */
export function projectChoice(
  project: ProjectDetail,
  language: Language,
  bedrooms: (count: number) => string,
): ProposalChoice {
  return {
    id: project.id,
    label: project.title[language] || project.title.en,
    options: project.units.map((unit) => ({
      id: unit.id,
      label: [
        UNIT_LAYOUT_LABELS[unit.layout][language],
        // A studio or an office has no bedroom to count.
        unit.bedrooms ? bedrooms(unit.bedrooms) : null,
        formatArea(unit.area, project.areaUnit, language),
        formatPrice(unit.price, project.currency, language),
      ]
        .filter(Boolean)
        .join(' · '),
    })),
  };
}

/**
 * A project proposal section (issue 14, `/projects-proposal/[id]`), the agent's and the
 * company's: pick published projects the server lets the caller propose, optionally some of
 * their available units, add a message and share the link; earlier project proposals below.
 * `title` and `lead` are the screen's (`lead` says whose projects these are).
 */
export function ProjectProposals({
  language,
  title,
  lead,
  headingLevel,
}: {
  language: Language;
  title: ReactNode;
  lead: ReactNode;
  /** The section title's level: its rows' headings are one below. */
  headingLevel: 1 | 2;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const titleId = useId();
  const [page, setPage] = useState(1);
  const projects = useQuery(proposableQuery(language));
  const list = useQuery({ ...projectProposalsQuery(language, page), placeholderData: keepPreviousData });
  const Title = headingLevel === 1 ? 'h1' : 'h2';
  const bedrooms = (count: number) => intl.formatMessage({ id: 'ui.projectProposal.bedrooms' }, { count });
  return (
    <section className="mz-proposal-section" data-testid="project-presentations" aria-labelledby={titleId}>
      <Title className={headingLevel === 1 ? 'mz-page-title' : 'mz-proposal-title'} id={titleId}>
        {title}
      </Title>
      <p className="mz-proposal-muted">{lead}</p>
      <ProposalBuilder
        kind={PROJECTS_PROPOSAL}
        language={language}
        choosable={projects}
        choices={(projects.data?.items ?? []).map((project) => projectChoice(project, language, bedrooms))}
        loading={<Skeleton blockSize="120px" radius="lg" />}
        none={
          <p className="mz-proposal-muted" data-testid="project-presentation-none-to-choose">
            {t('ui.projectProposal.noProjects')}
          </p>
        }
        list={list}
        page={page}
        onPage={setPage}
        countOf={(presentation) => presentation.projects.length}
        headingLevel={headingLevel === 1 ? 2 : 3}
      />
    </section>
  );
}
