import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  presentationIdParamsSchema,
  presentationSchema,
  proposalDownloadPath,
  proposalPath,
  type Language,
} from '@manzil/contracts';
import { PropertyCard, Skeleton, apiQueryFn, buttonClassName, isNotFound, useLanguage } from '@manzil/ui';
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

/** The PDF of a proposal in a language, printed by the listings service. */
export const proposalPdfUrl = (id: string, language: Language) =>
  `/api/listings${ENGAGEMENT_API.presentationPdf(id)}?language=${language}`;

function InvalidUrl() {
  const intl = useIntl();
  return (
    <main className="cu-proposal cu-proposal--invalid" data-testid="proposal-invalid">
      <p role="alert" className="cu-proposal__invalid">
        {intl.formatMessage({ id: 'customer.proposal.invalidUrl' })}
      </p>
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
 * `/properties-proposal/[id]` (spec §2, without header and footer): what an agent shared, for
 * anyone with the link, in the page's language, with the PDF download. An empty, malformed or
 * unknown link says 'Invalid URL' (spec §5/§8).
 */
export function PropertiesProposalPage() {
  const intl = useIntl();
  const language = useLanguage();
  const id = useProposalId();
  const proposal = useQuery({ ...proposalQuery(language, id ?? ''), enabled: id !== null });
  if (id === null || (proposal.error && isNotFound(proposal.error))) return <InvalidUrl />;
  if (proposal.isPending) return <Skeleton blockSize="12rem" />;
  if (proposal.error)
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
          <h1 className="cu-proposal__title">{intl.formatMessage({ id: 'customer.proposal.title' })}</h1>
          <p className="cu-proposal__from" data-testid="proposal-agent">
            {intl.formatMessage({ id: 'customer.proposal.from' }, { name: p.agentName })}
          </p>
        </div>
        <div className="cu-proposal__tools">
          <LanguageSwitch path={proposalPath(p.id)} />
          <a
            className={buttonClassName('primary')}
            href={proposalDownloadPath(p.id)}
            data-testid="proposal-download"
          >
            {intl.formatMessage({ id: 'customer.proposal.download' })}
          </a>
        </div>
      </header>
      {p.message ? (
        <p className="cu-proposal__message" data-testid="proposal-message">
          {p.message}
        </p>
      ) : null}
      {p.properties.length ? (
        <div className="mz-property-grid cu-proposal__grid">
          {p.properties.map((property) => (
            <PropertyCard key={property.id} property={property} to={`/property/${property.slug}`} />
          ))}
        </div>
      ) : (
        <p>{intl.formatMessage({ id: 'customer.proposal.empty' })}</p>
      )}
    </main>
  );
}

/**
 * `/download-properties-proposal/[id]` (spec §2): starts the PDF download of the proposal in the
 * page's language and offers the link again; 'Invalid URL' for an empty or unknown link.
 */
export function DownloadPropertiesProposalPage() {
  const intl = useIntl();
  const language = useLanguage();
  const id = useProposalId();
  const proposal = useQuery({ ...proposalQuery(language, id ?? ''), enabled: id !== null });
  const url = id ? proposalPdfUrl(id, language) : null;
  useEffect(() => {
    if (url && proposal.isSuccess) window.location.assign(url);
  }, [url, proposal.isSuccess]);
  if (id === null || (proposal.error && isNotFound(proposal.error))) return <InvalidUrl />;
  return (
    <main className="cu-proposal" data-testid="proposal-download-page">
      <h1 className="cu-proposal__title">{intl.formatMessage({ id: 'customer.proposal.title' })}</h1>
      <p>{intl.formatMessage({ id: 'customer.proposal.downloading' })}</p>
      {url ? (
        <p className="cu-proposal__tools">
          <a className={buttonClassName('primary')} href={url} download data-testid="proposal-pdf-link">
            {intl.formatMessage({ id: 'customer.proposal.download' })}
          </a>
          <a className={buttonClassName('secondary')} href={proposalPath(id!)}>
            {intl.formatMessage({ id: 'customer.proposal.back' })}
          </a>
        </p>
      ) : null}
    </main>
  );
}
