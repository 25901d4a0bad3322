import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import type { PublicProject, Unit } from '@manzil/contracts';
import { Ltr, Price, SiteDate, formatArea, useLanguage } from '@manzil/ui';
import { ProjectLocation } from './project-card.js';

/**
 * A saved unit (the wishlist): its status on the project's band, its price first, layout and
 * bedrooms, the project it belongs to (the link: units have no page of their own), the place,
 * area, reference and delivery. `action` (the heart) sits on the band.
 */
export function UnitCard({
  unit,
  project,
  action,
}: {
  unit: Unit;
  project: PublicProject;
  action?: ReactNode;
}) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const projectTitle = project.title[language] || project.title.en;
  return (
    <article className="mz-card cu-project-card cu-unit-card" data-testid="unit-card" data-unit-id={unit.id}>
      <div className="cu-project-card__band">
        <span className="mz-badge cu-project-card__status" data-testid="unit-status">
          {t(`customer.project.unitStatus.${unit.status}`)}
        </span>
        {action ? <div className="mz-card__action">{action}</div> : null}
      </div>
      <div className="mz-card__body">
        <p className="mz-card__price" data-testid="unit-price">
          <Price amount={unit.price} currency={project.currency} />
        </p>
        <h3 className="mz-card__title">
          {t(`customer.project.layout.${unit.layout}`)}
          {t('ui.card.separator')}
          {unit.bedrooms === 0
            ? t('customer.project.studio')
            : t('customer.wishlist.unitBedrooms', { count: unit.bedrooms })}
        </h3>
        <p className="cu-unit-card__project">
          {t('customer.wishlist.unitIn')}{' '}
          <Link to={`/project/${project.slug}`} className="mz-card__link" data-testid="unit-project-link">
            {projectTitle}
          </Link>
        </p>
        <ProjectLocation project={project} />
        <dl className="cu-project-card__facts">
          <div>
            <dt>{t('customer.project.unit.area')}</dt>
            <dd>{formatArea(unit.area, project.areaUnit, language)}</dd>
          </div>
          {unit.reference ? (
            <div>
              <dt>{t('customer.wishlist.unitReference')}</dt>
              <dd>
                <Ltr>{unit.reference}</Ltr>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('customer.projects.delivery')}</dt>
            <dd>
              <SiteDate date={project.deliveryDate} month="short" />
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}
