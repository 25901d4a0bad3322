import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { CONTENT_API, cmsPageSchema, type CmsPage } from '@manzil/contracts';
import { useDocumentHead, useLanguage } from '@manzil/ui';
import { CmsBody, ContentError, ContentLoading, NotFoundPage, PageHeading } from './content-parts.js';
import { useContentQuery } from './use-content-query.js';

/** The first sentence-sized part of a Markdown body, for the meta description. */
export function summaryOf(markdown: string, max = 160): string {
  const text = markdown
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .find((block) => block && !block.startsWith('#') && !/^[-*\d]/.test(block));
  const plain = (text ?? markdown)
    .replace(/[*_#[\]]|\(([^)]*)\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1)}…` : plain;
}

function StaticPageView({
  page,
  path,
  ownSlugPaths,
}: {
  page: CmsPage;
  path: string;
  ownSlugPaths: boolean;
}) {
  const language = useLanguage();
  useDocumentHead({
    language,
    title: page.title,
    description: summaryOf(page.body),
    path,
    alternates: ownSlugPaths
      ? { en: `/pages/${page.publicSlug}`, ar: `/pages/${page.publicSlugAr}` }
      : undefined,
    type: 'article',
  });
  return (
    <article className="mz-container cu-page cu-page--narrow" data-testid="static-page">
      <PageHeading title={page.title} />
      <CmsBody html={page.bodyHtml} />
    </article>
  );
}

/**
 * A static page of the CMS. `/aboutCompany`, `/termsandCondition`, `/privacyPolicy` read a
 * fixed page; `/pages/:slug` reads by publicSlug (English) or publicSlugAr (Arabic), and
 * declares both slugs as its language alternates, so the language switch follows them.
 */
export function StaticPage({ slug, path }: { slug?: string; path?: string }) {
  const params = useParams();
  const language = useLanguage();
  const intl = useIntl();
  const wanted = slug ?? params.slug ?? '';
  const state = useContentQuery(CONTENT_API.page(wanted), cmsPageSchema, language);
  if (state.status === 'loading') {
    return (
      <div
        className="mz-container cu-page cu-page--narrow"
        aria-label={intl.formatMessage({ id: 'ui.loading' })}
      >
        <ContentLoading />
      </div>
    );
  }
  if (state.status === 'not-found') return <NotFoundPage />;
  if (state.status === 'error') {
    return (
      <div className="mz-container cu-page">
        <ContentError onRetry={state.retry} />
      </div>
    );
  }
  const page = state.data;
  const ownPath = path ?? `/pages/${language === 'ar' ? page.publicSlugAr : page.publicSlug}`;
  return <StaticPageView page={page} path={ownPath} ownSlugPaths={!path} />;
}
