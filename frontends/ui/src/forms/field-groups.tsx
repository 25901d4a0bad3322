import type { ReactNode } from 'react';
import type { COUNTRY_CODES } from '@manzil/contracts';
import { PasswordField, PhoneField, TextAreaField, TextField } from './fields.js';

/**
 * Groups of fields that the sign-up forms, the company's agent form and the profile share.
 * Each app passes its own texts: `label(field)` gives the label of a field by its name
 * (`firstName`, `email`, `passwordHint`, ...), and test ids are `${testIdPrefix}-<name>`.
 */
interface GroupProps<F extends string> {
  /** The label of a field, in the page's language. */
  label: (field: F) => string;
  /** The error shown beside a field (useForm's `error`). */
  error: (field: string) => string | undefined;
  /** `register` → `register-firstName`, `register-email`, ... */
  testIdPrefix: string;
}

type CountryCode = (typeof COUNTRY_CODES)[number];

export interface PersonNameFieldsProps extends GroupProps<'firstName' | 'lastName'> {
  firstName: string;
  lastName: string;
  onChange: (field: 'firstName' | 'lastName', value: string) => void;
  /** Lets the browser fill them (given-name / family-name). */
  autoComplete?: boolean;
}

/** First and last name side by side. */
export function PersonNameFields({
  firstName,
  lastName,
  onChange,
  label,
  error,
  testIdPrefix,
  autoComplete,
}: PersonNameFieldsProps) {
  return (
    <div className="mz-form__row">
      <TextField
        label={label('firstName')}
        value={firstName}
        onChange={(v) => onChange('firstName', v)}
        autoComplete={autoComplete ? 'given-name' : undefined}
        error={error('firstName')}
        testId={`${testIdPrefix}-firstName`}
      />
      <TextField
        label={label('lastName')}
        value={lastName}
        onChange={(v) => onChange('lastName', v)}
        autoComplete={autoComplete ? 'family-name' : undefined}
        error={error('lastName')}
        testId={`${testIdPrefix}-lastName`}
      />
    </div>
  );
}

export interface EmailFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  testId: string;
  autoComplete?: boolean;
}

/** An e-mail address: reads left to right in both languages. */
export function EmailField({ label, value, onChange, error, testId, autoComplete }: EmailFieldProps) {
  return (
    <TextField
      label={label}
      type="email"
      dir="ltr"
      value={value}
      onChange={onChange}
      autoComplete={autoComplete ? 'email' : undefined}
      error={error}
      testId={testId}
    />
  );
}

export interface ContactFieldsProps extends GroupProps<'email' | 'mobile' | 'countryCode'> {
  email: string;
  countryCode: string;
  mobile: string;
  onEmailChange: (value: string) => void;
  onCountryCodeChange: (value: CountryCode) => void;
  onMobileChange: (value: string) => void;
  autoComplete?: boolean;
}

/** E-mail, then country code + mobile (one error for both: the mobile's, else the code's). */
export function ContactFields({
  email,
  countryCode,
  mobile,
  onEmailChange,
  onCountryCodeChange,
  onMobileChange,
  label,
  error,
  testIdPrefix,
  autoComplete,
}: ContactFieldsProps) {
  return (
    <>
      <EmailField
        label={label('email')}
        value={email}
        onChange={onEmailChange}
        autoComplete={autoComplete}
        error={error('email')}
        testId={`${testIdPrefix}-email`}
      />
      <PhoneField
        label={label('mobile')}
        codeLabel={label('countryCode')}
        countryCode={countryCode}
        mobile={mobile}
        onCountryCodeChange={onCountryCodeChange}
        onMobileChange={onMobileChange}
        error={error('mobile') ?? error('countryCode')}
        testId={`${testIdPrefix}-mobile`}
      />
    </>
  );
}

export interface PasswordPairFieldsProps extends GroupProps<'password' | 'confirmPassword' | 'passwordHint'> {
  password: string;
  confirmPassword: string;
  onChange: (field: 'password' | 'confirmPassword', value: string) => void;
  showLabel: string;
  hideLabel: string;
}

/** A new password (with the rule as its hint) and its confirmation; test ids `-password`, `-confirm`. */
export function PasswordPairFields({
  password,
  confirmPassword,
  onChange,
  label,
  error,
  testIdPrefix,
  showLabel,
  hideLabel,
}: PasswordPairFieldsProps) {
  return (
    <div className="mz-form__row">
      <PasswordField
        label={label('password')}
        value={password}
        onChange={(value) => onChange('password', value)}
        autoComplete="new-password"
        error={error('password')}
        hint={label('passwordHint')}
        showLabel={showLabel}
        hideLabel={hideLabel}
        testId={`${testIdPrefix}-password`}
      />
      <PasswordField
        label={label('confirmPassword')}
        value={confirmPassword}
        onChange={(value) => onChange('confirmPassword', value)}
        autoComplete="new-password"
        error={error('confirmPassword')}
        showLabel={showLabel}
        hideLabel={hideLabel}
        testId={`${testIdPrefix}-confirm`}
      />
    </div>
  );
}

/** The languages an agent can tick; the value sent is the English name. */
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

type AgentField = 'brn' | 'designation' | 'nationality' | 'languages' | 'bio';

export interface AgentProfileFieldsProps extends GroupProps<AgentField> {
  brn: string;
  designation: string;
  nationality: string;
  languages: readonly string[];
  bio: string;
  onChange: (field: Exclude<AgentField, 'languages'>, value: string) => void;
  onLanguagesChange: (languages: string[]) => void;
  /** The name of one of AGENT_LANGUAGES in the page's language. */
  languageName: (name: (typeof AGENT_LANGUAGES)[number]) => string;
  /** Fields between the languages and the bio (an agent's company on sign-up). */
  children?: ReactNode;
}

/** What an agent is at work (spec §3): BRN, designation, nationality, the languages spoken, the bio. */
export function AgentProfileFields({
  brn,
  designation,
  nationality,
  languages,
  bio,
  onChange,
  onLanguagesChange,
  languageName,
  label,
  error,
  testIdPrefix,
  children,
}: AgentProfileFieldsProps) {
  return (
    <>
      <div className="mz-form__row">
        <TextField
          label={label('brn')}
          value={brn}
          maxLength={12}
          onChange={(v) => onChange('brn', v)}
          error={error('brn')}
          testId={`${testIdPrefix}-brn`}
        />
        <TextField
          label={label('designation')}
          value={designation}
          maxLength={50}
          onChange={(v) => onChange('designation', v)}
          error={error('designation')}
          testId={`${testIdPrefix}-designation`}
        />
      </div>
      <TextField
        label={label('nationality')}
        value={nationality}
        maxLength={50}
        onChange={(v) => onChange('nationality', v)}
        error={error('nationality')}
        testId={`${testIdPrefix}-nationality`}
      />
      <fieldset className="mz-chips" data-testid={`${testIdPrefix}-languages`}>
        <legend className="mz-field__label">{label('languages')}</legend>
        {AGENT_LANGUAGES.map((name) => {
          const on = languages.includes(name);
          return (
            <label key={name} className={on ? 'mz-chip mz-chip--on' : 'mz-chip'}>
              <input
                type="checkbox"
                className="mz-visually-hidden"
                checked={on}
                onChange={() =>
                  onLanguagesChange(on ? languages.filter((l) => l !== name) : [...languages, name])
                }
              />
              {languageName(name)}
            </label>
          );
        })}
      </fieldset>
      {children}
      <TextAreaField
        label={label('bio')}
        value={bio}
        maxLength={1000}
        onChange={(v) => onChange('bio', v)}
        error={error('bio')}
        testId={`${testIdPrefix}-bio`}
      />
    </>
  );
}
