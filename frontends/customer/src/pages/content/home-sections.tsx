import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { z } from 'zod';
import {
  CONTENT_API,
  bannerSchema,
  blogSummarySchema,
  communitySummarySchema,
  pageSchema,
} from '@manzil/contracts';
import { SafeImage, buttonClassName, useLanguage } from '@manzil/ui';
import { BlogCard } from './blog-card.js';
import { CommunityCard } from './community-pages.js';
import { useContentQuery } from './use-content-query.js';

const bannersSchema = z.array(bannerSchema);
const blogsSchema = pageSchema(blogSummarySchema);
const communitiesSchema = pageSchema(communitySummarySchema);
const ROW = { page: 1, limit: 3 };
const COMMUNITY_ROW = { page: 1, limit: 4 };

/** The home banner (spec §3: the first result's display). */
export function HomeBanner() {
  const language = useLanguage();
  const state = useContentQuery(CONTENT_API.homeBanner, bannersSchema, language);
  const display = state.status === 'ready' ? state.data[0]?.display : undefined;
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
  const blogs = useContentQuery(CONTENT_API.blogs, blogsSchema, language, ROW);
  const communities = useContentQuery(CONTENT_API.communities, communitiesSchema, language, COMMUNITY_ROW);
  return (
    <>
      {communities.status === 'ready' && communities.data.items.length > 0 ? (
        <section className="mz-container cu-row" data-testid="home-communities">
          <div className="cu-row__head">
            <h2 className="cu-row__title">{t('customer.home.communities')}</h2>
            <Link className="cu-row__more" to="/communities">
              {t('customer.home.seeAll')}
            </Link>
          </div>
          <div className="cu-community-grid">
            {communities.data.items.map((community) => (
              <CommunityCard key={community.id} community={community} language={language} />
            ))}
          </div>
        </section>
      ) : null}
      {blogs.status === 'ready' && blogs.data.items.length > 0 ? (
        <section className="mz-container cu-row" data-testid="home-blogs">
          <div className="cu-row__head">
            <h2 className="cu-row__title">{t('customer.home.blogs')}</h2>
            <Link className="cu-row__more" to="/blog">
              {t('customer.home.seeAll')}
            </Link>
          </div>
          <div className="cu-blog-grid">
            {blogs.data.items.map((blog) => (
              <BlogCard key={blog.id} blog={blog} language={language} />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
