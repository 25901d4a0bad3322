import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  PRESENTATION_PROPERTIES_MAX,
  pageSchema,
  projectPresentationRequestSchema,
  projectPresentationSchema,
  projectProposalPath,
  publicProjectSchema,
  type Language,
  type ProjectPresentation,
  type PublicProject,
} from '@manzil/contracts';
import { ErrorFallback, SiteDate, Skeleton, apiQueryFn, useFeedback } from '@manzil/ui';
import {
  FormErrorSummary,
  SubmitButton,
  TextAreaField,
  showServerErrors,
  useBoundField,
  useContractForm,
  type FormControl,
} from '@manzil/ui/forms';
import { listingsFetch, listingsPath } from '../listings/listings-api.js';
import { ENGAGEMENT_PER_PAGE, engagementKeys } from './engagement-api.js';
import { Pager } from './pager.js';
import { ShareLinks } from './share-links.js';

interface ProjectPresentationValues {
  projectIds: string[];
  message: string;
}

/** The projects the caller may propose (the server decides which): the first 100. */
const proposableQuery = (language: Language) =>
  queryOptions({
    queryKey: ['engagement', 'proposable-projects', { language }],
    queryFn: apiQueryFn(listingsPath(ENGAGEMENT_API.proposableProjects), {
      language,
      query: { page: 1, limit: 100 },
      results: pageSchema(publicProjectSchema),
    }),
  });

const projectPresentationsQuery = (language: Language, page: number) =>
  queryOptions({
    queryKey: ['engagement', 'project-presentations', { language, page }],
    queryFn: apiQueryFn(listingsPath(ENGAGEMENT_API.agentProjectPresentations), {
      language,
      query: { page, limit: ENGAGEMENT_PER_PAGE },
      results: pageSchema(projectPresentationSchema),
    }),
  });

function ProjectChoice({
  control,
  projects,
  language,
}: {
  control: FormControl<ProjectPresentationValues>;
  projects: PublicProject[];
  language: Language;
}) {
  const intl = useIntl();
  const { field, error } = useBoundField({ control, name: 'projectIds' });
  const value = field.value as string[];
  const chosen = new Set(value);
  return (
    <fieldset
      className="ap-choice"
      aria-invalid={error ? true : undefined}
      data-testid="project-presentation-projects"
    >
      <legend>
        {intl.formatMessage(
          { id: 'agentPortal.projectPresentations.choose' },
          { max: PRESENTATION_PROPERTIES_MAX },
        )}
      </legend>
      {projects.map((project) => (
        <label key={project.id} className="ap-choice__item">
          <input
            type="checkbox"
            ref={chosen.size === 0 && project === projects[0] ? field.ref : undefined}
            checked={chosen.has(project.id)}
            data-testid="project-presentation-project"
            onChange={(event) =>
              field.onChange(
                event.target.checked ? [...value, project.id] : value.filter((id) => id !== project.id),
              )
            }
          />
          <span dir="auto">{project.title[language] || project.title.en}</span>
        </label>
      ))}
      {error ? (
        <p className="mz-field__error" role="alert" data-testid="project-presentation-projects-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The project proposal of `/presentations` (issue 14, `/projects-proposal/[id]`): the agent picks
 * published projects of their company (a freelance agent: any of the site), adds a message and
 * shares the link; earlier project proposals are listed with their own pages.
 */
export function ProjectPresentations({ language }: { language: Language }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const formId = useId();
  const client = useQueryClient();
  const { toast } = useFeedback();
  const [page, setPage] = useState(1);
  const [created, setCreated] = useState<ProjectPresentation | null>(null);
  const projects = useQuery(proposableQuery(language));
  const list = useQuery({ ...projectPresentationsQuery(language, page), placeholderData: keepPreviousData });
  const form = useContractForm<ProjectPresentationValues>({
    schema: projectPresentationRequestSchema,
    defaultValues: { projectIds: [], message: '' },
  });
  const create = useMutation({
    mutationFn: (body: unknown) =>
      listingsFetch(ENGAGEMENT_API.agentProjectPresentations, {
        language,
        method: 'POST',
        body,
        results: projectPresentationSchema,
      }),
  });
  const onValid = async (body: unknown) => {
    try {
      const envelope = await create.mutateAsync(body);
      setCreated(envelope.results);
      form.reset({ projectIds: [], message: '' });
      void client.invalidateQueries({ queryKey: engagementKeys.all });
      toast('success', t('agentPortal.presentations.created'));
    } catch (failure) {
      if (!showServerErrors(form, failure)) toast('danger', t('agentPortal.error'));
    }
  };
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / ENGAGEMENT_PER_PAGE)) : 1;
  return (
    <section className="ap-page" data-testid="project-presentations" aria-labelledby={`${formId}-title`}>
      <h2 className="ap-section-title" id={`${formId}-title`}>
        {t('agentPortal.projectPresentations.title')}
      </h2>
      <p className="ap-muted">{t('agentPortal.projectPresentations.lead')}</p>
      {projects.isPending ? (
        <Skeleton blockSize="120px" radius="lg" />
      ) : projects.isError ? (
        <ErrorFallback onRetry={() => void projects.refetch()} />
      ) : projects.data.items.length === 0 ? (
        <p className="ap-muted" data-testid="project-presentation-none-to-choose">
          {t('agentPortal.projectPresentations.noProjects')}
        </p>
      ) : (
        <form
          id={formId}
          className="mz-form ap-card"
          noValidate
          data-testid="project-presentation-form"
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        >
          <FormErrorSummary control={form.control} setFocus={form.setFocus} />
          <ProjectChoice control={form.control} projects={projects.data.items} language={language} />
          <TextAreaField
            control={form.control}
            name="message"
            label={t('agentPortal.presentations.message')}
            rows={3}
            maxLength={1000}
            testId="project-presentation-message"
          />
          <SubmitButton control={form.control} form={formId} data-testid="project-presentation-submit">
            {t('agentPortal.projectPresentations.create')}
          </SubmitButton>
        </form>
      )}
      {created ? (
        <section className="ap-card" data-testid="project-presentation-created" aria-live="polite">
          <h3>{t('agentPortal.presentations.share')}</h3>
          <ShareLinks presentation={created} path={projectProposalPath} />
        </section>
      ) : null}
      <h3 className="ap-section-title">{t('agentPortal.projectPresentations.earlier')}</h3>
      {list.isPending ? (
        <Skeleton blockSize="120px" radius="lg" />
      ) : list.isError ? (
        <ErrorFallback onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="ap-muted">{t('agentPortal.presentations.none')}</p>
      ) : (
        <>
          <ul className="ap-enquiries">
            {list.data.items.map((presentation) => (
              <li key={presentation.id} className="ap-enquiry" data-testid="project-presentation-row">
                <p className="ap-enquiry__who">
                  <SiteDate date={presentation.createdAt} /> ·{' '}
                  {t('agentPortal.projectPresentations.projects', { count: presentation.projects.length })}
                </p>
                {presentation.message ? (
                  <p className="ap-enquiry__message" dir="auto">
                    {presentation.message}
                  </p>
                ) : null}
                <ShareLinks presentation={presentation} path={projectProposalPath} />
              </li>
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}
