import { Link } from '@manzil/ui/router';
import type { BlogSummary, Language } from '@manzil/contracts';
import { SafeImage, SiteDate } from '@manzil/ui';

export function blogPath(blog: Pick<BlogSummary, 'slug' | 'slugAr'>, language: Language): string {
  return `/blog/${language === 'ar' ? blog.slugAr : blog.slug}`;
}

/** A blog in a list: cover image, date and author, title, excerpt. */
export function BlogCard({ blog, language }: { blog: BlogSummary; language: Language }) {
  return (
    <article className="cu-blog-card" data-testid="blog-card">
      <Link to={blogPath(blog, language)} className="cu-blog-card__link">
        <SafeImage className="cu-blog-card__cover" src={blog.coverImage} alt="" width={640} height={360} />
        <div className="cu-blog-card__body">
          <p className="cu-blog-card__meta">
            <SiteDate date={blog.publishedAt} />
            <span aria-hidden="true"> · </span>
            <span>{blog.author}</span>
          </p>
          <h3 className="cu-blog-card__title">{blog.title}</h3>
          <p className="cu-blog-card__excerpt">{blog.excerpt}</p>
        </div>
      </Link>
    </article>
  );
}
