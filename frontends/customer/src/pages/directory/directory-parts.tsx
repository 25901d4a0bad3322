import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { PublicAgentSummary, PublicCompanySummary, SearchHit } from '@manzil/contracts';
import {
  Button,
  EmptyState,
  PropertyCard,
  PropertyGridSkeleton,
  SearchIcon,
  avatarLetter,
  useLanguage,
} from '@manzil/ui';
import { ownerListingsQuery } from './directory-queries.js';
import { LoadError } from '../load-error.js';

/** Language names as agents register them (in English) → their codes, to name them in the page's language. */
const LANGUAGE_CODES: Record<string, string> = {
  arabic: 'ar',
  english: 'en',
  hindi: 'hi',
  urdu: 'ur',
  french: 'fr',
  russian: 'ru',
  persian: 'fa',
  farsi: 'fa',
  tagalog: 'tl',
  chinese: 'zh',
  german: 'de',
  spanish: 'es',
  italian: 'it',
  turkish: 'tr',
  malayalam: 'ml',
  bengali: 'bn',
};

/** "Arabic and English" / «العربية والإنجليزية»: known languages named in the page's language, others as written. */
export function useLanguageList(): (languages: string[]) => string {
  const intl = useIntl();
  return (languages) => {
    const names = new Intl.DisplayNames([intl.locale], { type: 'language' });
    const named = languages.map((language) => {
      const code = LANGUAGE_CODES[language.trim().toLowerCase()];
      return (code && names.of(code)) || language;
    });
    return intl.formatList(named, { type: 'conjunction' });
  };
}

/** A photo or logo, or the first letter of the name in the brand's circle (spec §2 header avatar). */
export function Avatar({ src, name, size = 'md' }: { src: string | null; name: string; size?: 'md' | 'lg' }) {
  const [failed, setFailed] = useState(false);
  if (src && !failed)
    return (
      <img className={`cu-avatar cu-avatar--${size}`} src={src} alt="" onError={() => setFailed(true)} />
    );
  return (
    <span className={`cu-avatar cu-avatar--${size} cu-avatar--letter`} aria-hidden="true">
      {avatarLetter(name)}
    </span>
  );
}

export function AgentCard({ agent }: { agent: PublicAgentSummary }) {
  const intl = useIntl();
  const language = useLanguage();
  const languageList = useLanguageList();
  return (
    <li className="cu-person" data-testid="agent-card">
      <Link to={`/agents/${agent.slug}`} className="cu-person__link">
        <Avatar src={agent.picture} name={agent.name[language]} />
        <span className="cu-person__body">
          <span className="cu-person__name">{agent.name[language]}</span>
          <span className="cu-person__meta">
            {agent.designation ?? intl.formatMessage({ id: 'customer.directory.agent' })}
          </span>
          <span className="cu-person__meta">
            {agent.company
              ? agent.company.name[language]
              : intl.formatMessage({ id: 'customer.directory.freelancer' })}
          </span>
          {agent.languages.length ? (
            <span className="cu-person__meta">
              {intl.formatMessage(
                { id: 'customer.directory.speaks' },
                { languages: languageList(agent.languages) },
              )}
            </span>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

export function CompanyCard({ company }: { company: PublicCompanySummary }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <li className="cu-person" data-testid="company-card">
      <Link to={`/company/${company.slug}`} className="cu-person__link">
        <Avatar src={company.logo} name={company.name[language]} />
        <span className="cu-person__body">
          <span className="cu-person__name">{company.name[language]}</span>
          {company.headOffice ? <span className="cu-person__meta">{company.headOffice}</span> : null}
          <span className="cu-person__meta">
            {intl.formatMessage({ id: 'customer.directory.agentCount' }, { count: company.agentCount })}
          </span>
        </span>
      </Link>
    </li>
  );
}

/** The finder's name search; the query lives in the URL (`?q=`) so a search can be shared. */
export function FinderSearch({
  value,
  label,
  onSearch,
}: {
  value: string;
  label: string;
  onSearch: (q: string) => void;
}) {
  const intl = useIntl();
  const [typed, setTyped] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(typed.trim());
  };
  return (
    <form className="cu-finder__search" role="search" onSubmit={submit}>
      <label className="cu-finder__field">
        <SearchIcon />
        <span className="mz-visually-hidden">{label}</span>
        <input
          type="search"
          value={typed}
          maxLength={60}
          placeholder={label}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="finder-input"
        />
      </label>
      <Button type="submit" variant="primary">
        {intl.formatMessage({ id: 'customer.directory.search' })}
      </Button>
    </form>
  );
}

/** The live listings of an agent or company (search read model), with load more. */
export function OwnerListings({ owner, id }: { owner: 'agentId' | 'companyId'; id: string }) {
  const intl = useIntl();
  const language = useLanguage();
  const listings = useInfiniteQuery(ownerListingsQuery(owner, id, language));
  const fetched = listings.data?.pages.flatMap((page) => page.items) ?? [];
  // Never show someone else's listing on a profile: a search service that does not apply
  // `agentId`/`companyId` yet answers the whole site, and then only this owner's are kept.
  const owns = (hit: SearchHit) => (owner === 'agentId' ? hit.agent.id === id : hit.company?.id === id);
  const filtered = fetched.every(owns);
  const items = filtered ? fetched : fetched.filter(owns);
  const total = filtered ? (listings.data?.pages.at(-1)?.total ?? 0) : items.length;
  return (
    <section className="cu-profile__listings" aria-labelledby="owner-listings">
      <h2 id="owner-listings" className="cu-profile__heading">
        {listings.data
          ? intl.formatMessage({ id: 'customer.directory.listings' }, { count: total })
          : intl.formatMessage({ id: 'customer.directory.listingsLoading' })}
      </h2>
      {!listings.data && !listings.isError ? <PropertyGridSkeleton count={3} /> : null}
      {listings.isError && !listings.data ? <LoadError onRetry={listings.refetch} /> : null}
      {listings.data && items.length === 0 ? (
        <EmptyState
          testId="owner-listings-empty"
          title={intl.formatMessage({ id: 'customer.directory.noRecord' })}
        />
      ) : null}
      {items.length ? (
        <div className="mz-property-grid" data-testid="owner-listings">
          {items.map((property) => (
            <PropertyCard key={property.id} property={property} to={`/property/${property.slug}`} />
          ))}
        </div>
      ) : null}
      {filtered && listings.hasNextPage ? (
        <Button
          variant="secondary"
          disabled={listings.isFetchingNextPage}
          onClick={() => void listings.fetchNextPage()}
        >
          {intl.formatMessage({ id: 'customer.map.more' })}
        </Button>
      ) : null}
    </section>
  );
}
