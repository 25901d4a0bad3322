import { useIntl } from 'react-intl';
import { Link, useSearchParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { listingPagePath, PROJECT_COMPLETIONS, type ProjectCompletion, type Site } from '@manzil/contracts';
import {
  AlertIcon,
  Button,
  EmptyState,
  PropertyGridSkeleton,
  buttonClassName,
  useDocumentHead,
  useLanguage,
} from '@manzil/ui';
import { ListPager } from '../list-pager.js';
import { WishlistButton } from '../../wishlist/wishlist-button.js';
import { ProjectCard } from './project-card.js';
import { projectsQuery, PROJECTS_PAGE_SIZE } from './project-queries.js';
import './projects.css';

const projectsPath = (language: 'en' | 'ar') => listingPagePath('new-projects', language);

/**
 * `/new-real-estate-projects` and its Arabic path: the site's new projects as cards, filtered
 * off-plan / ready (`?completion=`), a page at a time (`?page=`). Each card has the wishlist's
 * heart (spec §6: customers save, agents are told only customers do, visitors are asked to log
 * in); the hearts of a page ask the server in one request.
 */
export function ProjectsPage({ site }: { site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [params, setParams] = useSearchParams();
  const completionParam = params.get('completion');
  const completion = (PROJECT_COMPLETIONS as readonly string[]).includes(completionParam ?? '')
    ? (completionParam as ProjectCompletion)
    : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const country = t(`customer.country.${site}`);
  const heading = t('customer.projects.heading', { country });
  useDocumentHead({
    language,
    title: heading,
    description: t('customer.projects.description', { country }),
    path: projectsPath(language),
    alternates: { en: projectsPath('en'), ar: projectsPath('ar') },
  });
  const projects = useQuery(projectsQuery(language, page, completion));
  const select = (next: ProjectCompletion | null) =>
    setParams(next ? { completion: next } : {}, { replace: true, preventScrollReset: true });
  const pages = projects.data ? Math.max(1, Math.ceil(projects.data.total / PROJECTS_PAGE_SIZE)) : 1;
  const goTo = (next: number) =>
    setParams({ ...(completion ? { completion } : {}), ...(next > 1 ? { page: String(next) } : {}) });

  return (
    <div className="cu-listing cu-projects" data-testid="projects-page">
      <div className="mz-container">
        <header className="cu-listing__header">
          <h1 className="cu-listing__heading" data-testid="projects-heading">
            {heading}
          </h1>
          {projects.data ? (
            <p className="cu-projects__count" data-testid="projects-count">
              {t('customer.projects.count', { count: projects.data.total })}
            </p>
          ) : null}
        </header>
        <div className="cu-projects__filters" role="group" aria-label={t('customer.projects.filter')}>
          {[null, ...PROJECT_COMPLETIONS].map((value) => (
            <button
              key={value ?? 'all'}
              type="button"
              aria-pressed={value === completion}
              className={`cu-tab${value === completion ? ' active' : ''}`}
              data-testid={`projects-filter-${value ?? 'all'}`}
              onClick={() => select(value)}
            >
              {t(value ? `customer.projects.completion.${value}` : 'customer.projects.all')}
            </button>
          ))}
        </div>
        {!projects.data ? (
          projects.isError ? (
            <EmptyState
              testId="projects-error"
              icon={<AlertIcon />}
              title={t('customer.listing.error.title')}
              description={t('customer.listing.error.description')}
              action={
                <Button variant="primary" onClick={() => void projects.refetch()}>
                  {t('customer.listing.error.retry')}
                </Button>
              }
            />
          ) : (
            <PropertyGridSkeleton count={6} />
          )
        ) : projects.data.items.length === 0 ? (
          <EmptyState
            testId="projects-empty"
            title={t('customer.projects.empty.title')}
            description={t('customer.projects.empty.description')}
            action={
              <Link className={buttonClassName('primary')} to={listingPagePath('buy', language)}>
                {t('customer.type.buy')}
              </Link>
            }
          />
        ) : (
          <>
            <div className="mz-property-grid" data-testid="project-grid">
              {projects.data.items.map((project) => (
                <ProjectCard
                  key={project.id}
                  project={project}
                  action={
                    <WishlistButton
                      kind="project"
                      id={project.id}
                      name={project.title[language] || project.title.en}
                    />
                  }
                />
              ))}
            </div>
            <ListPager
              page={page}
              pages={pages}
              onPage={goTo}
              className="cu-projects__pager"
              messages={{
                pages: 'customer.projects.pages',
                previous: 'customer.projects.previous',
                next: 'customer.projects.next',
                pageOf: 'customer.projects.pageOf',
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
