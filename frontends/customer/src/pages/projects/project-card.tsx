import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import type { PublicProject } from '@manzil/contracts';
import { PinIcon, Price, SiteDate, useLanguage } from '@manzil/ui';

/**
 * A project in the list: status, starting price first, name, place, developer, delivery, units
 * left; `action` (the wishlist's heart) sits on the band.
 */
export function ProjectCard({ project, action }: { project: PublicProject; action?: ReactNode }) {
  const intl = useIntl();
  const language = useLanguage();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <article className="mz-card cu-project-card" data-testid="project-card" data-project-slug={project.slug}>
      <div className="cu-project-card__band">
        <span className={`mz-badge cu-project-card__status cu-project-card__status--${project.completion}`}>
          {t(`customer.projects.completion.${project.completion}`)}
        </span>
        {action ? <div className="mz-card__action">{action}</div> : null}
      </div>
      <div className="mz-card__body">
        <p className="cu-project-card__label">{t('customer.projects.startingFrom')}</p>
        <p className="mz-card__price" data-testid="project-price">
          <Price amount={project.startingPrice} currency={project.currency} />
        </p>
        <h3 className="mz-card__title">
          <Link to={`/project/${project.slug}`} className="mz-card__link" data-testid="project-link">
            {project.title[language] || project.title.en}
          </Link>
        </h3>
        <ProjectLocation project={project} />
        <dl className="cu-project-card__facts">
          <div>
            <dt>{t('customer.projects.developer')}</dt>
            <dd data-testid="project-developer">{project.developer}</dd>
          </div>
          <div>
            <dt>{t('customer.projects.delivery')}</dt>
            <dd>
              <SiteDate date={project.deliveryDate} month="short" />
            </dd>
          </div>
          <div>
            <dt>{t('customer.projects.available')}</dt>
            <dd data-testid="project-available">
              {t('customer.projects.unitsOf', {
                available: project.availableUnits,
                total: project.totalUnits,
              })}
            </dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

/** Where a project is: its community, then its city, in the page's language, after a pin. */
export function ProjectLocation({ project }: { project: PublicProject }) {
  const intl = useIntl();
  const language = useLanguage();
  return (
    <p className="mz-card__location">
      <PinIcon className="mz-card__icon" />
      <span>
        {project.community ? (
          <>
            {project.community.name[language]}
            {intl.formatMessage({ id: 'ui.card.separator' })}
          </>
        ) : null}
        {project.city.name[language]}
      </span>
    </p>
  );
}
