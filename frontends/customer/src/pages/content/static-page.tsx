import { useParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import type { CmsPage } from '@manzil/contracts';
import { contentQueries, useDocumentHead, useLanguage } from '@manzil/ui';
import { CmsBody, PageHeading, QueryPage } from './content-parts.js';

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
  const wanted = slug ?? params.slug ?? '';
  const query = useQuery(contentQueries.page(language, wanted));
  return (
    <QueryPage query={query} narrow>
      {(page) => (
        <StaticPageView
          page={page}
          path={path ?? `/pages/${language === 'ar' ? page.publicSlugAr : page.publicSlug}`}
          ownSlugPaths={!path}
        />
      )}
    </QueryPage>
  );
}
