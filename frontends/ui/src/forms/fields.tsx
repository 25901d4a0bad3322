import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  useController,
  type Control,
  type FieldPath,
  type FieldValues,
  type UseControllerReturn,
} from 'react-hook-form';
import { COUNTRY_CODES, normalizeDigits } from '@manzil/contracts';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared singleton, not a copy (see index.ts)
import { ChevronDownIcon, useLanguage } from '@manzil/ui';
import { errorText } from './contract-form.js';

/**
 * A form's control, whatever its submit output is: a field reads and writes values, the
 * context and the parsed output type do not concern it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: any output type fits
export type FormControl<V extends FieldValues> = Control<V, any, any>;

/**
 * A field of a react-hook-form form: its `control` and `name`. The fields below read and
 * write their value, errors and focus through `useController`, so a form is only the schema,
 * the defaults and these.
 */
export interface BoundField<V extends FieldValues> {
  control: FormControl<V>;
  name: FieldPath<V>;
}

/** The field's value, handlers and its error in the page's language. */
export function useBoundField<V extends FieldValues>({ control, name }: BoundField<V>) {
  const controller: UseControllerReturn<V> = useController({ control, name });
  const language = useLanguage();
  return { ...controller, error: errorText(controller.fieldState.error, language) };
}

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * Label, control, then its error or its hint. The error is tied to the control by
 * `aria-describedby` and is not a live region: a failed submit is announced once, by the
 * form's error summary, and the focus goes to the first invalid field.
 */
function FieldShell({ id, label, error, hint, children, testId }: FieldShellProps) {
  return (
    <div className={error ? 'mz-field mz-field--invalid' : 'mz-field'} data-testid={testId}>
      <label className="mz-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? (
        <p
          className="mz-field__error"
          id={`${id}-error`}
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </p>
      ) : hint ? (
        <p className="mz-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'children'
>;

export interface TextFieldProps<V extends FieldValues> extends BoundField<V>, InputProps {
  label: ReactNode;
  hint?: ReactNode;
  testId?: string;
  /** Rewrites what is typed before it is kept (digits only, one decimal point, ...). */
  transform?: (typed: string) => string;
}

export function TextField<V extends FieldValues>({
  control,
  name,
  label,
  hint,
  testId,
  transform,
  ...input
}: TextFieldProps<V>) {
  const id = useId();
  const { field, error } = useBoundField({ control, name });
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} testId={testId}>
      <input
        id={id}
        className="mz-input"
        {...input}
        ref={field.ref}
        name={field.name}
        value={(field.value as string | undefined) ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => field.onChange(transform ? transform(event.target.value) : event.target.value)}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}

/** An e-mail address: reads left to right in both languages. */
export function EmailField<V extends FieldValues>({
  autoComplete,
  ...props
}: Omit<TextFieldProps<V>, 'autoComplete'> & { autoComplete?: boolean }) {
  return <TextField {...props} type="email" dir="ltr" autoComplete={autoComplete ? 'email' : undefined} />;
}

export interface PasswordFieldProps<V extends FieldValues> extends Omit<
  TextFieldProps<V>,
  'type' | 'transform'
> {
  showLabel: string;
  hideLabel: string;
}

/** A password with a show/hide toggle at the inline end. */
export function PasswordField<V extends FieldValues>({
  control,
  name,
  label,
  hint,
  testId,
  showLabel,
  hideLabel,
  ...input
}: PasswordFieldProps<V>) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const { field, error } = useBoundField({ control, name });
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} testId={testId}>
      <span className="mz-input-group">
        <input
          id={id}
          className="mz-input"
          {...input}
          type={visible ? 'text' : 'password'}
          dir="ltr"
          ref={field.ref}
          name={field.name}
          value={(field.value as string | undefined) ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
        />
        <button
          type="button"
          className="mz-input-group__toggle"
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? hideLabel : showLabel}
        </button>
      </span>
    </FieldShell>
  );
}

/** Digits only, Arabic-Indic digits turned into Latin ones as typed (DESIGN rule 7), at most `max`. */
export function digitsOnly(value: string, max: number): string {
  return normalizeDigits(value).replace(/\D/g, '').slice(0, max);
}

export interface PhoneFieldProps<V extends FieldValues> {
  control: FormControl<V>;
  /** The country code's field (default `countryCode`). */
  codeName?: FieldPath<V>;
  /** The mobile's field (default `mobile`). */
  mobileName?: FieldPath<V>;
  label: ReactNode;
  codeLabel: string;
  testId?: string;
  disabled?: boolean;
}

/** Country code (+971 / +966) and mobile; the number reads left to right in both languages. */
export function PhoneField<V extends FieldValues>({
  control,
  codeName = 'countryCode' as FieldPath<V>,
  mobileName = 'mobile' as FieldPath<V>,
  label,
  codeLabel,
  testId,
  disabled,
}: PhoneFieldProps<V>) {
  const id = useId();
  const code = useBoundField({ control, name: codeName });
  const mobile = useBoundField({ control, name: mobileName });
  // One message for both: the mobile's, else the code's.
  const error = mobile.error ?? code.error;
  return (
    <FieldShell id={id} label={label} error={error} testId={testId}>
      <span className="mz-phone" dir="ltr">
        <span className="mz-phone__code">
          <select
            ref={code.field.ref}
            name={code.field.name}
            aria-label={codeLabel}
            value={code.field.value as string}
            disabled={disabled}
            aria-invalid={code.error ? true : undefined}
            data-testid={testId ? `${testId}-code` : undefined}
            onChange={(event) => code.field.onChange(event.target.value as (typeof COUNTRY_CODES)[number])}
            onBlur={code.field.onBlur}
          >
            {COUNTRY_CODES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="mz-phone__chevron" />
        </span>
        <input
          id={id}
          ref={mobile.field.ref}
          name={mobile.field.name}
          className="mz-input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={(mobile.field.value as string | undefined) ?? ''}
          disabled={disabled}
          maxLength={12}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          data-testid={testId ? `${testId}-input` : undefined}
          onChange={(event) => mobile.field.onChange(digitsOnly(event.target.value, 12))}
          onBlur={mobile.field.onBlur}
        />
      </span>
    </FieldShell>
  );
}

export interface CheckboxFieldProps<V extends FieldValues> extends BoundField<V> {
  label: ReactNode;
  testId?: string;
}

export function CheckboxField<V extends FieldValues>({
  control,
  name,
  label,
  testId,
}: CheckboxFieldProps<V>) {
  const id = useId();
  const { field, error } = useBoundField({ control, name });
  return (
    <div className={error ? 'mz-check mz-field--invalid' : 'mz-check'} data-testid={testId}>
      <span className="mz-check__row">
        <input
          id={id}
          ref={field.ref}
          name={field.name}
          type="checkbox"
          checked={Boolean(field.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
        />
        <label htmlFor={id}>{label}</label>
      </span>
      {error ? (
        <p
          className="mz-field__error"
          id={`${id}-error`}
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface SelectFieldProps<V extends FieldValues, O extends string> extends BoundField<V> {
  label: ReactNode;
  options: readonly { value: O; label: string }[];
  placeholder?: string;
  testId?: string;
  disabled?: boolean;
  /** Shown instead of the field's own error (a company that no longer applies to a freelancer). */
  hideError?: boolean;
}

export function SelectField<V extends FieldValues, O extends string = string>({
  control,
  name,
  label,
  options,
  placeholder,
  testId,
  disabled,
  hideError,
}: SelectFieldProps<V, O>) {
  const id = useId();
  const bound = useBoundField({ control, name });
  const error = hideError ? undefined : bound.error;
  return (
    <FieldShell id={id} label={label} error={error} testId={testId}>
      <span className="mz-select__control mz-select__control--block">
        <select
          id={id}
          ref={bound.field.ref}
          name={bound.field.name}
          value={disabled ? '' : ((bound.field.value as string | undefined) ?? '')}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          data-testid={testId ? `${testId}-select` : undefined}
          onChange={(event) => bound.field.onChange(event.target.value)}
          onBlur={bound.field.onBlur}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDownIcon className="mz-select__chevron" />
      </span>
    </FieldShell>
  );
}

export interface TextAreaFieldProps<V extends FieldValues> extends BoundField<V> {
  label: ReactNode;
  maxLength?: number;
  rows?: number;
  testId?: string;
  dir?: 'ltr' | 'rtl';
  lang?: string;
}

export function TextAreaField<V extends FieldValues>({
  control,
  name,
  label,
  maxLength,
  rows = 4,
  testId,
  dir,
  lang,
}: TextAreaFieldProps<V>) {
  const id = useId();
  const { field, error } = useBoundField({ control, name });
  return (
    <FieldShell id={id} label={label} error={error} testId={testId}>
      <textarea
        id={id}
        ref={field.ref}
        name={field.name}
        className="mz-input mz-input--area"
        value={(field.value as string | undefined) ?? ''}
        rows={rows}
        maxLength={maxLength}
        dir={dir}
        lang={lang}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      />
    </FieldShell>
  );
}
