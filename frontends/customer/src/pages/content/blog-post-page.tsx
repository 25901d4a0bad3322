import { useIntl } from 'react-intl';
import { Link, useParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import type { Blog } from '@manzil/contracts';
import { SafeImage, SiteDate, contentQueries, useDocumentHead, useLanguage } from '@manzil/ui';
import { blogPath } from './blog-card.js';
import { CmsBody, QueryPage } from './content-parts.js';

function BlogPost({ blog }: { blog: Blog }) {
  const intl = useIntl();
  const language = useLanguage();
  useDocumentHead({
    language,
    title: blog.title,
    description: blog.excerpt,
    path: blogPath(blog, language),
    alternates: { en: blogPath(blog, 'en'), ar: blogPath(blog, 'ar') },
    image: blog.coverImage,
    type: 'article',
  });
  return (
    <article className="mz-container cu-page cu-page--narrow cu-post" data-testid="blog-post">
      <Link className="cu-post__back" to="/blog">
        {intl.formatMessage({ id: 'customer.blog.back' })}
      </Link>
      <h1 className="cu-page__title">{blog.title}</h1>
      <p className="cu-post__meta">
        <SiteDate date={blog.publishedAt} />
        <span aria-hidden="true"> · </span>
        <span>{blog.author}</span>
      </p>
      <SafeImage
        className="cu-post__cover"
        src={blog.coverImage}
        alt=""
        loading="eager"
        width={1200}
        height={630}
      />
      <CmsBody html={blog.bodyHtml} />
      {blog.tags.length > 0 ? (
        <ul className="cu-post__tags" aria-label={intl.formatMessage({ id: 'customer.blog.tags' })}>
          {blog.tags.map((tag) => (
            <li key={tag} className="cu-tag">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** `/blog/:slug`: by the English slug or the Arabic one; both declared as language alternates. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const language = useLanguage();
  const query = useQuery(contentQueries.blog(language, slug));
  return (
    <QueryPage query={query} narrow>
      {(blog) => <BlogPost blog={blog} />}
    </QueryPage>
  );
}
