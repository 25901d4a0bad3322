import { useRef } from 'react';
import { digitsOnly } from './fields.js';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Accessible name of the group, and of each box ("{label} 1"). */
  label: string;
  length?: number;
  invalid?: boolean;
  disabled?: boolean;
  testId?: string;
}

/**
 * One box per digit. Arabic-Indic digits become Latin ones; typing moves on, Backspace on an
 * empty box moves back, a pasted or auto-filled code fills every box. The code reads left to
 * right in both languages.
 */
export function OtpInput({
  value,
  onChange,
  label,
  length = 4,
  invalid,
  disabled,
  testId = 'otp',
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
    <div className="mz-otp" dir="ltr" role="group" aria-label={label} data-testid={testId}>
      {digits.map((digit, index) => (
        <input
          // The boxes never reorder.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className="mz-otp__box"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`${label} ${index + 1}`}
          aria-invalid={invalid ? true : undefined}
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
