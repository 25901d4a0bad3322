import { useEffect, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z, type ZodType } from 'zod';
import {
  IDENTITY_API,
  SITE_FACTS,
  pageSchema,
  registerAgentSchema,
  registerCompanySchema,
  registerCustomerSchema,
  unverifiedResultsSchema,
  type LoginType,
  type Site,
} from '@manzil/contracts';
import {
  AgentProfileFields,
  Button,
  CheckboxField,
  ContactFields,
  ImageUpload,
  PasswordPairFields,
  PersonNameFields,
  SelectField,
  TextField,
  passwordMismatch,
  useForm,
  type FieldProblems,
} from '@manzil/ui';
import { AuthLayout, KindTabs } from './auth-layout.js';
import { GoogleButton } from './google-button.js';
import { useFeedback } from './feedback.js';
import {
  KIND_OF_LOGIN_TYPE,
  LOGIN_TYPE_LIST,
  identityFetch,
  loginTypeParam,
  uploadImage,
} from './identity.js';
import { pendingVerification, savePendingVerification } from './pending-verification.js';
import { useShell } from './shell-context.js';
import { useUploadTexts } from './upload-texts.js';

type CountryCode = '+971' | '+966';
const registeredSchema = unverifiedResultsSchema.extend({
  expiresInSeconds: z.number().int().positive().optional(),
  resendInSeconds: z.number().int().nonnegative().optional(),
});
/** What zod reports only once every field is valid: confirm password, company or freelancer. */
function crossFieldProblems(values: {
  freelancer?: boolean;
  companyId?: string;
  password?: string;
  confirmPassword?: string;
}): FieldProblems {
  const needsCompany = values.freelancer === false && !values.companyId;
  return { ...passwordMismatch(values), ...(needsCompany ? { companyId: { key: 'company.required' } } : {}) };
}

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/** Sends a sign-up, then carries the account to /otpVerify (the OTP has been sent). */
function useRegister(loginType: LoginType) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { language } = useShell();
  const { toast, withLoader } = useFeedback();
  return async <T,>(
    form: {
      validate: (
        schema: ZodType<T>,
        input: unknown,
        crossField?: (input: never) => FieldProblems,
      ) => T | null;
      showApiError: (error: unknown) => boolean;
    },
    schema: ZodType<T>,
    input: unknown,
  ) => {
    const payload = form.validate(schema, input, crossFieldProblems);
    if (!payload) return;
    try {
      const envelope = await withLoader(
        identityFetch(IDENTITY_API.register(KIND_OF_LOGIN_TYPE[loginType]), {
          language,
          method: 'POST',
          body: payload,
          results: registeredSchema,
          endsSession: false,
        }),
      );
      const pending = pendingVerification(envelope.results, loginType);
      savePendingVerification(pending);
      navigate('/otpVerify', { state: pending });
    } catch (error) {
      if (form.showApiError(error)) return;
      toast(
        'danger',
        error instanceof Error && error.message
          ? error.message
          : intl.formatMessage({ id: 'shell.error.generic' }),
      );
    }
  };
}

function useText() {
  const intl = useIntl();
  return (id: string) => intl.formatMessage({ id });
}

function TermsField({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  error?: string;
}) {
  const t = useText();
  return (
    <CheckboxField
      checked={checked}
      onChange={onChange}
      error={error}
      testId="register-terms"
      label={
        <>
          {t('shell.register.terms.before')}{' '}
          <Link to="/termsandCondition" target="_blank" className="auth__link">
            {t('shell.register.terms.link')}
          </Link>
        </>
      }
    />
  );
}

/** The field groups' labels: `shell.form.<field>`. */
const formLabel = (t: (id: string) => string) => (field: string) => t(`shell.form.${field}`);

/** Password + confirm, e-mail + mobile, names: the groups every sign-up form shares. */
function PasswordPair({
  password,
  confirmPassword,
  onChange,
  error,
}: {
  password: string;
  confirmPassword: string;
  onChange: (field: 'password' | 'confirmPassword', value: string) => void;
  error: (field: string) => string | undefined;
}) {
  const t = useText();
  return (
    <PasswordPairFields
      password={password}
      confirmPassword={confirmPassword}
      onChange={onChange}
      label={formLabel(t)}
      error={error}
      testIdPrefix="register"
      showLabel={t('shell.form.show')}
      hideLabel={t('shell.form.hide')}
    />
  );
}

type ContactValues = { email: string; countryCode: CountryCode; mobile: string };

function Contact<V extends ContactValues>({
  values,
  setValue,
  error,
}: {
  values: V;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  error: (field: string) => string | undefined;
}) {
  const t = useText();
  return (
    <ContactFields
      email={values.email}
      countryCode={values.countryCode}
      mobile={values.mobile}
      onEmailChange={(v) => setValue('email', v as V['email'])}
      onCountryCodeChange={(v) => setValue('countryCode', v as V['countryCode'])}
      onMobileChange={(v) => setValue('mobile', v as V['mobile'])}
      label={formLabel(t)}
      error={error}
      testIdPrefix="register"
      autoComplete
    />
  );
}

type ClosingValues = { password: string; confirmPassword: string; termsAccepted: boolean };

/** The end of every sign-up form: password + confirm, the terms, the submit button. */
function PasswordTermsSubmit<V extends ClosingValues>({
  values,
  setValue,
  error,
}: {
  values: V;
  setValue: <K extends keyof V>(name: K, value: V[K]) => void;
  error: (field: string) => string | undefined;
}) {
  const t = useText();
  return (
    <>
      <PasswordPair
        password={values.password}
        confirmPassword={values.confirmPassword}
        onChange={(field, value) => setValue(field, value as V[typeof field])}
        error={error}
      />
      <TermsField
        checked={values.termsAccepted}
        onChange={(v) => setValue('termsAccepted', v as V['termsAccepted'])}
        error={error('termsAccepted')}
      />
      <Button type="submit" size="lg" data-testid="register-submit">
        {t('shell.register.submit')}
      </Button>
    </>
  );
}

/** What every sign-up form starts with besides its own fields. */
const signUpDefaults = (site: Site) => ({
  email: '',
  countryCode: SITE_FACTS[site].phonePrefix as CountryCode,
  mobile: '',
  password: '',
  confirmPassword: '',
  termsAccepted: false,
});

function CustomerForm() {
  const t = useText();
  const { language, site } = useShell();
  const register = useRegister('Customer');
  const form = useForm(language, { firstName: '', lastName: '', ...signUpDefaults(site) });
  const { values, setValue, error } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void register(form, registerCustomerSchema, values);
  };
  return (
    <form className="mz-form" noValidate onSubmit={onSubmit} data-testid="register-form-Customer">
      <PersonNameFields
        firstName={values.firstName}
        lastName={values.lastName}
        onChange={setValue}
        label={formLabel(t)}
        error={error}
        testIdPrefix="register"
        autoComplete
      />
      <Contact values={values} setValue={setValue} error={error} />
      <PasswordTermsSubmit values={values} setValue={setValue} error={error} />
    </form>
  );
}

const companiesSchema = pageSchema(
  z.object({ id: z.string(), name: z.string(), logo: z.string().nullable().optional() }),
);

/** Companies an agent can join (IDENTITY_API.companies); empty when the call fails. */
function useCompanies() {
  const { language } = useShell();
  const [companies, setCompanies] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    identityFetch(IDENTITY_API.companies, {
      language,
      query: { page: 1, limit: 100 },
      results: companiesSchema,
      signal: controller.signal,
      endsSession: false,
    })
      .then((envelope) => setCompanies(envelope.results.items))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('shell: companies unavailable', error);
      });
    return () => controller.abort();
  }, [language]);
  return companies;
}

function AgentForm() {
  const t = useText();
  const { language, site } = useShell();
  const register = useRegister('Agent');
  const companies = useCompanies();
  const uploadTexts = useUploadTexts();
  const form = useForm(language, {
    ...signUpDefaults(site),
    firstName: '',
    lastName: '',
    whatsapp: false,
    nationality: '',
    languages: [] as string[],
    designation: '',
    brn: '',
    companyId: '',
    freelancer: false,
    bio: '',
    pictureId: '',
    pictureUrl: null as string | null,
  });
  const { values, setValue, error } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { pictureUrl: _shown, ...rest } = values;
    void register(form, registerAgentSchema, {
      ...rest,
      nationality: blankToUndefined(values.nationality),
      designation: blankToUndefined(values.designation),
      bio: blankToUndefined(values.bio),
      companyId: values.freelancer ? undefined : blankToUndefined(values.companyId),
    });
  };
  return (
    <form className="mz-form" noValidate onSubmit={onSubmit} data-testid="register-form-Agent">
      <ImageUpload
        label={t('shell.form.picture')}
        url={values.pictureUrl}
        upload={(file) => uploadImage(file, language)}
        onUploaded={({ id, url }) => {
          setValue('pictureId', id);
          setValue('pictureUrl', url);
        }}
        error={error('pictureId')}
        texts={uploadTexts}
        testId="register-picture"
      />
      <PersonNameFields
        firstName={values.firstName}
        lastName={values.lastName}
        onChange={setValue}
        label={formLabel(t)}
        error={error}
        testIdPrefix="register"
        autoComplete
      />
      <Contact values={values} setValue={setValue} error={error} />
      <CheckboxField
        label={t('shell.form.whatsapp')}
        checked={values.whatsapp}
        onChange={(v) => setValue('whatsapp', v)}
        testId="register-whatsapp"
      />
      <AgentProfileFields
        brn={values.brn}
        designation={values.designation}
        nationality={values.nationality}
        languages={values.languages}
        bio={values.bio}
        onChange={setValue}
        onLanguagesChange={(languages) => setValue('languages', languages)}
        languageName={(name) => t(`shell.language.${name}`)}
        label={formLabel(t)}
        error={error}
        testIdPrefix="register"
      >
        <SelectField
          label={t('shell.form.company')}
          value={values.freelancer ? '' : values.companyId}
          placeholder={t('shell.form.companyPlaceholder')}
          options={companies.map((company) => ({ value: company.id, label: company.name }))}
          onChange={(v) => setValue('companyId', v)}
          disabled={values.freelancer}
          error={values.freelancer ? undefined : error('companyId')}
          testId="register-company"
        />
        <CheckboxField
          label={t('shell.form.freelancer')}
          checked={values.freelancer}
          onChange={(v) => setValue('freelancer', v)}
          testId="register-freelancer"
        />
      </AgentProfileFields>
      <PasswordTermsSubmit values={values} setValue={setValue} error={error} />
    </form>
  );
}

function CompanyForm() {
  const t = useText();
  const { language, site } = useShell();
  const register = useRegister('Company');
  const uploadTexts = useUploadTexts();
  const form = useForm(language, {
    name: '',
    orn: '',
    authorizedPerson: '',
    headOffice: '',
    ...signUpDefaults(site),
    logoId: '',
    logoUrl: null as string | null,
    latitude: '',
    longitude: '',
  });
  const { values, setValue, error } = form;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { logoUrl: _shown, ...rest } = values;
    void register(form, registerCompanySchema, {
      ...rest,
      latitude: blankToUndefined(values.latitude),
      longitude: blankToUndefined(values.longitude),
    });
  };
  const decimal = (value: string) => value.replace(/[^\d.-]/g, '').replace(/(\..*)\./g, '$1');
  return (
    <form className="mz-form" noValidate onSubmit={onSubmit} data-testid="register-form-Company">
      <ImageUpload
        label={t('shell.form.logo')}
        url={values.logoUrl}
        shape="square"
        upload={(file) => uploadImage(file, language)}
        onUploaded={({ id, url }) => {
          setValue('logoId', id);
          setValue('logoUrl', url);
        }}
        error={error('logoId')}
        texts={uploadTexts}
        testId="register-logo"
      />
      <TextField
        label={t('shell.form.companyName')}
        value={values.name}
        onChange={(v) => setValue('name', v)}
        autoComplete="organization"
        error={error('name')}
        testId="register-name"
      />
      <div className="mz-form__row">
        <TextField
          label={t('shell.form.orn')}
          value={values.orn}
          maxLength={20}
          onChange={(v) => setValue('orn', v)}
          error={error('orn')}
          testId="register-orn"
        />
        <TextField
          label={t('shell.form.authorizedPerson')}
          value={values.authorizedPerson}
          onChange={(v) => setValue('authorizedPerson', v)}
          error={error('authorizedPerson')}
          testId="register-authorizedPerson"
        />
      </div>
      <TextField
        label={t('shell.form.headOffice')}
        value={values.headOffice}
        maxLength={200}
        onChange={(v) => setValue('headOffice', v)}
        autoComplete="street-address"
        error={error('headOffice')}
        testId="register-headOffice"
      />
      <div className="mz-form__row">
        <TextField
          label={t('shell.form.latitude')}
          inputMode="decimal"
          dir="ltr"
          value={values.latitude}
          onChange={(v) => setValue('latitude', decimal(v))}
          error={error('latitude')}
          testId="register-latitude"
        />
        <TextField
          label={t('shell.form.longitude')}
          inputMode="decimal"
          dir="ltr"
          value={values.longitude}
          onChange={(v) => setValue('longitude', decimal(v))}
          error={error('longitude')}
          testId="register-longitude"
        />
      </div>
      <Contact values={values} setValue={setValue} error={error} />
      <PasswordTermsSubmit values={values} setValue={setValue} error={error} />
    </form>
  );
}

/** `/register?type=Customer|Agent|Company`: every field of the contracts' schemas (spec §3/§5). */
export function RegisterPage() {
  const t = useText();
  const [params, setParams] = useSearchParams();
  const loginType = loginTypeParam(params.get('type'));
  return (
    <AuthLayout
      testId="register-page"
      title={t('shell.auth.register.title')}
      subtitle={t('shell.register.subtitle')}
      wide
    >
      <KindTabs<LoginType>
        label={t('shell.auth.kind')}
        value={loginType}
        options={LOGIN_TYPE_LIST.map((type) => ({ value: type, label: t(`shell.register.kind.${type}`) }))}
        onChange={(type) => setParams({ type }, { replace: true })}
      />
      {loginType === 'Agent' ? <AgentForm /> : loginType === 'Company' ? <CompanyForm /> : <CustomerForm />}
      {/* Google sign-up makes customers only: agents and companies need BRN/ORN and a picture/logo. */}
      {loginType === 'Customer' ? <GoogleButton loginType={loginType} /> : null}
      <p className="auth__switch">
        {t('shell.auth.haveAccount')}{' '}
        <Link to={`/login?type=${loginType}`} className="auth__link">
          {t('shell.auth.login.link')}
        </Link>
      </p>
    </AuthLayout>
  );
}
