import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PROJECTS_API, type Language, type OwnedProject } from '@manzil/contracts';
import {
  ApiError,
  Button,
  EmptyState,
  Price,
  SiteDate,
  apiFetch,
  useDocumentHead,
  useFeedback,
  refetchAfterWrite,
} from '@manzil/ui';
import { FloorPlanUpload } from './floor-plan-upload.js';
import { ProjectForm } from './project-form.js';
import { listingsPath, ownProjectsQuery, projectKeys } from './projects-api.js';
import { UnitForm } from './unit-form.js';

/**
 * `/myProjects`: the company's new projects. It creates one (a draft), adds its units and
 * publishes it; a published project shows on the site's new-projects page (through search).
 */
export function MyProjectsPage({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const projects = useQuery(ownProjectsQuery(language, 1));
  useDocumentHead({
    language,
    title: t('companyPortal.projects.heading'),
    description: t('companyPortal.projects.description'),
    path: '/myProjects',
  });

  return (
    <section className="cp-page cp-projects" data-testid="my-projects">
      <header className="cp-page__header">
        <h1>{t('companyPortal.projects.heading')}</h1>
        {!creating ? (
          <Button variant="primary" onClick={() => setCreating(true)} data-testid="project-new">
            {t('companyPortal.projects.new')}
          </Button>
        ) : null}
      </header>
      {creating ? (
        <ProjectForm
          language={language}
          onCreated={(project) => {
            setCreating(false);
            setOpenId(project.id);
          }}
        />
      ) : null}
      {projects.data && projects.data.items.length === 0 && !creating ? (
        <EmptyState
          testId="projects-empty"
          title={t('companyPortal.projects.empty.title')}
          description={t('companyPortal.projects.empty.description')}
        />
      ) : null}
      <ul className="cp-projects__list">
        {(projects.data?.items ?? []).map((project) => (
          <li key={project.id}>
            <ProjectItem
              project={project}
              language={language}
              open={openId === project.id}
              onToggle={() => setOpenId(openId === project.id ? null : project.id)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProjectItem({
  project,
  language,
  open,
  onToggle,
}: {
  project: OwnedProject;
  language: Language;
  open: boolean;
  onToggle: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const { toast } = useFeedback();
  const publish = useMutation({
    mutationFn: () => apiFetch(listingsPath(PROJECTS_API.publish(project.id)), { language, method: 'POST' }),
    onSuccess: () => refetchAfterWrite(client, projectKeys.all),
  });
  const onPublish = async () => {
    try {
      await publish.mutateAsync();
      toast('success', t('companyPortal.projects.publishedToast'));
    } catch (failure) {
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('companyPortal.error'),
      );
    }
  };
  return (
    <article className="cp-project" data-testid="company-project" data-project-slug={project.slug}>
      <header className="cp-project__header">
        <div>
          <h2 className="cp-project__title">{project.title[language] || project.title.en}</h2>
          <p className="cp-project__meta">
            {project.city.name[language]} ·{' '}
            <Price amount={project.startingPrice} currency={project.currency} /> ·{' '}
            <SiteDate date={project.deliveryDate} month="short" />
          </p>
        </div>
        <span
          className={`mz-badge cp-project__status cp-project__status--${project.status}`}
          data-testid="project-status"
        >
          {t(`companyPortal.projects.status.${project.status}`)}
        </span>
      </header>
      <div className="cp-project__actions">
        <Button
          variant="secondary"
          onClick={onToggle}
          aria-expanded={open}
          data-testid="project-units-toggle"
        >
          {t('companyPortal.projects.units', { count: project.units.length })}
        </Button>
        {project.status === 'draft' ? (
          <Button
            variant="primary"
            onClick={() => void onPublish()}
            disabled={publish.isPending}
            data-testid="project-publish"
          >
            {t('companyPortal.projects.publish')}
          </Button>
        ) : null}
      </div>
      {open ? (
        <div className="cp-project__units">
          {project.units.length ? (
            <table className="cp-units-table" data-testid="company-project-units">
              <thead>
                <tr>
                  <th scope="col">{t('companyPortal.unit.layout')}</th>
                  <th scope="col">{t('companyPortal.unit.bedrooms')}</th>
                  <th scope="col">{t('companyPortal.unit.area')}</th>
                  <th scope="col">{t('companyPortal.unit.price')}</th>
                  <th scope="col">{t('companyPortal.unit.status')}</th>
                  <th scope="col">{t('companyPortal.unit.floorPlan')}</th>
                </tr>
              </thead>
              <tbody>
                {project.units.map((unit) => (
                  <tr key={unit.id}>
                    <td>{t(`companyPortal.layout.${unit.layout}`)}</td>
                    <td>{unit.bedrooms}</td>
                    <td>{unit.area}</td>
                    <td>
                      <Price amount={unit.price} currency={project.currency} />
                    </td>
                    <td>{t(`companyPortal.unitStatus.${unit.status}`)}</td>
                    <td>
                      <FloorPlanUpload projectId={project.id} unit={unit} language={language} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          <UnitForm projectId={project.id} language={language} />
        </div>
      ) : null}
    </article>
  );
}
