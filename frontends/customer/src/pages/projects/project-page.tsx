import { useIntl } from 'react-intl';
import { Link, useParams } from '@manzil/ui/router';
import { useQuery } from '@tanstack/react-query';
import { listingPagePath, safeFloorPlanUrl, type ProjectDetail, type Site } from '@manzil/contracts';
import {
  Ltr,
  Price,
  SiteDate,
  buttonClassName,
  formatArea,
  formatNumber,
  useDocumentHead,
  useLanguage,
} from '@manzil/ui';
import { DetailNotFound, QueryPage } from '../content/content-parts.js';
import { ReportListingButton } from '../report/report-listing-dialog.js';
import { WishlistButton } from '../../wishlist/wishlist-button.js';
import { projectQuery } from './project-queries.js';
import { BookUnitButton, ResidentsOnly, useBookUnit } from './book-unit.js';
import './projects.css';
import { ProjectLocation } from './project-card.js';

/** `/project/:slug`: a new project, its payment plan, facts, brochure and units. */
export function ProjectPage({ site }: { site: Site }) {
  const { slug = '' } = useParams();
  const intl = useIntl();
  const language = useLanguage();
  const detail = useQuery(projectQuery(slug, language));
  useDocumentHead(
    detail.data
      ? {
          language,
          title: detail.data.title[language] || detail.data.title.en,
          description: detail.data.description[language] || detail.data.title[language],
          path: `/project/${slug}`,
          alternates: { en: `/project/${slug}`, ar: `/project/${slug}` },
        }
      : null,
  );
  return (
    <QueryPage
      query={detail}
      notFound={
        <DetailNotFound
          testId="project-not-found"
          titleId="customer.project.notFound.title"
          descriptionId="customer.project.notFound.description"
          back={{
            to: listingPagePath('new-projects', language),
            label: intl.formatMessage({ id: 'customer.projects.all' }),
          }}
        />
      }
    >
      {(data) => <ProjectView project={data} site={site} />}
    </QueryPage>
  );
}

/** A unit's floor plan (an upload, image or PDF, or a link), opened in a new tab; a dash without one. */
function FloorPlanLink({ url, label }: { url: string | null; label: string }) {
  const safe = safeFloorPlanUrl(url);
  if (!safe) return <>—</>;
  return (
    <a href={safe} target="_blank" rel="noreferrer" data-testid="unit-floor-plan">
      {label}
    </a>
  );
}

function ProjectView({ project, site }: { project: ProjectDetail; site: Site }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const title = project.title[language] || project.title.en;
  const description = project.description[language] || project.description.en;
  const plan = [
    ['booking', project.paymentPlan.booking],
    ['construction', project.paymentPlan.construction],
    ['handover', project.paymentPlan.handover],
  ] as const;
  // Spec §6: online booking of units is a Saudi-site feature (the server checks it too).
  const bookable = site === 'sa';
  const booking = useBookUnit();
  return (
    <article className="cu-project" data-testid="project-page">
      <div className="mz-container">
        <nav className="cu-property__crumbs" aria-label={t('customer.property.breadcrumb')}>
          <Link to={listingPagePath('new-projects', language)}>{t('customer.projects.all')}</Link>
        </nav>
        <header className="cu-project__header">
          <span className={`mz-badge cu-project-card__status cu-project-card__status--${project.completion}`}>
            {t(`customer.projects.completion.${project.completion}`)}
          </span>
          <h1 className="cu-project__title" data-testid="project-title">
            {title}
          </h1>
          <ProjectLocation project={project} />
          <p className="cu-project__price">
            {t('customer.projects.startingFrom')}{' '}
            <Price amount={project.startingPrice} currency={project.currency} />
          </p>
          <div className="cu-project__actions" data-testid="project-actions">
            <WishlistButton kind="project" id={project.id} variant="page" />
          </div>
        </header>

        <dl className="cu-project__facts" data-testid="project-facts">
          <div>
            <dt>{t('customer.projects.developer')}</dt>
            <dd>{project.developer}</dd>
          </div>
          <div>
            <dt>{t('customer.projects.delivery')}</dt>
            <dd>
              <SiteDate date={project.deliveryDate} month="long" />
            </dd>
          </div>
          <div>
            <dt>{t('customer.projects.available')}</dt>
            <dd>
              {t('customer.projects.unitsOf', {
                available: project.availableUnits,
                total: project.totalUnits,
              })}
            </dd>
          </div>
          <div>
            <dt>{t('customer.project.totalArea')}</dt>
            <dd>{formatArea(project.totalArea, project.areaUnit, language)}</dd>
          </div>
          {project.licenceNumber ? (
            <div>
              <dt>{t('customer.project.licence')}</dt>
              <dd>
                <Ltr>{project.licenceNumber}</Ltr>
              </dd>
            </div>
          ) : null}
        </dl>

        <section className="cu-project__section" aria-labelledby="project-plan">
          <h2 id="project-plan">{t('customer.project.paymentPlan')}</h2>
          <ol className="cu-project__plan" data-testid="project-plan">
            {plan.map(([step, percent]) => (
              <li key={step}>
                <span className="cu-project__plan-percent">
                  {t('customer.project.percent', { percent: formatNumber(percent, language) })}
                </span>
                <span>{t(`customer.project.plan.${step}`)}</span>
              </li>
            ))}
          </ol>
          {project.brochureUrl ? (
            <a
              className={buttonClassName('secondary')}
              href={project.brochureUrl}
              data-testid="project-brochure"
            >
              {t('customer.project.brochure')}
            </a>
          ) : null}
        </section>

        {description ? (
          <section className="cu-project__section">
            <h2>{t('customer.project.about')}</h2>
            <p className="cu-project__description">{description}</p>
          </section>
        ) : null}

        <section className="cu-project__section" aria-labelledby="project-units">
          <h2 id="project-units">{t('customer.project.units')}</h2>
          {bookable && booking.refused ? <ResidentsOnly message={booking.refused} /> : null}
          {project.units.length === 0 ? (
            <p>{t('customer.project.noUnits')}</p>
          ) : (
            <div className="cu-project__table-wrap">
              <table className="cu-project__units" data-testid="project-units">
                <thead>
                  <tr>
                    <th scope="col">{t('customer.project.unit.layout')}</th>
                    <th scope="col">{t('customer.project.unit.bedrooms')}</th>
                    <th scope="col">{t('customer.project.unit.area')}</th>
                    <th scope="col">{t('customer.project.unit.price')}</th>
                    <th scope="col">{t('customer.project.unit.status')}</th>
                    {bookable ? <th scope="col">{t('customer.booking.column')}</th> : null}
                    <th scope="col">{t('customer.project.unit.floorPlan')}</th>
                    <th scope="col">
                      <span className="mz-visually-hidden">{t('customer.project.unit.actions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {project.units.map((unit) => (
                    <tr key={unit.id} data-testid="project-unit">
                      <td>{t(`customer.project.layout.${unit.layout}`)}</td>
                      <td>
                        {unit.bedrooms === 0
                          ? t('customer.project.studio')
                          : formatNumber(unit.bedrooms, language)}
                      </td>
                      <td>{formatArea(unit.area, project.areaUnit, language)}</td>
                      <td>
                        <Price amount={unit.price} currency={project.currency} />
                      </td>
                      <td>
                        <span className={`cu-project__unit-status cu-project__unit-status--${unit.status}`}>
                          {t(`customer.project.unitStatus.${unit.status}`)}
                        </span>
                      </td>
                      {bookable ? (
                        <td>
                          <BookUnitButton unit={unit} book={booking.book} booking={booking.booking} />
                        </td>
                      ) : null}
                      <td>
                        <FloorPlanLink
                          url={unit.floorPlanUrl}
                          label={t('customer.project.unit.floorPlanView')}
                        />
                      </td>
                      <td>
                        <div className="cu-project__unit-actions">
                          <WishlistButton
                            kind="unit"
                            id={unit.id}
                            name={unit.reference ?? t(`customer.project.layout.${unit.layout}`)}
                          />
                          <ReportListingButton target={{ projectId: project.id, unitId: unit.id }} />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </article>
  );
}
