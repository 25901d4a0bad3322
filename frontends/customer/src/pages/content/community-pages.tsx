import { useIntl } from 'react-intl';
import { Link, useParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import type { CommunitySummary, Language } from '@manzil/contracts';
import { PinIcon, SafeImage, contentQueries, isNotFound, useDocumentHead, useLanguage } from '@manzil/ui';
import { CmsBody, ContentError, ContentLoading, NotFoundPage, PageHeading } from './content-parts.js';

export function communityPath(
  community: Pick<CommunitySummary, 'slug' | 'slugAr'>,
  language: Language,
): string {
  return `/communities/${language === 'ar' ? community.slugAr : community.slug}`;
}

export function CommunityCard({ community, language }: { community: CommunitySummary; language: Language }) {
  return (
    <article className="cu-community-card" data-testid="community-card">
      <Link to={communityPath(community, language)} className="cu-community-card__link">
        <SafeImage
          className="cu-community-card__cover"
          src={community.coverImage}
          alt=""
          width={480}
          height={320}
        />
        <div className="cu-community-card__body">
          <h3 className="cu-community-card__name">{community.name}</h3>
          <p className="cu-community-card__city">
            <PinIcon aria-hidden="true" /> {community.city}
          </p>
          <p className="cu-community-card__summary">{community.summary}</p>
        </div>
      </Link>
    </article>
  );
}

/** `/communities`: the area guides of the site. */
export function CommunitiesPage() {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  const communities = useQuery(contentQueries.communities(language, 1, 50));
  useDocumentHead({
    language,
    title: t('customer.communities.title'),
    description: t('customer.communities.lead'),
    path: '/communities',
  });
  return (
    <div className="mz-container cu-page" data-testid="communities-page">
      <PageHeading title={t('customer.communities.title')} lead={t('customer.communities.lead')} />
      {communities.isPending ? <ContentLoading /> : null}
      {communities.isError ? <ContentError onRetry={() => void communities.refetch()} /> : null}
      {communities.data ? (
        <div className="cu-community-grid">
          {communities.data.items.map((community) => (
            <CommunityCard key={community.id} community={community} language={language} />
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** `/communities/:slug` (English or Arabic slug): the area guide. */
export function CommunityPage() {
  const intl = useIntl();
  const { slug = '' } = useParams();
  const language = useLanguage();
  const query = useQuery(contentQueries.community(language, slug));
  const community = query.data ?? null;
  useDocumentHead(
    community
      ? {
          language,
          title: community.name,
          description: community.summary,
          path: communityPath(community, language),
          alternates: { en: communityPath(community, 'en'), ar: communityPath(community, 'ar') },
          image: community.coverImage,
          type: 'article',
        }
      : null,
  );
  if (query.isPending) {
    return (
      <div className="mz-container cu-page">
        <ContentLoading />
      </div>
    );
  }
  if (isNotFound(query.error)) return <NotFoundPage />;
  if (!community) {
    return (
      <div className="mz-container cu-page">
        <ContentError onRetry={() => void query.refetch()} headingLevel={1} />
      </div>
    );
  }
  return (
    <article className="mz-container cu-page cu-page--narrow" data-testid="community-page">
      <Link className="cu-post__back" to="/communities">
        {intl.formatMessage({ id: 'customer.communities.back' })}
      </Link>
      <PageHeading eyebrow={community.city} title={community.name} lead={community.summary} />
      <SafeImage
        className="cu-post__cover"
        src={community.coverImage}
        alt=""
        loading="eager"
        width={1200}
        height={630}
      />
      {community.highlights.length > 0 ? (
        <ul className="cu-highlights">
          {community.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
      ) : null}
      <CmsBody html={community.descriptionHtml} />
    </article>
  );
}
