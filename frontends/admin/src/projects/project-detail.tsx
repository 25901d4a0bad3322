import type { ReactNode } from 'react';
import { Link, useParams } from '@manzil/ui/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROJECT_COMPLETION_LABELS,
  UNIT_LAYOUT_LABELS,
  UNIT_STATUS_LABELS,
  safeFloorPlanUrl,
  type OwnedProject,
} from '@manzil/contracts';
import {
  Button,
  EmptyState,
  ErrorFallback,
  Ltr,
  SiteDate,
  Skeleton,
  formatArea,
  formatNumber,
  formatPrice,
  isNotFound,
  useFeedback,
} from '@manzil/ui';
import { useAdminText } from '../cms/use-admin-text.js';
import { afterProjectChange, projectQuery, unpublishProject } from './projects-api.js';

function Facts({ project }: { project: OwnedProject }) {
  const { t, language } = useAdminText();
  const place = [project.city.name[language], project.community?.name[language]].filter(Boolean).join(' › ');
  const rows: [string, ReactNode][] = [
    ['projects.field.titleEn', <bdi key="en">{project.title.en}</bdi>],
    ['projects.field.titleAr', <bdi key="ar">{project.title.ar}</bdi>],
    ['projects.column.developer', <bdi key="developer">{project.developer}</bdi>],
    [
      'projects.field.licence',
      project.licenceNumber ? <Ltr key="licence">{project.licenceNumber}</Ltr> : '—',
    ],
    ['projects.column.city', place],
    ['projects.field.completion', PROJECT_COMPLETION_LABELS[project.completion][language]],
    [
      'projects.column.delivery',
      <SiteDate key="delivery" date={`${project.deliveryDate}T12:00:00.000Z`} month="long" />,
    ],
    [
      'projects.field.startingPrice',
      <Ltr key="price">{formatPrice(project.startingPrice, project.currency, language)}</Ltr>,
    ],
    [
      'projects.field.totalArea',
      <Ltr key="area">{formatArea(project.totalArea, project.areaUnit, language)}</Ltr>,
    ],
    [
      'projects.column.units',
      <Ltr key="units">
        {formatNumber(project.availableUnits, language)} / {formatNumber(project.totalUnits, language)}
      </Ltr>,
    ],
    [
      'projects.field.paymentPlan',
      t('projects.paymentPlan', {
        booking: project.paymentPlan.booking,
        construction: project.paymentPlan.construction,
        handover: project.paymentPlan.handover,
      }),
    ],
  ];
  return (
    <dl className="ad-fields" data-testid="project-fields">
      {rows.map(([label, value]) => (
        <div key={label} className="ad-fields__row">
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Units({ project }: { project: OwnedProject }) {
  const { t, language } = useAdminText();
  if (project.units.length === 0) return <EmptyState title={t('projects.noUnits')} />;
  return (
    <div className="ad-table-wrap">
      <table className="ad-table" data-testid="project-units">
        <caption className="mz-visually-hidden">{t('projects.units')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('projects.unit.reference')}</th>
            <th scope="col">{t('projects.unit.layout')}</th>
            <th scope="col">{t('projects.unit.bedrooms')}</th>
            <th scope="col">{t('projects.unit.area')}</th>
            <th scope="col">{t('projects.unit.price')}</th>
            <th scope="col">{t('admin.column.status')}</th>
            <th scope="col">{t('projects.unit.floorPlan')}</th>
          </tr>
        </thead>
        <tbody>
          {project.units.map((unit) => (
            <tr key={unit.id} data-testid="project-unit">
              <td>{unit.reference ? <Ltr>{unit.reference}</Ltr> : '—'}</td>
              <td>{UNIT_LAYOUT_LABELS[unit.layout][language]}</td>
              <td>
                {unit.bedrooms === 0
                  ? UNIT_LAYOUT_LABELS.studio[language]
                  : formatNumber(unit.bedrooms, language)}
              </td>
              <td>
                <Ltr>{formatArea(unit.area, project.areaUnit, language)}</Ltr>
              </td>
              <td>
                <Ltr>{formatPrice(unit.price, project.currency, language)}</Ltr>
              </td>
              <td>{UNIT_STATUS_LABELS[unit.status][language]}</td>
              <td>
                {safeFloorPlanUrl(unit.floorPlanUrl) ? (
                  <a href={safeFloorPlanUrl(unit.floorPlanUrl)!} target="_blank" rel="noreferrer">
                    {t('projects.unit.open')}
                  </a>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Take a published project off the site (moderation); the company keeps it as a draft. */
function Unpublish({ project }: { project: OwnedProject }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const client = useQueryClient();
  const unpublish = useMutation({
    mutationFn: () => unpublishProject(project.id, language),
    onSuccess: () => {
      feedback.toast('success', t('projects.done.unpublished'));
      void afterProjectChange(client);
    },
    onError: () => feedback.toast('danger', t('admin.error.action')),
  });
  if (project.status !== 'published') return null;
  const ask = async () => {
    if (await feedback.confirm(t('projects.confirm.unpublish'))) unpublish.mutate();
  };
  return (
    <Button
      type="button"
      variant="secondary"
      onClick={() => void ask()}
      disabled={unpublish.isPending}
      aria-busy={unpublish.isPending || undefined}
      data-testid="project-unpublish"
    >
      {t('projects.unpublish')}
    </Button>
  );
}

/** `/admin/projects/:id`: a project of the site with its units; a published one can be taken off. */
export function ProjectDetail() {
  const { t, language } = useAdminText();
  const { id = '' } = useParams();
  const project = useQuery(projectQuery(id, language));
  const data = project.data;
  return (
    <section data-testid="project-detail">
      <Link className="ad-back" to="/admin/projects">
        {t('projects.back')}
      </Link>
      {project.isPending ? <Skeleton inlineSize="100%" blockSize="20rem" radius="lg" /> : null}
      {project.isError && isNotFound(project.error) ? <EmptyState title={t('admin.empty')} /> : null}
      {project.isError && !isNotFound(project.error) ? (
        <ErrorFallback onRetry={() => void project.refetch()} />
      ) : null}
      {data ? (
        <>
          <div className="ad-head">
            <h1 className="ad-head__title">{data.title[language] || data.title.en}</h1>
            <span className={`ad-status ad-status--project-${data.status}`} data-testid="project-status">
              {t(`projects.status.${data.status}`)}
            </span>
          </div>
          {data.publishedAt ? (
            <p className="ad-lead">
              {t('projects.publishedOn')} <SiteDate date={data.publishedAt} month="long" />
              {' · '}
              <a href={`/project/${data.slug}`} target="_blank" rel="noreferrer">
                {t('projects.publicPage')}
              </a>
            </p>
          ) : null}
          <Facts project={data} />
          <h2 className="ad-detail__heading">{t('projects.units')}</h2>
          <Units project={data} />
          <div className="ad-decision">
            <Unpublish project={data} />
          </div>
        </>
      ) : null}
    </section>
  );
}
