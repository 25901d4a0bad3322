import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from '@manzil/ui/router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { Control, FieldValues, UseFormReturn } from 'react-hook-form';
import {
  IDENTITY_API,
  SITE_FACTS,
  registerAgentSchema,
  registerCompanySchema,
  registerCustomerSchema,
  unverifiedResultsSchema,
  type LoginType,
  type Site,
} from '@manzil/contracts';
import {
  AgentProfileFields,
  CheckboxField,
  ContactFields,
  FormErrorSummary,
  ImageUploadField,
  PasswordPairFields,
  PersonNameFields,
  SelectField,
  SubmitButton,
  TextField,
  passwordMismatch,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { AuthLayout } from './auth-layout.js';
import { GoogleButton } from './google-button.js';
import { useFeedback } from './feedback.js';
import {
  KIND_OF_LOGIN_TYPE,
  LOGIN_TYPE_LIST,
  companiesQuery,
  identityFetch,
  loginTypeParam,
  uploadImage,
} from './identity.js';
import { pendingVerification, savePendingVerification } from './pending-verification.js';
import { useShell } from './shell-context.js';
import { useUploadTexts } from './upload-texts.js';

const registeredSchema = unverifiedResultsSchema.extend({
  expiresInSeconds: z.number().int().positive().optional(),
  resendInSeconds: z.number().int().nonnegative().optional(),
});

/** What zod reports only once every field is valid: confirm password, company or freelancer. */
function crossFieldRules(values: {
  freelancer?: boolean;
  companyId?: string;
  password?: string;
  confirmPassword?: string;
}): Record<string, string> {
  const needsCompany = values.freelancer === false && !values.companyId;
  return { ...passwordMismatch(values), ...(needsCompany ? { companyId: 'company.required' } : {}) };
}

const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value);

/** What every sign-up form starts with besides its own fields. */
interface SignUpValues {
  email: string;
  countryCode: string;
  mobile: string;
  password: string;
  confirmPassword: string;
  termsAccepted: boolean;
}

const signUpDefaults = (site: Site): SignUpValues => ({
  email: '',
  countryCode: SITE_FACTS[site].phonePrefix,
  mobile: '',
  password: '',
  confirmPassword: '',
  termsAccepted: false,
});

/**
 * Sends a sign-up, then carries the account to /otpVerify (the OTP has been sent). A 422
 * goes beside its fields; anything else is a toast. The form's submit button is busy
 * meanwhile (no veil over the page).
 */
function useRegister<V extends FieldValues>(loginType: LoginType, form: UseFormReturn<V, unknown, unknown>) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { language } = useShell();
  const { toast } = useFeedback();
  const register = useMutation({
    mutationFn: (payload: unknown) =>
      identityFetch(IDENTITY_API.register(KIND_OF_LOGIN_TYPE[loginType]), {
        language,
        method: 'POST',
        body: payload,
        results: registeredSchema,
        endsSession: false,
      }),
  });
  return async (payload: unknown) => {
    try {
      const envelope = await register.mutateAsync(payload);
      const pending = pendingVerification(envelope.results, loginType);
      savePendingVerification(pending);
      navigate('/otpVerify', { state: pending });
    } catch (error) {
      if (showServerErrors(form, error)) return;
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

/** The field groups' labels: `shell.form.<field>`. */
const formLabel = (t: (id: string) => string) => (field: string) => t(`shell.form.${field}`);

/** A sign-up form: its summary, its fields, then password + confirm, the terms and the submit. */
function SignUpForm<V extends SignUpValues>({
  form,
  onValid,
  loginType,
  children,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  onValid: (output: unknown) => Promise<void>;
  loginType: LoginType;
  children: ReactNode;
}) {
  const t = useText();
  // The closing groups only need the shared fields.
  const control = form.control as unknown as Control<SignUpValues>;
  return (
    <form
      className="mz-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid={`register-form-${loginType}`}
    >
      <FormErrorSummary control={form.control} setFocus={form.setFocus} />
      {children}
      <PasswordPairFields
        control={control}
        label={formLabel(t)}
        testIdPrefix="register"
        showLabel={t('shell.form.show')}
        hideLabel={t('shell.form.hide')}
      />
      <CheckboxField
        control={control}
        name="termsAccepted"
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
      <SubmitButton control={control} size="lg" data-testid="register-submit">
        {t('shell.register.submit')}
      </SubmitButton>
    </form>
  );
}

interface CustomerValues extends SignUpValues {
  firstName: string;
  lastName: string;
}

function CustomerForm() {
  const t = useText();
  const { site } = useShell();
  const form = useContractForm<CustomerValues>({
    schema: registerCustomerSchema,
    defaultValues: { firstName: '', lastName: '', ...signUpDefaults(site) },
    crossField: crossFieldRules,
  });
  const register = useRegister('Customer', form);
  return (
    <SignUpForm form={form} onValid={register} loginType="Customer">
      <PersonNameFields control={form.control} label={formLabel(t)} testIdPrefix="register" autoComplete />
      <ContactFields control={form.control} label={formLabel(t)} testIdPrefix="register" autoComplete />
    </SignUpForm>
  );
}

interface AgentValues extends CustomerValues {
  whatsapp: boolean;
  nationality: string;
  languages: string[];
  designation: string;
  brn: string;
  companyId: string;
  freelancer: boolean;
  bio: string;
  pictureId: string;
  pictureUrl: string | null;
}

/** The picture or logo is sent as soon as it is chosen; the form then sends its id. */
function useImageUpload() {
  const { language } = useShell();
  return useMutation({ mutationFn: (file: File) => uploadImage(file, language) }).mutateAsync;
}

function AgentForm() {
  const t = useText();
  const { language, site } = useShell();
  const { data: companies } = useQuery(companiesQuery(language));
  const uploadTexts = useUploadTexts();
  const upload = useImageUpload();
  const form = useContractForm<AgentValues>({
    schema: registerAgentSchema,
    defaultValues: {
      ...signUpDefaults(site),
      firstName: '',
      lastName: '',
      whatsapp: false,
      nationality: '',
      languages: [],
      designation: '',
      brn: '',
      companyId: '',
      freelancer: false,
      bio: '',
      pictureId: '',
      pictureUrl: null,
    },
    toInput: ({ pictureUrl: _shown, ...values }) => ({
      ...values,
      nationality: blankToUndefined(values.nationality),
      designation: blankToUndefined(values.designation),
      bio: blankToUndefined(values.bio),
      companyId: values.freelancer ? undefined : blankToUndefined(values.companyId),
    }),
    crossField: crossFieldRules,
  });
  const register = useRegister('Agent', form);
  const freelancer = form.watch('freelancer');
  return (
    <SignUpForm form={form} onValid={register} loginType="Agent">
      <ImageUploadField
        control={form.control}
        name="pictureId"
        previewName="pictureUrl"
        label={t('shell.form.picture')}
        upload={upload}
        texts={uploadTexts}
        testId="register-picture"
      />
      <PersonNameFields control={form.control} label={formLabel(t)} testIdPrefix="register" autoComplete />
      <ContactFields control={form.control} label={formLabel(t)} testIdPrefix="register" autoComplete />
      <CheckboxField
        control={form.control}
        name="whatsapp"
        label={t('shell.form.whatsapp')}
        testId="register-whatsapp"
      />
      <AgentProfileFields
        control={form.control}
        languageName={(name) => t(`shell.language.${name}`)}
        label={formLabel(t)}
        testIdPrefix="register"
      >
        <SelectField
          control={form.control}
          name="companyId"
          label={t('shell.form.company')}
          placeholder={t('shell.form.companyPlaceholder')}
          options={(companies?.items ?? []).map((company) => ({ value: company.id, label: company.name }))}
          disabled={freelancer}
          hideError={freelancer}
          testId="register-company"
        />
        <CheckboxField
          control={form.control}
          name="freelancer"
          label={t('shell.form.freelancer')}
          testId="register-freelancer"
        />
      </AgentProfileFields>
    </SignUpForm>
  );
}

interface CompanyValues extends SignUpValues {
  name: string;
  orn: string;
  authorizedPerson: string;
  headOffice: string;
  logoId: string;
  logoUrl: string | null;
  latitude: string;
  longitude: string;
}

/** A coordinate as typed: digits, one point, a leading minus. */
const decimal = (value: string) => value.replace(/[^\d.-]/g, '').replace(/(\..*)\./g, '$1');

function CompanyForm() {
  const t = useText();
  const { site } = useShell();
  const uploadTexts = useUploadTexts();
  const upload = useImageUpload();
  const form = useContractForm<CompanyValues>({
    schema: registerCompanySchema,
    defaultValues: {
      name: '',
      orn: '',
      authorizedPerson: '',
      headOffice: '',
      ...signUpDefaults(site),
      logoId: '',
      logoUrl: null,
      latitude: '',
      longitude: '',
    },
    toInput: ({ logoUrl: _shown, ...values }) => ({
      ...values,
      latitude: blankToUndefined(values.latitude),
      longitude: blankToUndefined(values.longitude),
    }),
    crossField: crossFieldRules,
  });
  const register = useRegister('Company', form);
  const { control } = form;
  return (
    <SignUpForm form={form} onValid={register} loginType="Company">
      <ImageUploadField
        control={control}
        name="logoId"
        previewName="logoUrl"
        label={t('shell.form.logo')}
        shape="square"
        upload={upload}
        texts={uploadTexts}
        testId="register-logo"
      />
      <TextField
        control={control}
        name="name"
        label={t('shell.form.companyName')}
        autoComplete="organization"
        testId="register-name"
      />
      <div className="mz-form__row">
        <TextField
          control={control}
          name="orn"
          label={t('shell.form.orn')}
          maxLength={20}
          testId="register-orn"
        />
        <TextField
          control={control}
          name="authorizedPerson"
          label={t('shell.form.authorizedPerson')}
          testId="register-authorizedPerson"
        />
      </div>
      <TextField
        control={control}
        name="headOffice"
        label={t('shell.form.headOffice')}
        maxLength={200}
        autoComplete="street-address"
        testId="register-headOffice"
      />
      <div className="mz-form__row">
        <TextField
          control={control}
          name="latitude"
          label={t('shell.form.latitude')}
          inputMode="decimal"
          dir="ltr"
          transform={decimal}
          testId="register-latitude"
        />
        <TextField
          control={control}
          name="longitude"
          label={t('shell.form.longitude')}
          inputMode="decimal"
          dir="ltr"
          transform={decimal}
          testId="register-longitude"
        />
      </div>
      <ContactFields control={control} label={formLabel(t)} testIdPrefix="register" autoComplete />
    </SignUpForm>
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
      kinds={{
        label: t('shell.auth.kind'),
        value: loginType,
        options: LOGIN_TYPE_LIST.map((type) => ({ value: type, label: t(`shell.register.kind.${type}`) })),
        onChange: (type) => setParams({ type }, { replace: true }),
      }}
    >
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
