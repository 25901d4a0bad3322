import { Link, useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PROJECT_COMPLETIONS,
  PROJECT_COMPLETION_LABELS,
  PROJECT_STATUSES,
  type OwnedProject,
  type Site,
} from '@manzil/contracts';
import { EmptyState, ErrorFallback, Ltr, SiteDate, Skeleton, formatNumber } from '@manzil/ui';
import { useAdminText } from '../cms/use-admin-text.js';
import { Pager } from '../pager.js';
import { PROJECTS_PAGE_SIZE, projectsQuery, type ProjectFilters } from './projects-api.js';

/** The list's filters from the URL, so a filtered page can be reloaded and gone back to. */
function filtersOf(params: URLSearchParams): ProjectFilters {
  return {
    status: PROJECT_STATUSES.find((value) => value === params.get('status')),
    completion: PROJECT_COMPLETIONS.find((value) => value === params.get('completion')),
    page: Math.max(1, Number(params.get('page')) || 1),
  };
}

function ProjectsTable({ items }: { items: OwnedProject[] }) {
  const { t, language } = useAdminText();
  return (
    <div className="ad-table-wrap">
      <table className="ad-table" data-testid="projects-table">
        <caption className="mz-visually-hidden">{t('projects.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.column.title')}</th>
            <th scope="col">{t('projects.column.developer')}</th>
            <th scope="col">{t('projects.column.city')}</th>
            <th scope="col">{t('projects.column.units')}</th>
            <th scope="col">{t('projects.column.delivery')}</th>
            <th scope="col">{t('admin.column.status')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((project) => (
            <tr key={project.id} data-testid="project-row">
              <td>
                <Link to={`/admin/projects/${project.id}`} className="ad-table__title">
                  {project.title[language] || project.title.en}
                </Link>
              </td>
              <td>
                <bdi>{project.developer}</bdi>
              </td>
              <td>{project.city.name[language]}</td>
              <td>
                <Ltr>
                  {formatNumber(project.availableUnits, language)} /{' '}
                  {formatNumber(project.totalUnits, language)}
                </Ltr>
              </td>
              <td>
                <SiteDate date={`${project.deliveryDate}T12:00:00.000Z`} month="short" />
              </td>
              <td>
                <span className={`ad-status ad-status--project-${project.status}`}>
                  {t(`projects.status.${project.status}`)}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** `/admin/projects`: the site's new projects, drafts and published, by status and completion. */
export function ProjectsPage({ site }: { site: Site }) {
  const { t, language } = useAdminText();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useQuery({ ...projectsQuery(filters, language), placeholderData: keepPreviousData });
  const data = list.data;
  const go = (next: ProjectFilters) => {
    const entries = Object.entries({ ...next, page: next.page > 1 ? next.page : undefined }).filter(
      ([, value]) => value !== undefined,
    );
    setParams(Object.fromEntries(entries.map(([key, value]) => [key, String(value)])));
  };
  const set = (patch: Partial<ProjectFilters>) => go({ ...filters, ...patch, page: 1 });
  const pages = data ? Math.max(1, Math.ceil(data.total / PROJECTS_PAGE_SIZE)) : 1;
  return (
    <section data-testid="projects-page">
      <div className="ad-head">
        <h1 className="ad-head__title">{t('projects.title')}</h1>
        <span className="ad-chip" data-testid="projects-site">
          {t(`moderation.site.${site}`)}
        </span>
      </div>
      <div className="ad-filters" data-testid="projects-filters">
        <label className="ad-filters__field">
          <span className="ad-filters__label">{t('moderation.filter.status')}</span>
          <select
            className="mz-input"
            value={filters.status ?? ''}
            onChange={(event) =>
              set({ status: PROJECT_STATUSES.find((value) => value === event.target.value) })
            }
            data-testid="projects-filter-status"
          >
            <option value="">{t('projects.filter.allStatuses')}</option>
            {PROJECT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`projects.status.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="ad-filters__field">
          <span className="ad-filters__label">{t('projects.filter.completion')}</span>
          <select
            className="mz-input"
            value={filters.completion ?? ''}
            onChange={(event) =>
              set({ completion: PROJECT_COMPLETIONS.find((value) => value === event.target.value) })
            }
            data-testid="projects-filter-completion"
          >
            <option value="">{t('projects.filter.allCompletions')}</option>
            {PROJECT_COMPLETIONS.map((value) => (
              <option key={value} value={value}>
                {PROJECT_COMPLETION_LABELS[value][language]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {list.isError && !data ? <ErrorFallback onRetry={() => void list.refetch()} /> : null}
      {data ? (
        <p className="ad-count" aria-live="polite" data-testid="projects-count">
          {t('projects.count', { count: data.total })}
        </p>
      ) : null}
      {data && data.items.length === 0 ? <EmptyState title={t('admin.empty')} /> : null}
      {data && data.items.length > 0 ? <ProjectsTable items={data.items} /> : null}
      <Pager page={filters.page} pages={pages} onPage={(page) => go({ ...filters, page })} />
    </section>
  );
}
