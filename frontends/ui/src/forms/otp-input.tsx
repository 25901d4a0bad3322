import { useId, useRef, type Ref } from 'react';
import type { FieldValues } from 'react-hook-form';
import { digitsOnly, useBoundField, type BoundField } from './fields.js';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Accessible name of the group, and of each box ("{label} 1"). */
  label: string;
  length?: number;
  invalid?: boolean;
  disabled?: boolean;
  testId?: string;
  /** The first box: where a form puts the focus when the code is wrong. */
  inputRef?: Ref<HTMLInputElement>;
  /** The id of the text that explains the boxes' error. */
  describedBy?: string;
  /** The form field of the code (on the first box). */
  name?: string;
}

/**
 * One box per digit. Arabic-Indic digits become Latin ones; typing moves on, Backspace on an
 * empty box moves back, a pasted or auto-filled code fills every box. The code reads left to
 * right in both languages.
 */
export function OtpInput({
  value,
  onChange,
  onBlur,
  label,
  length = 4,
  invalid,
  disabled,
  testId = 'otp',
  inputRef,
  describedBy,
  name,
}: OtpInputProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length }, (_, i) => value[i] ?? '');
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  /** Writes digits from box `index` on; a whole code (auto-fill) replaces everything. */
  function fill(index: number, typed: string) {
    const clean = digitsOnly(typed, length * 2);
    if (clean.length >= length) {
      onChange(clean.slice(0, length));
      focus(length - 1);
      return;
    }
    const next = digits.slice();
    Array.from(clean).forEach((digit, offset) => {
      if (index + offset < length) next[index + offset] = digit;
    });
    if (!clean) next[index] = '';
    onChange(next.join('').slice(0, length));
    if (clean) focus(index + clean.length);
  }

  return (
    <div
      className="mz-otp"
      dir="ltr"
      role="group"
      aria-label={label}
      data-testid={testId}
      onBlur={(event) => {
        // Left the whole code, not moved from one box to the next.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
      }}
    >
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
            if (index !== 0 || !inputRef) return;
            if (typeof inputRef === 'function') inputRef(element);
            else inputRef.current = element;
          }}
          className="mz-otp__box"
          name={index === 0 ? name : undefined}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`${label} ${index + 1}`}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          value={digit}
          disabled={disabled}
          data-testid={`${testId}-box-${index}`}
          onFocus={(event) => event.target.select()}
          // The box's text is selected on focus, so typing replaces it; keep the last digit typed.
          onChange={(event) => {
            const typed = digitsOnly(event.target.value, length * 2);
            fill(index, typed.length >= length ? typed : typed.slice(-1));
          }}
          onKeyDown={(event) => {
            if (event.key === 'Backspace' && !digit) focus(index - 1);
            if (event.key === 'ArrowLeft') focus(index - 1);
            if (event.key === 'ArrowRight') focus(index + 1);
          }}
          onPaste={(event) => {
            event.preventDefault();
            fill(index, event.clipboardData.getData('text'));
          }}
        />
      ))}
    </div>
  );
}

export interface OtpFieldProps<V extends FieldValues> extends BoundField<V> {
  label: string;
  length?: number;
  disabled?: boolean;
  /** `otp` → boxes `otp-box-0…`, the error `otp-error`. */
  testId?: string;
}

/** The OTP boxes of a form, with the code's error under them (contracts' message or the server's). */
export function OtpField<V extends FieldValues>({
  control,
  name,
  label,
  length,
  disabled,
  testId = 'otp',
}: OtpFieldProps<V>) {
  const id = useId();
  const { field, error } = useBoundField({ control, name });
  return (
    <div className={error ? 'mz-field mz-field--invalid' : 'mz-field'}>
      <OtpInput
        label={label}
        length={length}
        value={(field.value as string | undefined) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        name={field.name}
        invalid={Boolean(error)}
        describedBy={error ? `${id}-error` : undefined}
        disabled={disabled}
        testId={testId}
      />
      {error ? (
        <p className="mz-field__error mz-otp__error" id={`${id}-error`} data-testid={`${testId}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
