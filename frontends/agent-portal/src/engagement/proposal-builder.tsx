import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { PRESENTATION_PROPERTIES_MAX, type Language } from '@manzil/contracts';
import { ErrorFallback, SiteDate, useFeedback } from '@manzil/ui';
import {
  FormErrorSummary,
  SubmitButton,
  TextAreaField,
  showServerErrors,
  useBoundField,
  useContractForm,
  type FormControl,
} from '@manzil/ui/forms';
import { listingsFetch } from '../listings/listings-api.js';
import { engagementKeys } from './engagement-api.js';
import { PagedList } from './engagement-layout.js';
import { ShareLinks } from './share-links.js';

/**
 * One kind of proposal of `/presentations`: of listings (`/properties-proposal/[id]`) or of
 * projects (`/projects-proposal/[id]`). Its test ids are `${testId}-form`, `-message`,
 * `-submit`, `-created` and `-row`, and for the choice `${testId}-${choice}s` (the fieldset),
 * `${testId}-${choice}` (a box) and `${testId}-${choice}s-error`.
 */
export interface ProposalKind {
  testId: 'presentation' | 'project-presentation';
  choice: 'listing' | 'project';
  /** The request's field of the chosen ids. */
  field: 'propertyIds' | 'projectIds';
  schema: ZodType;
  /** POST to create one, relative to `/api/listings`. */
  endpoint: string;
  results: ZodType<{ id: string }>;
  /** The proposal's public path (ShareLinks' default: a listings proposal). */
  path?: (id: string) => string;
  /** Message ids: the choice's legend (`{max}`), the submit, the earlier list's title, a row's count (`{count}`). */
  messages: { choose: string; create: string; earlier: string; count: string };
}

/** A listing or a project to choose, with its title in the page's language. */
export interface ProposalChoice {
  id: string;
  label: string;
}

/** An earlier proposal as its row shows it. */
export interface ProposalRow {
  id: string;
  createdAt: string;
  message: string | null;
}

/** The form's values: the kind's `field` of ids and the message. */
type ProposalValues = Record<string, string | string[]>;

function ChoiceField({
  kind,
  control,
  choices,
}: {
  kind: ProposalKind;
  control: FormControl<ProposalValues>;
  choices: ProposalChoice[];
}) {
  const intl = useIntl();
  const { field, error } = useBoundField({ control, name: kind.field });
  const value = field.value as string[];
  const chosen = new Set(value);
  return (
    <fieldset
      className="ap-choice"
      aria-invalid={error ? true : undefined}
      data-testid={`${kind.testId}-${kind.choice}s`}
    >
      <legend>
        {intl.formatMessage({ id: kind.messages.choose }, { max: PRESENTATION_PROPERTIES_MAX })}
      </legend>
      {choices.map((choice, index) => (
        <label key={choice.id} className="ap-choice__item">
          <input
            type="checkbox"
            ref={chosen.size === 0 && index === 0 ? field.ref : undefined}
            checked={chosen.has(choice.id)}
            data-testid={`${kind.testId}-${kind.choice}`}
            onChange={(event) =>
              field.onChange(
                event.target.checked ? [...value, choice.id] : value.filter((id) => id !== choice.id),
              )
            }
          />
          <span dir="auto">{choice.label}</span>
        </label>
      ))}
      {error ? (
        <p className="mz-field__error" role="alert" data-testid={`${kind.testId}-${kind.choice}s-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * The body of a proposal section: the form (the choices, a message) once the choices are
 * loaded, the new proposal's links once it is created, then the earlier ones a page at a time.
 * The page says what shows while the choices load (`loading`) and when there are none (`none`).
 */
export function ProposalBuilder<Row extends ProposalRow>({
  kind,
  language,
  choosable,
  choices,
  loading,
  none,
  list,
  page,
  onPage,
  countOf,
  headingLevel,
}: {
  kind: ProposalKind;
  language: Language;
  choosable: UseQueryResult<unknown>;
  choices: ProposalChoice[];
  loading: ReactNode;
  none: ReactNode;
  list: UseQueryResult<{ items: Row[]; total: number }>;
  page: number;
  onPage: (page: number) => void;
  /** How many listings or projects a row proposes. */
  countOf: (row: Row) => number;
  headingLevel: 2 | 3;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const formId = useId();
  const client = useQueryClient();
  const { toast } = useFeedback();
  const [created, setCreated] = useState<{ id: string } | null>(null);
  const empty = { [kind.field]: [], message: '' };
  const form = useContractForm<ProposalValues>({ schema: kind.schema, defaultValues: empty });
  const create = useMutation({
    mutationFn: (body: unknown) =>
      listingsFetch(kind.endpoint, { language, method: 'POST', body, results: kind.results }),
  });
  const onValid = async (body: unknown) => {
    try {
      const envelope = await create.mutateAsync(body);
      setCreated(envelope.results);
      form.reset(empty);
      void client.invalidateQueries({ queryKey: engagementKeys.all });
      toast('success', t('agentPortal.presentations.created'));
    } catch (failure) {
      if (!showServerErrors(form, failure)) toast('danger', t('agentPortal.error'));
    }
  };
  return (
    <>
      {choosable.isPending ? (
        loading
      ) : choosable.isError ? (
        <ErrorFallback onRetry={() => void choosable.refetch()} />
      ) : choices.length === 0 ? (
        none
      ) : (
        <form
          id={formId}
          className="mz-form ap-card"
          noValidate
          data-testid={`${kind.testId}-form`}
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        >
          <FormErrorSummary control={form.control} setFocus={form.setFocus} />
          <ChoiceField kind={kind} control={form.control} choices={choices} />
          <TextAreaField
            control={form.control}
            name="message"
            label={t('agentPortal.presentations.message')}
            rows={3}
            maxLength={1000}
            testId={`${kind.testId}-message`}
          />
          <SubmitButton control={form.control} form={formId} data-testid={`${kind.testId}-submit`}>
            {t(kind.messages.create)}
          </SubmitButton>
        </form>
      )}
      {created ? (
        <section className="ap-card" data-testid={`${kind.testId}-created`} aria-live="polite">
          <Heading>{t('agentPortal.presentations.share')}</Heading>
          <ShareLinks presentation={created} path={kind.path} />
        </section>
      ) : null}
      <Heading className="ap-section-title">{t(kind.messages.earlier)}</Heading>
      <PagedList
        list={list}
        page={page}
        onPage={onPage}
        loadingSize="120px"
        empty={<p className="ap-muted">{t('agentPortal.presentations.none')}</p>}
      >
        {(row) => (
          <li key={row.id} className="ap-enquiry" data-testid={`${kind.testId}-row`}>
            <p className="ap-enquiry__who">
              <SiteDate date={row.createdAt} /> · {t(kind.messages.count, { count: countOf(row) })}
            </p>
            {row.message ? (
              <p className="ap-enquiry__message" dir="auto">
                {row.message}
              </p>
            ) : null}
            <ShareLinks presentation={row} path={kind.path} />
          </li>
        )}
      </PagedList>
    </>
  );
}
