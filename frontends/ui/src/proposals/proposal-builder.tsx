import { useId, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { PRESENTATION_PROPERTIES_MAX, SERVICES, type Language } from '@manzil/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared singleton, not a copy (see index.ts)
import { ErrorFallback, PagedList, SiteDate, apiFetch, useFeedback } from '@manzil/ui';
import {
  FormErrorSummary,
  SubmitButton,
  TextAreaField,
  showServerErrors,
  useBoundField,
  useContractForm,
  type FormControl,
} from '@manzil/ui/forms';
import { refetchAfterWrite } from '../data/index.js';
import { ShareLinks } from './share-links.js';

/** How many earlier proposals a page of the list shows. */
export const PROPOSALS_PER_PAGE = 10;

/** A listings service path (the endpoints of `ENGAGEMENT_API`) behind the gateway. */
export const proposalsApiPath = (path: string) => `/api/${SERVICES.listings.prefix}${path}`;

/**
 * One kind of proposal: of listings (`/properties-proposal/[id]`) or of projects
 * (`/projects-proposal/[id]`). Its test ids are `${testId}-form`, `-message`, `-submit`,
 * `-created` and `-row`, and for the choice `${testId}-${choice}s` (the fieldset),
 * `${testId}-${choice}` (a box) and `${testId}-${choice}s-error`; a choice's sub-choices
 * (a project's units) `${testId}-units` (their fieldset), `${testId}-unit` and `${testId}-units-error`.
 */
export interface ProposalKind {
  testId: 'presentation' | 'project-presentation';
  choice: 'listing' | 'project';
  /** The request's field of the chosen ids. */
  field: 'propertyIds' | 'projectIds';
  /** The request's field of the picked sub-choices' ids, for a kind whose choices have them. */
  subField?: 'unitIds';
  schema: ZodType;
  /** POST to create one, relative to `/api/listings`. */
  endpoint: string;
  results: ZodType<{ id: string }>;
  /** The proposal's public path. */
  path: (id: string) => string;
  /** What to read again once a proposal is created (its list, at least). */
  invalidates: QueryKey;
  /**
   * Message ids: the choice's legend (`{max}`), the submit, the earlier list's title, a row's
   * count (`{count}`), and for sub-choices their legend (`{name}`, the choice's label).
   */
  messages: { choose: string; create: string; earlier: string; count: string; pick?: string };
}

/** A listing or a project to choose, with its title in the page's language; a project's units to pick. */
export interface ProposalChoice {
  id: string;
  label: string;
  options?: { id: string; label: string }[];
}

/** An earlier proposal as its row shows it. */
export interface ProposalRow {
  id: string;
  createdAt: string;
  message: string | null;
}

/** The form's values: the kind's `field` (and `subField`) of ids and the message. */
type ProposalValues = Record<string, string | string[]>;

/** One checkbox of a choice list, adding its id to `value` or taking it out. */
function Box({
  id,
  label,
  value,
  onChange,
  testId,
  inputRef,
}: {
  id: string;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
  testId: string;
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  return (
    <label className="mz-proposal-choice__item">
      <input
        type="checkbox"
        ref={inputRef}
        checked={value.includes(id)}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked ? [...value, id] : value.filter((v) => v !== id))}
      />
      <span dir="auto">{label}</span>
    </label>
  );
}

function FieldError({ error, testId }: { error?: string; testId: string }) {
  return error ? (
    <p className="mz-field__error" role="alert" data-testid={testId}>
      {error}
    </p>
  ) : null;
}

/** A chosen choice's sub-choices to pick (a project's units): none picked means all of them. */
function SubChoices({
  testId,
  legend,
  options,
  value,
  onChange,
}: {
  testId: string;
  legend: string;
  options: { id: string; label: string }[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  return (
    <fieldset className="mz-proposal-choice mz-proposal-choice--sub" data-testid={`${testId}-units`}>
      <legend>{legend}</legend>
      {options.map((option) => (
        <Box
          key={option.id}
          id={option.id}
          label={option.label}
          value={value}
          onChange={onChange}
          testId={`${testId}-unit`}
        />
      ))}
    </fieldset>
  );
}

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
  // A kind without sub-choices binds its own field twice: hooks are not called conditionally.
  const sub = useBoundField({ control, name: kind.subField ?? kind.field });
  const value = field.value as string[];
  const picked = kind.subField ? (sub.field.value as string[]) : [];
  const onChange = (next: string[]) => {
    field.onChange(next);
    if (!kind.subField) return;
    // A choice taken out takes its picked sub-choices with it.
    const kept = new Set(
      choices.filter((c) => next.includes(c.id)).flatMap((c) => (c.options ?? []).map((o) => o.id)),
    );
    sub.field.onChange(picked.filter((id) => kept.has(id)));
  };
  return (
    <fieldset
      className="mz-proposal-choice"
      aria-invalid={error ? true : undefined}
      data-testid={`${kind.testId}-${kind.choice}s`}
    >
      <legend>
        {intl.formatMessage({ id: kind.messages.choose }, { max: PRESENTATION_PROPERTIES_MAX })}
      </legend>
      {choices.map((choice, index) => (
        <div key={choice.id} className="mz-proposal-choice__group">
          <Box
            id={choice.id}
            label={choice.label}
            value={value}
            onChange={onChange}
            testId={`${kind.testId}-${kind.choice}`}
            inputRef={value.length === 0 && index === 0 ? field.ref : undefined}
          />
          {kind.subField && kind.messages.pick && choice.options?.length && value.includes(choice.id) ? (
            <SubChoices
              testId={kind.testId}
              legend={intl.formatMessage({ id: kind.messages.pick }, { name: choice.label })}
              options={choice.options}
              value={picked}
              onChange={sub.field.onChange}
            />
          ) : null}
        </div>
      ))}
      <FieldError error={error} testId={`${kind.testId}-${kind.choice}s-error`} />
      {kind.subField ? <FieldError error={sub.error} testId={`${kind.testId}-units-error`} /> : null}
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
  const empty: ProposalValues = {
    [kind.field]: [],
    ...(kind.subField ? { [kind.subField]: [] } : {}),
    message: '',
  };
  const form = useContractForm<ProposalValues>({ schema: kind.schema, defaultValues: empty });
  const create = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch(proposalsApiPath(kind.endpoint), { language, method: 'POST', body, results: kind.results }),
  });
  const onValid = async (body: unknown) => {
    try {
      const envelope = await create.mutateAsync(body);
      setCreated(envelope.results);
      form.reset(empty);
      void refetchAfterWrite(client, kind.invalidates);
      toast('success', t('ui.proposal.created'));
    } catch (failure) {
      if (!showServerErrors(form, failure)) toast('danger', t('ui.error.title'));
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
          className="mz-form mz-proposal-card"
          noValidate
          data-testid={`${kind.testId}-form`}
          onSubmit={(event) => void form.handleSubmit(onValid)(event)}
        >
          <FormErrorSummary control={form.control} setFocus={form.setFocus} />
          <ChoiceField kind={kind} control={form.control} choices={choices} />
          <TextAreaField
            control={form.control}
            name="message"
            label={t('ui.proposal.message')}
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
        <section className="mz-proposal-card" data-testid={`${kind.testId}-created`} aria-live="polite">
          <Heading>{t('ui.proposal.share')}</Heading>
          <ShareLinks presentation={created} path={kind.path} />
        </section>
      ) : null}
      <Heading className="mz-proposal-title">{t(kind.messages.earlier)}</Heading>
      <PagedList
        list={list}
        page={page}
        perPage={PROPOSALS_PER_PAGE}
        onPage={onPage}
        loadingSize="120px"
        className="mz-proposal-rows"
        empty={<p className="mz-proposal-muted">{t('ui.proposal.none')}</p>}
      >
        {(row) => (
          <li key={row.id} className="mz-proposal-row" data-testid={`${kind.testId}-row`}>
            <p className="mz-proposal-row__when">
              <SiteDate date={row.createdAt} /> · {t(kind.messages.count, { count: countOf(row) })}
            </p>
            {row.message ? (
              <p className="mz-proposal-row__message" dir="auto">
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
