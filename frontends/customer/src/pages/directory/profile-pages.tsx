import { useIntl } from 'react-intl';
import { Link, useParams } from '@manzil/ui/router';
import type { ReactNode } from 'react';
import { useInfiniteQuery, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { PublicAgent, PublicCompany } from '@manzil/contracts';
import {
  Button,
  EmptyState,
  Ltr,
  Skeleton,
  buttonClassName,
  isNotFound,
  useDocumentHead,
  useLanguage,
  useRequireLogin,
} from '@manzil/ui';
import { AgentCard, Avatar, OwnerListings, useLanguageList } from './directory-parts.js';
import { agentQuery, companyAgentsQuery, companyQuery } from './directory-queries.js';
import './directory.css';
import { LoadError } from '../load-error.js';

function ProfileLoading() {
  return (
    <div className="mz-container cu-profile" aria-busy="true" data-testid="profile-loading">
      <Skeleton inlineSize="100%" blockSize="9rem" radius="lg" />
      <Skeleton inlineSize="40%" blockSize="1.5rem" />
    </div>
  );
}

function ProfileError({ error, retry }: { error: unknown; retry: () => unknown }) {
  const intl = useIntl();
  return (
    <div className="mz-container cu-profile">
      {isNotFound(error) ? (
        <EmptyState
          headingLevel={1}
          testId="profile-not-found"
          title={intl.formatMessage({ id: 'customer.directory.noRecord' })}
          action={
            <Link className={buttonClassName('primary')} to="/find-real-estate-agent">
              {intl.formatMessage({ id: 'customer.directory.agents.title' })}
            </Link>
          }
        />
      ) : (
        <LoadError onRetry={retry} />
      )}
    </div>
  );
}

/** Call, WhatsApp and e-mail: a customer signs in first (spec §6: contacting an agent needs a login). */
function ContactButtons({
  phone,
  email,
  whatsapp,
}: {
  phone: string | null;
  email: string | null;
  whatsapp: boolean;
}) {
  const intl = useIntl();
  const requireLogin = useRequireLogin();
  const guard = (event: React.MouseEvent) => {
    if (!requireLogin('contact')) event.preventDefault();
  };
  return (
    <div className="cu-profile__contact">
      {phone ? (
        <a
          className={buttonClassName('primary')}
          href={`tel:${phone}`}
          onClick={guard}
          data-testid="contact-call"
        >
          {intl.formatMessage({ id: 'customer.directory.call' })}
        </a>
      ) : null}
      {phone && whatsapp ? (
        <a
          className={buttonClassName('secondary')}
          href={`https://wa.me/${phone.replace(/\D/g, '')}`}
          target="_blank"
          rel="noreferrer"
          onClick={guard}
        >
          {intl.formatMessage({ id: 'customer.directory.whatsapp' })}
        </a>
      ) : null}
      {email ? (
        <a className={buttonClassName('secondary')} href={`mailto:${email}`} onClick={guard}>
          {intl.formatMessage({ id: 'customer.directory.email' })}
        </a>
      ) : null}
    </div>
  );
}

function AgentProfile({ agent }: { agent: PublicAgent }) {
  const intl = useIntl();
  const language = useLanguage();
  const languageList = useLanguageList();
  const name = agent.name[language];
  useDocumentHead({
    language,
    title: name,
    description: intl.formatMessage(
      { id: 'customer.directory.agentPage.description' },
      {
        name,
        company: agent.company?.name[language] ?? intl.formatMessage({ id: 'customer.directory.freelancer' }),
      },
    ),
    path: `/agents/${agent.slug}`,
  });
  return (
    <div className="mz-container cu-profile" data-testid="agent-profile">
      <header className="cu-profile__card">
        <Avatar src={agent.picture} name={name} size="lg" />
        <div className="cu-profile__identity">
          <h1 className="cu-profile__name">{name}</h1>
          <p className="cu-profile__meta">
            {agent.designation ?? intl.formatMessage({ id: 'customer.directory.agent' })}
          </p>
          <p className="cu-profile__meta">
            {agent.company ? (
              <Link to={`/company/${agent.company.slug}`}>{agent.company.name[language]}</Link>
            ) : (
              intl.formatMessage({ id: 'customer.directory.freelancer' })
            )}
          </p>
          <dl className="cu-profile__facts">
            {agent.brn ? (
              <div>
                <dt>{intl.formatMessage({ id: 'customer.directory.brn' })}</dt>
                <dd>
                  <Ltr>{agent.brn}</Ltr>
                </dd>
              </div>
            ) : null}
            {agent.languages.length ? (
              <div>
                <dt>{intl.formatMessage({ id: 'customer.directory.languages' })}</dt>
                <dd>{languageList(agent.languages)}</dd>
              </div>
            ) : null}
            {agent.nationality ? (
              <div>
                <dt>{intl.formatMessage({ id: 'customer.directory.nationality' })}</dt>
                <dd>{agent.nationality}</dd>
              </div>
            ) : null}
          </dl>
          <ContactButtons phone={agent.phone} email={agent.email} whatsapp={agent.whatsapp} />
        </div>
      </header>
      {agent.bio ? <p className="cu-profile__bio">{agent.bio}</p> : null}
      <OwnerListings owner="agentId" id={agent.id} />
    </div>
  );
}

/** A profile read by its slug: the page, its loading skeleton, or why it is missing. */
function Profile<T>({ result, render }: { result: UseQueryResult<T>; render: (data: T) => ReactNode }) {
  if (result.data) return render(result.data);
  if (result.isError) return <ProfileError error={result.error} retry={result.refetch} />;
  return <ProfileLoading />;
}

/** /agents/[slug]. */
export function AgentPage() {
  const { slug = '' } = useParams();
  const agent = useQuery(agentQuery(slug, useLanguage()));
  return <Profile result={agent} render={(data) => <AgentProfile agent={data} />} />;
}

function CompanyAgents({ slug }: { slug: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const agents = useInfiniteQuery(companyAgentsQuery(slug, language));
  const items = agents.data?.pages.flatMap((page) => page.items) ?? [];
  if (!items.length) return null;
  return (
    <section aria-labelledby="company-agents">
      <h2 id="company-agents" className="cu-profile__heading">
        {intl.formatMessage({ id: 'customer.directory.companyAgents' })}
      </h2>
      <ul className="cu-finder__grid">
        {items.map((agent) => (
          <AgentCard key={agent.id} agent={agent} />
        ))}
      </ul>
      {agents.hasNextPage ? (
        <Button
          variant="secondary"
          onClick={() => void agents.fetchNextPage()}
          disabled={agents.isFetchingNextPage}
        >
          {intl.formatMessage({ id: 'customer.map.more' })}
        </Button>
      ) : null}
    </section>
  );
}

function CompanyProfile({ company }: { company: PublicCompany }) {
  const intl = useIntl();
  const language = useLanguage();
  const name = company.name[language];
  useDocumentHead({
    language,
    title: name,
    description: intl.formatMessage({ id: 'customer.directory.companyPage.description' }, { name }),
    path: `/company/${company.slug}`,
  });
  return (
    <div className="mz-container cu-profile" data-testid="company-profile">
      <header className="cu-profile__card">
        <Avatar src={company.logo} name={name} size="lg" />
        <div className="cu-profile__identity">
          <h1 className="cu-profile__name">{name}</h1>
          {company.headOffice ? <p className="cu-profile__meta">{company.headOffice}</p> : null}
          <dl className="cu-profile__facts">
            {company.orn ? (
              <div>
                <dt>{intl.formatMessage({ id: 'customer.directory.orn' })}</dt>
                <dd>
                  <Ltr>{company.orn}</Ltr>
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{intl.formatMessage({ id: 'customer.directory.agentsLabel' })}</dt>
              <dd>
                {intl.formatMessage({ id: 'customer.directory.agentCount' }, { count: company.agentCount })}
              </dd>
            </div>
          </dl>
          <ContactButtons phone={company.phone} email={company.email} whatsapp={false} />
        </div>
      </header>
      <CompanyAgents slug={company.slug} />
      <OwnerListings owner="companyId" id={company.id} />
    </div>
  );
}

/** /company/[slug]. */
export function CompanyPage() {
  const { slug = '' } = useParams();
  const company = useQuery(companyQuery(slug, useLanguage()));
  return <Profile result={company} render={(data) => <CompanyProfile company={data} />} />;
}
