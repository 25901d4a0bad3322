import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { SafeImage, buttonClassName, contentQueries, useLanguage } from '@manzil/ui';
import { BlogCard } from './blog-card.js';
import { CommunityCard } from './community-pages.js';

const BLOG_ROW = 3;
const COMMUNITY_ROW = 4;

/** The home banner (spec §3: the first result's display). */
export function HomeBanner() {
  const language = useLanguage();
  const { data: banners } = useQuery(contentQueries.homeBanner(language));
  const display = banners?.[0]?.display;
  if (!display) return null;
  return (
    <section className="mz-container cu-banner" data-testid="home-banner">
      <div className="cu-banner__inner">
        <div className="cu-banner__text">
          <h2 className="cu-banner__title">{display.title}</h2>
          {display.subtitle ? <p className="cu-banner__subtitle">{display.subtitle}</p> : null}
          {display.link && display.ctaLabel ? (
            <Link className={buttonClassName('primary')} to={display.link}>
              {display.ctaLabel}
            </Link>
          ) : null}
        </div>
        <SafeImage
          className="cu-banner__image"
          src={display.imageUrl}
          alt={display.imageAlt}
          width={560}
          height={320}
        />
      </div>
    </section>
  );
}

/** A row of the newest blogs and a row of communities under the home search. */
export function HomeRows() {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string) => intl.formatMessage({ id });
  // Rows that could not load are left out: the home page stands without them.
  const { data: blogs } = useQuery(contentQueries.blogs(language, 1, BLOG_ROW));
  const { data: communities } = useQuery(contentQueries.communities(language, 1, COMMUNITY_ROW));
  return (
    <>
      {communities && communities.items.length > 0 ? (
        <section className="mz-container cu-row" data-testid="home-communities">
          <div className="cu-row__head">
            <h2 className="cu-row__title">{t('customer.home.communities')}</h2>
            <Link className="cu-row__more" to="/communities">
              {t('customer.home.seeAll')}
            </Link>
          </div>
          <div className="cu-community-grid">
            {communities.items.map((community) => (
              <CommunityCard key={community.id} community={community} language={language} />
            ))}
          </div>
        </section>
      ) : null}
      {blogs && blogs.items.length > 0 ? (
        <section className="mz-container cu-row" data-testid="home-blogs">
          <div className="cu-row__head">
            <h2 className="cu-row__title">{t('customer.home.blogs')}</h2>
            <Link className="cu-row__more" to="/blog">
              {t('customer.home.seeAll')}
            </Link>
          </div>
          <div className="cu-blog-grid">
            {blogs.items.map((blog) => (
              <BlogCard key={blog.id} blog={blog} language={language} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
