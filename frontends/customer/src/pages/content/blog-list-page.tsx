import { useIntl } from 'react-intl';
import { Link, useSearchParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { EmptyState, contentQueries, useDocumentHead, useLanguage } from '@manzil/ui';
import { BlogCard } from './blog-card.js';
import { ContentError, ContentLoading, PageHeading } from './content-parts.js';

export const BLOGS_PER_PAGE = 9;

/** `/blog?page=n`: the blogs, newest first, as cards with their covers; numbered pages. */
export function BlogListPage() {
  const intl = useIntl();
  const language = useLanguage();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const t = (id: string) => intl.formatMessage({ id });
  const blogs = useQuery(contentQueries.blogs(language, page, BLOGS_PER_PAGE));
  const data = blogs.data;
  useDocumentHead({
    language,
    title: t('customer.blog.title'),
    description: t('customer.blog.lead'),
    path: page > 1 ? `/blog?page=${page}` : '/blog',
  });
  const pages = data ? Math.max(1, Math.ceil(data.total / BLOGS_PER_PAGE)) : 1;
  return (
    <div className="mz-container cu-page" data-testid="blog-list-page">
      <PageHeading
        eyebrow={t('customer.blog.eyebrow')}
        title={t('customer.blog.title')}
        lead={t('customer.blog.lead')}
      />
      {blogs.isPending ? <ContentLoading /> : null}
      {blogs.isError ? <ContentError onRetry={() => void blogs.refetch()} /> : null}
      {data && data.items.length === 0 ? (
        <EmptyState title={t('customer.blog.empty')} testId="blog-empty" />
      ) : null}
      {data && data.items.length > 0 ? (
        <>
          <div className="cu-blog-grid" data-testid="blog-grid">
            {data.items.map((blog) => (
              <BlogCard key={blog.id} blog={blog} language={language} />
            ))}
          </div>
          {pages > 1 ? (
            <nav className="cu-pager" aria-label={t('customer.blog.pages')} data-testid="blog-pager">
              {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
                <Link
                  key={n}
                  to={n === 1 ? '/blog' : `/blog?page=${n}`}
                  className={n === page ? 'cu-pager__page cu-pager__page--current' : 'cu-pager__page'}
                  aria-current={n === page ? 'page' : undefined}
                >
                  {n}
                </Link>
              ))}
            </nav>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
