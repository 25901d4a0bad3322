import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { COUNTRY_CODES, normalizeDigits } from '@manzil/contracts';
import { ChevronDownIcon } from '../components/icons.js';

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** Label, control, then the error beside it (announced) or a hint. */
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
          role="alert"
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

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: ReactNode;
  testId?: string;
}

export function TextField({ label, value, onChange, error, hint, testId, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} testId={testId}>
      <input
        id={id}
        className="mz-input"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
        {...input}
      />
    </FieldShell>
  );
}

export interface PasswordFieldProps extends Omit<TextFieldProps, 'type'> {
  showLabel: string;
  hideLabel: string;
}

/** A password with a show/hide toggle at the inline end. */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  hint,
  testId,
  showLabel,
  hideLabel,
  ...input
}: PasswordFieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} testId={testId}>
      <span className="mz-input-group">
        <input
          id={id}
          className="mz-input"
          type={visible ? 'text' : 'password'}
          dir="ltr"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          onChange={(event) => onChange(event.target.value)}
          {...input}
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

export interface PhoneFieldProps {
  label: ReactNode;
  codeLabel: string;
  countryCode: string;
  mobile: string;
  onCountryCodeChange: (code: (typeof COUNTRY_CODES)[number]) => void;
  onMobileChange: (mobile: string) => void;
  error?: string;
  testId?: string;
  disabled?: boolean;
}

/** Country code (+971 / +966) and mobile; the number reads left to right in both languages. */
export function PhoneField({
  label,
  codeLabel,
  countryCode,
  mobile,
  onCountryCodeChange,
  onMobileChange,
  error,
  testId,
  disabled,
}: PhoneFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} testId={testId}>
      <span className="mz-phone" dir="ltr">
        <span className="mz-phone__code">
          <select
            aria-label={codeLabel}
            value={countryCode}
            disabled={disabled}
            data-testid={testId ? `${testId}-code` : undefined}
            onChange={(event) => onCountryCodeChange(event.target.value as (typeof COUNTRY_CODES)[number])}
          >
            {COUNTRY_CODES.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <ChevronDownIcon className="mz-phone__chevron" />
        </span>
        <input
          id={id}
          className="mz-input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          value={mobile}
          disabled={disabled}
          maxLength={12}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          data-testid={testId ? `${testId}-input` : undefined}
          onChange={(event) => onMobileChange(digitsOnly(event.target.value, 12))}
        />
      </span>
    </FieldShell>
  );
}

export interface CheckboxFieldProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  testId?: string;
}

export function CheckboxField({ label, checked, onChange, error, testId }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={error ? 'mz-check mz-field--invalid' : 'mz-check'} data-testid={testId}>
      <span className="mz-check__row">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{label}</label>
      </span>
      {error ? (
        <p
          className="mz-field__error"
          id={`${id}-error`}
          role="alert"
          data-testid={testId ? `${testId}-error` : undefined}
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface SelectFieldProps<V extends string> {
  label: ReactNode;
  value: V | '';
  options: readonly { value: V; label: string }[];
  placeholder?: string;
  onChange: (value: V | '') => void;
  error?: string;
  testId?: string;
  disabled?: boolean;
}

export function SelectField<V extends string>({
  label,
  value,
  options,
  placeholder,
  onChange,
  error,
  testId,
  disabled,
}: SelectFieldProps<V>) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} testId={testId}>
      <span className="mz-select__control mz-select__control--block">
        <select
          id={id}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          data-testid={testId ? `${testId}-select` : undefined}
          onChange={(event) => onChange(event.target.value as V | '')}
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

export interface TextAreaFieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  maxLength?: number;
  rows?: number;
  testId?: string;
}

export function TextAreaField({
  label,
  value,
  onChange,
  error,
  maxLength,
  rows = 4,
  testId,
}: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} testId={testId}>
      <textarea
        id={id}
        className="mz-input mz-input--area"
        value={value}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldShell>
  );
}
