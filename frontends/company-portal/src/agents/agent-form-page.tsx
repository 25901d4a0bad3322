import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from '@manzil/ui/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDENTITY_API,
  createAgentSchema,
  updateAgentSchema,
  type Language,
  type Site,
  SITE_FACTS,
} from '@manzil/contracts';
import { ApiError, avatarLetter, buttonClassName, useFeedback, refetchAfterWrite } from '@manzil/ui';
import {
  AgentProfileFields,
  CheckboxField,
  ContactFields,
  FormErrorSummary,
  ImageUploadField,
  PasswordPairFields,
  PersonNameFields,
  SubmitButton,
  passwordMismatch,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import {
  agentKeys,
  agentQuery,
  identityFetch,
  isEntitlementRefusal,
  uploadPicture,
  type AgentDetail,
  type AgentSummary,
} from './agents-api.js';

/** Editing keeps the password unless a new one is typed (contracts' update schema, same rules and messages). */
export const editAgentSchema = updateAgentSchema;

const blank = (value: string) => (value.trim() === '' ? undefined : value);

interface AgentValues {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: string;
  mobile: string;
  whatsapp: boolean;
  nationality: string;
  languages: string[];
  designation: string;
  brn: string;
  bio: string;
  pictureId: string;
  pictureUrl: string | null;
  password: string;
  confirmPassword: string;
}

function valuesOf(agent: AgentSummary | AgentDetail | null, site: Site): AgentValues {
  const detail = agent as Partial<AgentDetail> | null;
  return {
    firstName: agent?.firstName ?? '',
    lastName: agent?.lastName ?? '',
    email: agent?.email ?? '',
    countryCode: agent?.countryCode ?? SITE_FACTS[site].phonePrefix,
    mobile: agent?.mobile ?? '',
    whatsapp: detail?.whatsapp ?? false,
    nationality: detail?.nationality ?? '',
    languages: detail?.languages ?? [],
    designation: agent?.designation ?? '',
    brn: agent?.brn ?? '',
    bio: detail?.bio ?? '',
    pictureId: '',
    pictureUrl: agent?.picture ?? null,
    password: '',
    confirmPassword: '',
  };
}

function AgentForm({
  language,
  agentId,
  initial,
}: {
  language: Language;
  agentId: string | null;
  initial: AgentValues;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const label = (field: string) => t(`companyPortal.field.${field}`);
  const navigate = useNavigate();
  const client = useQueryClient();
  const { toast } = useFeedback();
  const [needsPlan, setNeedsPlan] = useState(false);
  const editing = agentId !== null;
  const form = useContractForm<AgentValues>({
    schema: editing ? editAgentSchema : createAgentSchema,
    defaultValues: initial,
    toInput: ({ pictureUrl: _shown, ...values }) => ({
      ...values,
      nationality: blank(values.nationality),
      designation: blank(values.designation),
      bio: blank(values.bio),
      pictureId: editing ? blank(values.pictureId) : values.pictureId,
      password: editing ? blank(values.password) : values.password,
      confirmPassword: editing ? blank(values.confirmPassword) : values.confirmPassword,
    }),
    crossField: passwordMismatch,
  });
  const save = useMutation({
    mutationFn: (body: unknown) =>
      identityFetch(editing ? IDENTITY_API.agent(agentId) : IDENTITY_API.agents, {
        language,
        method: editing ? 'PUT' : 'POST',
        body,
      }),
    onSuccess: () => refetchAfterWrite(client, agentKeys.all),
  });
  const upload = useMutation({ mutationFn: (file: File) => uploadPicture(file, language) });
  const { control } = form;
  const firstName = form.watch('firstName');

  async function onValid(body: unknown) {
    setNeedsPlan(false);
    try {
      const envelope = await save.mutateAsync(body);
      toast('success', envelope.message || t(editing ? 'companyPortal.saved' : 'companyPortal.added'));
      navigate('/myAgents');
    } catch (failure) {
      if (!editing && isEntitlementRefusal(failure)) {
        setNeedsPlan(true);
        return;
      }
      if (showServerErrors(form, failure)) return;
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('companyPortal.error'),
      );
    }
  }

  return (
    <form
      className="mz-form cp-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="agent-form"
    >
      <FormErrorSummary control={control} setFocus={form.setFocus} />
      {needsPlan ? (
        <div className="cp-alert" role="alert" data-testid="needs-subscription">
          <strong>{t('companyPortal.subscription.required')}</strong>
          <Link to="/" className={buttonClassName('primary', 'sm')}>
            {t('companyPortal.subscription.plans')}
          </Link>
        </div>
      ) : null}
      <ImageUploadField
        control={control}
        name="pictureId"
        previewName="pictureUrl"
        label={t('companyPortal.field.picture')}
        emptyMark={firstName ? avatarLetter(firstName) : '+'}
        upload={upload.mutateAsync}
        texts={{
          choose: t('companyPortal.upload.choose'),
          change: t('companyPortal.upload.change'),
          uploading: t('companyPortal.upload.uploading'),
          wrongType: t('companyPortal.upload.wrongType'),
          tooBig: t('companyPortal.upload.tooBig'),
          failed: t('companyPortal.error'),
          hint: t('companyPortal.upload.hint'),
        }}
        testId="agent-picture"
      />
      <fieldset className="mz-fieldset">
        <legend>{t('companyPortal.section.details')}</legend>
        <PersonNameFields control={control} label={label} testIdPrefix="agent" />
        <ContactFields control={control} label={label} testIdPrefix="agent" />
        <CheckboxField
          control={control}
          name="whatsapp"
          label={t('companyPortal.field.whatsapp')}
          testId="agent-whatsapp"
        />
      </fieldset>
      <fieldset className="mz-fieldset">
        <legend>{t('companyPortal.section.work')}</legend>
        <AgentProfileFields
          control={control}
          languageName={(name) => t(`companyPortal.language.${name}`)}
          label={label}
          testIdPrefix="agent"
        />
      </fieldset>
      <fieldset className="mz-fieldset">
        <legend>
          {t(editing ? 'companyPortal.section.passwordEdit' : 'companyPortal.section.password')}
        </legend>
        <PasswordPairFields
          control={control}
          label={label}
          testIdPrefix="agent"
          showLabel={t('companyPortal.show')}
          hideLabel={t('companyPortal.hide')}
        />
      </fieldset>
      <div className="cp-form__actions">
        <Link to="/myAgents" className={buttonClassName('secondary')}>
          {t('companyPortal.cancel')}
        </Link>
        <SubmitButton control={control} data-testid="agent-submit">
          {t(editing ? 'companyPortal.save' : 'companyPortal.add.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** `/addAgent` and `/addAgent?id=` (edit): every agent field of spec §3. */
export function AgentFormPage({ language, site }: { language: Language; site: Site }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [params] = useSearchParams();
  const location = useLocation();
  const agentId = params.get('id');
  const state = location.state as { agent?: AgentSummary } | null;
  const [fromList] = useState(() => state?.agent ?? null);
  const details = useQuery({ ...agentQuery(language, agentId ?? ''), enabled: agentId !== null });
  // The details, else (when they cannot be had) what the list showed of this agent.
  const initial: AgentValues | null =
    agentId === null
      ? valuesOf(null, site)
      : details.data
        ? valuesOf(details.data, site)
        : details.isError
          ? valuesOf(fromList?.id === agentId ? fromList : null, site)
          : null;

  return (
    <section className="cp-page cp-page--narrow" data-testid="add-agent-page">
      <header className="mz-page-head">
        <div>
          <Link to="/myAgents" className="cp-back">
            {t('companyPortal.toAgents')}
          </Link>
          <h1 className="mz-page-title">
            {t(agentId ? 'companyPortal.edit.title' : 'companyPortal.add.title')}
          </h1>
          <p className="mz-page-subtitle">
            {t(agentId ? 'companyPortal.edit.description' : 'companyPortal.add.description')}
          </p>
        </div>
      </header>
      {initial ? (
        <AgentForm
          key={`${agentId ?? 'new'}-${details.isError ? 'list' : 'details'}`}
          language={language}
          agentId={agentId}
          initial={initial}
        />
      ) : (
        <p className="cp-muted" data-testid="agent-loading">
          {t('companyPortal.loading')}
        </p>
      )}
    </section>
  );
}
