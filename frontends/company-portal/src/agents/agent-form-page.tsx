import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ZodType } from 'zod';
import {
  IDENTITY_API,
  createAgentSchema,
  updateAgentSchema,
  type Language,
  type Site,
  SITE_FACTS,
} from '@manzil/contracts';
import {
  AgentProfileFields,
  ApiError,
  Button,
  CheckboxField,
  ContactFields,
  ImageUpload,
  PasswordPairFields,
  PersonNameFields,
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

/** Editing keeps the password unless a new one is typed (contracts' update schema, same rules and messages). */
export const editAgentSchema = updateAgentSchema;

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
  const label = (field: string) => t(`companyPortal.field.${field}`);
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
        <PersonNameFields
          firstName={values.firstName}
          lastName={values.lastName}
          onChange={setValue}
          label={label}
          error={error}
          testIdPrefix="agent"
        />
        <ContactFields
          email={values.email}
          countryCode={values.countryCode}
          mobile={values.mobile}
          onEmailChange={(v) => setValue('email', v)}
          onCountryCodeChange={(v) => setValue('countryCode', v)}
          onMobileChange={(v) => setValue('mobile', v)}
          label={label}
          error={error}
          testIdPrefix="agent"
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
        <AgentProfileFields
          brn={values.brn}
          designation={values.designation}
          nationality={values.nationality}
          languages={values.languages}
          bio={values.bio}
          onChange={setValue}
          onLanguagesChange={(languages) => setValue('languages', languages)}
          languageName={(name) => t(`companyPortal.language.${name}`)}
          label={label}
          error={error}
          testIdPrefix="agent"
        />
      </fieldset>
      <fieldset className="cp-fieldset">
        <legend>
          {t(editing ? 'companyPortal.section.passwordEdit' : 'companyPortal.section.password')}
        </legend>
        <PasswordPairFields
          password={values.password}
          confirmPassword={values.confirmPassword}
          onChange={setValue}
          label={label}
          error={error}
          testIdPrefix="agent"
          showLabel={t('companyPortal.show')}
          hideLabel={t('companyPortal.hide')}
        />
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
