import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z, type ZodType } from 'zod';
import {
  IDENTITY_API,
  brnSchema,
  countryCodeSchema,
  createAgentSchema,
  emailSchema,
  mobileSchema,
  nameSchema,
  passwordSchema,
  type Language,
  type Site,
  SITE_FACTS,
} from '@manzil/contracts';
import {
  ApiError,
  Button,
  CheckboxField,
  ImageUpload,
  PasswordField,
  PhoneField,
  TextAreaField,
  TextField,
  avatarLetter,
  buttonClassName,
  passwordMismatch,
  useForm,
} from '@manzil/ui';
import {
  agentDetailSchema,
  identityFetch,
  isEntitlementRefusal,
  uploadPicture,
  type AgentDetail,
  type AgentSummary,
} from './agents-api.js';
import { usePortalFeedback } from './feedback.js';

export const AGENT_LANGUAGES = [
  'Arabic',
  'English',
  'Hindi',
  'Urdu',
  'French',
  'Russian',
  'Persian',
  'Tagalog',
  'Chinese',
  'Spanish',
] as const;

/**
 * Editing keeps the password unless a new one is typed. contracts has no update schema for an
 * agent, so this one is built from the same rules (same messages) as createAgentSchema.
 */
export const editAgentSchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    email: emailSchema,
    countryCode: countryCodeSchema,
    mobile: mobileSchema,
    whatsapp: z.boolean(),
    nationality: z.string().trim().max(50).optional(),
    languages: z.array(z.string().max(30)).max(10),
    designation: z.string().trim().max(50).optional(),
    brn: brnSchema,
    bio: z.string().trim().max(1000).optional(),
    pictureId: z.string().min(1).optional(),
    password: passwordSchema.optional(),
    confirmPassword: z.string().optional(),
  })
  .refine((agent) => (agent.password ?? '') === (agent.confirmPassword ?? ''), {
    message: 'password.mismatch',
    path: ['confirmPassword'],
  });

const blank = (value: string) => (value.trim() === '' ? undefined : value);

interface AgentValues {
  firstName: string;
  lastName: string;
  email: string;
  countryCode: '+971' | '+966';
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
    countryCode: agent?.countryCode ?? (SITE_FACTS[site].phonePrefix as '+971' | '+966'),
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
  const navigate = useNavigate();
  const { toast, withLoader } = usePortalFeedback();
  const [needsPlan, setNeedsPlan] = useState(false);
  const form = useForm<AgentValues>(language, initial);
  const { values, setValue, error } = form;
  const editing = agentId !== null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setNeedsPlan(false);
    const input = {
      ...values,
      nationality: blank(values.nationality),
      designation: blank(values.designation),
      bio: blank(values.bio),
      pictureId: editing ? blank(values.pictureId) : values.pictureId,
      password: editing ? blank(values.password) : values.password,
      confirmPassword: editing ? blank(values.confirmPassword) : values.confirmPassword,
    };
    const body = form.validate(
      (editing ? editAgentSchema : createAgentSchema) as ZodType<unknown>,
      input,
      passwordMismatch,
    );
    if (!body) return;
    try {
      const envelope = await withLoader(
        identityFetch(editing ? IDENTITY_API.agent(agentId) : IDENTITY_API.agents, {
          language,
          method: editing ? 'PUT' : 'POST',
          body,
        }),
      );
      toast('success', envelope.message || t(editing ? 'companyPortal.saved' : 'companyPortal.added'));
      navigate('/myAgents');
    } catch (failure) {
      if (!editing && isEntitlementRefusal(failure)) {
        setNeedsPlan(true);
        return;
      }
      if (form.showApiError(failure)) return;
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
      onSubmit={(event) => void onSubmit(event)}
      data-testid="agent-form"
    >
      {needsPlan ? (
        <div className="cp-alert" role="alert" data-testid="needs-subscription">
          <strong>{t('companyPortal.subscription.required')}</strong>
          <Link to="/" className={buttonClassName('primary', 'sm')}>
            {t('companyPortal.subscription.plans')}
          </Link>
        </div>
      ) : null}
      <ImageUpload
        label={t('companyPortal.field.picture')}
        url={values.pictureUrl}
        emptyMark={values.firstName ? avatarLetter(values.firstName) : '+'}
        upload={(file) => uploadPicture(file, language)}
        onUploaded={({ id, url }) => {
          setValue('pictureId', id);
          setValue('pictureUrl', url);
        }}
        error={error('pictureId')}
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
      <fieldset className="cp-fieldset">
        <legend>{t('companyPortal.section.details')}</legend>
        <div className="mz-form__row">
          <TextField
            label={t('companyPortal.field.firstName')}
            value={values.firstName}
            onChange={(v) => setValue('firstName', v)}
            error={error('firstName')}
            testId="agent-firstName"
          />
          <TextField
            label={t('companyPortal.field.lastName')}
            value={values.lastName}
            onChange={(v) => setValue('lastName', v)}
            error={error('lastName')}
            testId="agent-lastName"
          />
        </div>
        <TextField
          label={t('companyPortal.field.email')}
          type="email"
          dir="ltr"
          value={values.email}
          onChange={(v) => setValue('email', v)}
          error={error('email')}
          testId="agent-email"
        />
        <PhoneField
          label={t('companyPortal.field.mobile')}
          codeLabel={t('companyPortal.field.countryCode')}
          countryCode={values.countryCode}
          mobile={values.mobile}
          onCountryCodeChange={(v) => setValue('countryCode', v)}
          onMobileChange={(v) => setValue('mobile', v)}
          error={error('mobile') ?? error('countryCode')}
          testId="agent-mobile"
        />
        <CheckboxField
          label={t('companyPortal.field.whatsapp')}
          checked={values.whatsapp}
          onChange={(v) => setValue('whatsapp', v)}
          testId="agent-whatsapp"
        />
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>{t('companyPortal.section.work')}</legend>
        <div className="mz-form__row">
          <TextField
            label={t('companyPortal.field.brn')}
            value={values.brn}
            maxLength={12}
            onChange={(v) => setValue('brn', v)}
            error={error('brn')}
            testId="agent-brn"
          />
          <TextField
            label={t('companyPortal.field.designation')}
            value={values.designation}
            maxLength={50}
            onChange={(v) => setValue('designation', v)}
            error={error('designation')}
            testId="agent-designation"
          />
        </div>
        <TextField
          label={t('companyPortal.field.nationality')}
          value={values.nationality}
          maxLength={50}
          onChange={(v) => setValue('nationality', v)}
          error={error('nationality')}
          testId="agent-nationality"
        />
        <fieldset className="cp-chips">
          <legend className="mz-field__label">{t('companyPortal.field.languages')}</legend>
          {AGENT_LANGUAGES.map((name) => {
            const on = values.languages.includes(name);
            return (
              <label key={name} className={on ? 'cp-chip cp-chip--on' : 'cp-chip'}>
                <input
                  type="checkbox"
                  className="mz-visually-hidden"
                  checked={on}
                  onChange={() =>
                    setValue(
                      'languages',
                      on ? values.languages.filter((l) => l !== name) : [...values.languages, name],
                    )
                  }
                />
                {t(`companyPortal.language.${name}`)}
              </label>
            );
          })}
        </fieldset>
        <TextAreaField
          label={t('companyPortal.field.bio')}
          value={values.bio}
          maxLength={1000}
          onChange={(v) => setValue('bio', v)}
          error={error('bio')}
          testId="agent-bio"
        />
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>
          {t(editing ? 'companyPortal.section.passwordEdit' : 'companyPortal.section.password')}
        </legend>
        <div className="mz-form__row">
          <PasswordField
            label={t('companyPortal.field.password')}
            value={values.password}
            onChange={(v) => setValue('password', v)}
            autoComplete="new-password"
            error={error('password')}
            hint={t('companyPortal.field.passwordHint')}
            showLabel={t('companyPortal.show')}
            hideLabel={t('companyPortal.hide')}
            testId="agent-password"
          />
          <PasswordField
            label={t('companyPortal.field.confirmPassword')}
            value={values.confirmPassword}
            onChange={(v) => setValue('confirmPassword', v)}
            autoComplete="new-password"
            error={error('confirmPassword')}
            showLabel={t('companyPortal.show')}
            hideLabel={t('companyPortal.hide')}
            testId="agent-confirm"
          />
        </div>
      </fieldset>
      <div className="cp-form__actions">
        <Link to="/myAgents" className={buttonClassName('secondary')}>
          {t('companyPortal.cancel')}
        </Link>
        <Button type="submit" data-testid="agent-submit">
          {t(editing ? 'companyPortal.save' : 'companyPortal.add.submit')}
        </Button>
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
  const [initial, setInitial] = useState<AgentValues | null>(() =>
    agentId === null ? valuesOf(null, site) : null,
  );

  useEffect(() => {
    if (agentId === null) {
      setInitial(valuesOf(null, site));
      return;
    }
    const controller = new AbortController();
    identityFetch(IDENTITY_API.agent(agentId), {
      language,
      results: agentDetailSchema,
      signal: controller.signal,
    })
      .then(({ results }) => setInitial(valuesOf(results, site)))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('company-portal: agent details unavailable, editing what the list showed', error);
        setInitial(valuesOf(fromList?.id === agentId ? fromList : null, site));
      });
    return () => controller.abort();
  }, [agentId, language, site, fromList]);

  return (
    <section className="cp-page cp-page--narrow" data-testid="add-agent-page">
      <header className="cp-page__head">
        <div>
          <Link to="/myAgents" className="cp-back">
            {t('companyPortal.toAgents')}
          </Link>
          <h1 className="cp-title">{t(agentId ? 'companyPortal.edit.title' : 'companyPortal.add.title')}</h1>
          <p className="cp-subtitle">
            {t(agentId ? 'companyPortal.edit.description' : 'companyPortal.add.description')}
          </p>
        </div>
      </header>
      {initial ? (
        <AgentForm key={agentId ?? 'new'} language={language} agentId={agentId} initial={initial} />
      ) : (
        <p className="cp-muted" data-testid="agent-loading">
          {t('companyPortal.loading')}
        </p>
      )}
    </section>
  );
}
