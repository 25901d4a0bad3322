import { useEffect, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from '@manzil/ui/router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  presentationIdParamsSchema,
  presentationSchema,
  projectPresentationSchema,
  projectProposalDownloadPath,
  projectProposalPath,
  proposalDownloadPath,
  proposalPath,
  UNIT_LAYOUT_LABELS,
  type Language,
  type ProjectDetail,
} from '@manzil/contracts';
import {
  PropertyCard,
  Price,
  Skeleton,
  apiQueryFn,
  buttonClassName,
  isNotFound,
  useLanguage,
} from '@manzil/ui';
import { ProjectCard } from '../projects/project-card.js';
import './proposal.css';

const proposalQuery = (language: Language, id: string) =>
  queryOptions({
    queryKey: ['listings', 'proposal', { language, id }],
    queryFn: apiQueryFn(`/api/listings${ENGAGEMENT_API.presentation(id)}`, {
      language,
      results: presentationSchema,
    }),
    retry: false,
  });

const projectProposalQuery = (language: Language, id: string) =>
  queryOptions({
    queryKey: ['listings', 'project-proposal', { language, id }],
    queryFn: apiQueryFn(`/api/listings${ENGAGEMENT_API.projectPresentation(id)}`, {
      language,
      results: projectPresentationSchema,
    }),
    retry: false,
  });

/** The PDF of a proposal in a language, printed by the listings service. */
export const proposalPdfUrl = (id: string, language: Language) =>
  `/api/listings${ENGAGEMENT_API.presentationPdf(id)}?language=${language}`;
export const projectProposalPdfUrl = (id: string, language: Language) =>
  `/api/listings${ENGAGEMENT_API.projectPresentationPdf(id)}?language=${language}`;

function InvalidUrl() {
  const intl = useIntl();
  return (
    <main className="cu-proposal cu-proposal--invalid" data-testid="proposal-invalid">
      {/* The page's heading: where focus lands on arrival, what a screen reader's heading list shows. */}
      <h1 className="cu-proposal__invalid">{intl.formatMessage({ id: 'customer.proposal.invalidUrl' })}</h1>
    </main>
  );
}

/** The other language's version of the same link (`?lang=` is read by the shell at start). */
function LanguageSwitch({ path }: { path: string }) {
  const language = useLanguage();
  const other: Language = language === 'ar' ? 'en' : 'ar';
  return (
    <a className="cu-proposal__language" href={`${path}?lang=${other}`} hrefLang={other} lang={other}>
      {other === 'ar' ? 'العربية' : 'English'}
    </a>
  );
}

function useProposalId(): string | null {
  const { id } = useParams();
  const parsed = presentationIdParamsSchema.safeParse({ id: id ?? '' });
  return parsed.success ? parsed.data.id : null;
}

/**
 * What both proposal pages share: 'Invalid URL' for an empty, malformed or unknown link, the
 * loading and failed states, and the head (title, who sent it, the other language, the PDF)
 * with the agent's message above what was proposed.
 */
function ProposalLayout<P extends { id: string; agentName: string; message: string | null }>({
  id,
  proposal,
  titleId,
  path,
  downloadPath,
  children,
}: {
  id: string | null;
  proposal: { isPending: boolean; error: unknown; data?: P };
  titleId: string;
  path: (id: string) => string;
  downloadPath: (id: string) => string;
  children: (proposal: P) => ReactNode;
}) {
  const intl = useIntl();
  if (id === null || (proposal.error && isNotFound(proposal.error))) return <InvalidUrl />;
  if (proposal.isPending) return <Skeleton blockSize="12rem" />;
  if (proposal.error || !proposal.data)
    return (
      <main className="cu-proposal">
        <p role="alert">{intl.formatMessage({ id: 'customer.proposal.failed' })}</p>
      </main>
    );
  const p = proposal.data;
  return (
    <main className="cu-proposal" data-testid="proposal-page">
      <header className="cu-proposal__head">
        <div>
          <h1 className="cu-proposal__title">{intl.formatMessage({ id: titleId })}</h1>
          <p className="cu-proposal__from" data-testid="proposal-agent">
            {intl.formatMessage({ id: 'customer.proposal.from' }, { name: p.agentName })}
          </p>
        </div>
        <div className="cu-proposal__tools">
          <LanguageSwitch path={path(p.id)} />
          <a className={buttonClassName('primary')} href={downloadPath(p.id)} data-testid="proposal-download">
            {intl.formatMessage({ id: 'customer.proposal.download' })}
          </a>
        </div>
      </header>
      {p.message ? (
        <p className="cu-proposal__message" data-testid="proposal-message">
          {p.message}
        </p>
      ) : null}
      {children(p)}
    </main>
  );
}

/**
 * `/properties-proposal/[id]` (spec §2, without header and footer): what an agent shared, for
 * anyone with the link, in the page's language, with the PDF download. An empty, malformed or
 * unknown link says 'Invalid URL' (spec §5/§8).
 */
export function PropertiesProposalPage() {
  const intl = useIntl();
  const language = useLanguage();
  const id = useProposalId();
  const proposal = useQuery({ ...proposalQuery(language, id ?? ''), enabled: id !== null });
  return (
    <ProposalLayout
      id={id}
      proposal={proposal}
      titleId="customer.proposal.title"
      path={proposalPath}
      downloadPath={proposalDownloadPath}
    >
      {(p) =>
        p.properties.length ? (
          <div className="mz-property-grid cu-proposal__grid">
            {p.properties.map((property) => (
              <PropertyCard key={property.id} property={property} to={`/property/${property.slug}`} />
            ))}
          </div>
        ) : (
          <p>{intl.formatMessage({ id: 'customer.proposal.empty' })}</p>
        )
      }
    </ProposalLayout>
  );
}

/**
 * The download page of either kind: starts the PDF download in the page's language once the link
 * is known to exist, and offers the link again; 'Invalid URL' for an empty or unknown link.
 */
function DownloadProposal({
  found,
  pdfUrl,
  backPath,
  titleId,
}: {
  found: { isSuccess: boolean; error: Error | null; notChecked: boolean };
  pdfUrl: string | null;
  backPath: string | null;
  titleId: string;
}) {
  const intl = useIntl();
  useEffect(() => {
    if (pdfUrl && found.isSuccess) window.location.assign(pdfUrl);
  }, [pdfUrl, found.isSuccess]);
  if (found.notChecked || (found.error && isNotFound(found.error))) return <InvalidUrl />;
  return (
    <main className="cu-proposal" data-testid="proposal-download-page">
      <h1 className="cu-proposal__title">{intl.formatMessage({ id: titleId })}</h1>
      <p>{intl.formatMessage({ id: 'customer.proposal.downloading' })}</p>
      {pdfUrl && backPath ? (
        <p className="cu-proposal__tools">
          <a className={buttonClassName('primary')} href={pdfUrl} download data-testid="proposal-pdf-link">
            {intl.formatMessage({ id: 'customer.proposal.download' })}
          </a>
          <a className={buttonClassName('secondary')} href={backPath}>
            {intl.formatMessage({ id: 'customer.proposal.back' })}
          </a>
        </p>
      ) : null}
    </main>
  );
}

/** `/download-properties-proposal/[id]` (spec §2). */
export function DownloadPropertiesProposalPage() {
  const language = useLanguage();
  const id = useProposalId();
  const proposal = useQuery({ ...proposalQuery(language, id ?? ''), enabled: id !== null });
  return (
    <DownloadProposal
      found={{ isSuccess: proposal.isSuccess, error: proposal.error, notChecked: id === null }}
      pdfUrl={id ? proposalPdfUrl(id, language) : null}
      backPath={id ? proposalPath(id) : null}
      titleId="customer.proposal.title"
    />
  );
}

/** `/download-projects-proposal/[id]` (spec §2): the project proposal's PDF. */
export function DownloadProjectsProposalPage() {
  const language = useLanguage();
  const id = useProposalId();
  const proposal = useQuery({ ...projectProposalQuery(language, id ?? ''), enabled: id !== null });
  return (
    <DownloadProposal
      found={{ isSuccess: proposal.isSuccess, error: proposal.error, notChecked: id === null }}
      pdfUrl={id ? projectProposalPdfUrl(id, language) : null}
      backPath={id ? projectProposalPath(id) : null}
      titleId="customer.proposal.projectsTitle"
    />
  );
}

/**
 * A project's units in the proposal (layout, bedrooms, area and price): the ones the sender
 * picked, or all its available units when they picked none of this project's.
 */
function ProposalUnits({ project }: { project: ProjectDetail & { unitsPicked: boolean } }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (!project.units.length) return <p className="cu-proposal__muted">{t('customer.proposal.noUnits')}</p>;
  return (
    <table className="cu-proposal__units" data-testid="proposal-units">
      <caption data-testid="proposal-units-caption">
        {t(project.unitsPicked ? 'customer.proposal.pickedUnits' : 'customer.proposal.units')}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t('customer.proposal.unitLayout')}</th>
          <th scope="col">{t('customer.proposal.unitBedrooms')}</th>
          <th scope="col">{t('customer.proposal.unitArea')}</th>
          <th scope="col">{t('customer.proposal.unitPrice')}</th>
        </tr>
      </thead>
      <tbody>
        {project.units.map((unit) => (
          <tr key={unit.id} data-testid="proposal-unit">
            <td>{UNIT_LAYOUT_LABELS[unit.layout][language]}</td>
            <td>{unit.bedrooms}</td>
            <td>
              <bdi>
                {intl.formatNumber(unit.area)} {project.areaUnit}
              </bdi>
            </td>
            <td>
              <Price amount={unit.price} currency={project.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * `/projects-proposal/[id]` (spec §2, without header and footer): the projects an agent or a
 * company shared, each with its picked or available units, with the PDF download; 'Invalid URL' for an
 * empty, malformed or unknown link.
 */
export function ProjectsProposalPage() {
  const intl = useIntl();
  const language = useLanguage();
  const id = useProposalId();
  const proposal = useQuery({ ...projectProposalQuery(language, id ?? ''), enabled: id !== null });
  return (
    <ProposalLayout
      id={id}
      proposal={proposal}
      titleId="customer.proposal.projectsTitle"
      path={projectProposalPath}
      downloadPath={projectProposalDownloadPath}
    >
      {(p) =>
        p.projects.length ? (
          <div className="cu-proposal__projects">
            {p.projects.map((project) => (
              <section key={project.id} className="cu-proposal__project" data-testid="proposal-project">
                <ProjectCard project={project} />
                <ProposalUnits project={project} />
              </section>
            ))}
          </div>
        ) : (
          <p>{intl.formatMessage({ id: 'customer.proposal.projectsEmpty' })}</p>
        )
      }
    </ProposalLayout>
  );
}
