import type { ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import {
  EmailField,
  PasswordField,
  PhoneField,
  TextAreaField,
  TextField,
  type FormControl,
} from './fields.js';

/**
 * Groups of fields that the sign-up forms, the company's agent form and the profile share.
 * Each form passes its `control` (its values must have the group's fields, by these names)
 * and its own texts: `label(field)` gives the label of a field by its name (`firstName`,
 * `email`, `passwordHint`, ...), and test ids are `${testIdPrefix}-<name>`.
 */
interface GroupProps<V extends FieldValues, F extends string> {
  control: FormControl<V>;
  /** The label of a field, in the page's language. */
  label: (field: F) => string;
  /** `register` → `register-firstName`, `register-email`, ... */
  testIdPrefix: string;
}

/** A group's field by its fixed name (the group's props say the form has it). */
const path = <V extends FieldValues>(name: string) => name as FieldPath<V>;

export interface PersonNameFieldsProps<V extends FieldValues> extends GroupProps<
  V,
  'firstName' | 'lastName'
> {
  /** Lets the browser fill them (given-name / family-name). */
  autoComplete?: boolean;
}

/** First and last name side by side. */
export function PersonNameFields<V extends FieldValues>({
  control,
  label,
  testIdPrefix,
  autoComplete,
}: PersonNameFieldsProps<V>) {
  return (
    <div className="mz-form__row">
      <TextField
        control={control}
        name={path<V>('firstName')}
        label={label('firstName')}
        autoComplete={autoComplete ? 'given-name' : undefined}
        testId={`${testIdPrefix}-firstName`}
      />
      <TextField
        control={control}
        name={path<V>('lastName')}
        label={label('lastName')}
        autoComplete={autoComplete ? 'family-name' : undefined}
        testId={`${testIdPrefix}-lastName`}
      />
    </div>
  );
}

export interface ContactFieldsProps<V extends FieldValues> extends GroupProps<
  V,
  'email' | 'mobile' | 'countryCode'
> {
  autoComplete?: boolean;
}

/** E-mail, then country code + mobile (one error for both: the mobile's, else the code's). */
export function ContactFields<V extends FieldValues>({
  control,
  label,
  testIdPrefix,
  autoComplete,
}: ContactFieldsProps<V>) {
  return (
    <>
      <EmailField
        control={control}
        name={path<V>('email')}
        label={label('email')}
        autoComplete={autoComplete}
        testId={`${testIdPrefix}-email`}
      />
      <PhoneField
        control={control}
        label={label('mobile')}
        codeLabel={label('countryCode')}
        testId={`${testIdPrefix}-mobile`}
      />
    </>
  );
}

export interface PasswordPairFieldsProps<V extends FieldValues> extends GroupProps<
  V,
  'password' | 'confirmPassword' | 'passwordHint'
> {
  showLabel: string;
  hideLabel: string;
}

/** A new password (with the rule as its hint) and its confirmation; test ids `-password`, `-confirm`. */
export function PasswordPairFields<V extends FieldValues>({
  control,
  label,
  testIdPrefix,
  showLabel,
  hideLabel,
}: PasswordPairFieldsProps<V>) {
  return (
    <div className="mz-form__row">
      <PasswordField
        control={control}
        name={path<V>('password')}
        label={label('password')}
        autoComplete="new-password"
        hint={label('passwordHint')}
        showLabel={showLabel}
        hideLabel={hideLabel}
        testId={`${testIdPrefix}-password`}
      />
      <PasswordField
        control={control}
        name={path<V>('confirmPassword')}
        label={label('confirmPassword')}
        autoComplete="new-password"
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

/** The languages an agent speaks, as chips that are checkboxes. */
function LanguageChips<V extends FieldValues>({
  control,
  legend,
  languageName,
  testId,
}: {
  control: FormControl<V>;
  legend: string;
  languageName: (name: (typeof AGENT_LANGUAGES)[number]) => string;
  testId: string;
}) {
  const { field } = useController({ control, name: path<V>('languages') });
  const languages = (field.value as string[] | undefined) ?? [];
  return (
    <fieldset className="mz-chips" data-testid={testId}>
      <legend className="mz-field__label">{legend}</legend>
      {AGENT_LANGUAGES.map((name, index) => {
        const on = languages.includes(name);
        return (
          <label key={name} className={on ? 'mz-chip mz-chip--on' : 'mz-chip'}>
            <input
              ref={index === 0 ? field.ref : undefined}
              name={index === 0 ? field.name : undefined}
              type="checkbox"
              className="mz-visually-hidden"
              checked={on}
              onChange={() => field.onChange(on ? languages.filter((l) => l !== name) : [...languages, name])}
              onBlur={field.onBlur}
            />
            {languageName(name)}
          </label>
        );
      })}
    </fieldset>
  );
}

export interface AgentProfileFieldsProps<V extends FieldValues> extends GroupProps<V, AgentField> {
  /** The name of one of AGENT_LANGUAGES in the page's language. */
  languageName: (name: (typeof AGENT_LANGUAGES)[number]) => string;
  /** Fields between the languages and the bio (an agent's company on sign-up). */
  children?: ReactNode;
}

/** What an agent is at work (spec §3): BRN, designation, nationality, the languages spoken, the bio. */
export function AgentProfileFields<V extends FieldValues>({
  control,
  languageName,
  label,
  testIdPrefix,
  children,
}: AgentProfileFieldsProps<V>) {
  return (
    <>
      <div className="mz-form__row">
        <TextField
          control={control}
          name={path<V>('brn')}
          label={label('brn')}
          maxLength={12}
          testId={`${testIdPrefix}-brn`}
        />
        <TextField
          control={control}
          name={path<V>('designation')}
          label={label('designation')}
          maxLength={50}
          testId={`${testIdPrefix}-designation`}
        />
      </div>
      <TextField
        control={control}
        name={path<V>('nationality')}
        label={label('nationality')}
        maxLength={50}
        testId={`${testIdPrefix}-nationality`}
      />
      <LanguageChips
        control={control}
        legend={label('languages')}
        languageName={languageName}
        testId={`${testIdPrefix}-languages`}
      />
      {children}
      <TextAreaField
        control={control}
        name={path<V>('bio')}
        label={label('bio')}
        maxLength={1000}
        testId={`${testIdPrefix}-bio`}
      />
    </>
  );
}
