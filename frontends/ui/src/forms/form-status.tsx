import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useFormState, type FieldPath, type FieldValues, type UseFormSetFocus } from 'react-hook-form';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared singleton, not a copy (see index.ts)
import { Button, useLanguage, type ButtonProps } from '@manzil/ui';
import { errorText, flattenErrors } from './contract-form.js';
import type { FormControl } from './fields.js';

interface SummaryItem {
  name: string;
  /** The field's label, when the form shows one for it. */
  label: string | null;
  text: string;
}

/** A field's control in the form, by its name (the fields set `name` on their control). */
function controlOf(form: Element | null | undefined, name: string): Element | null {
  return form?.querySelector(`[name="${name.replace(/["\\]/g, '\\$&')}"]`) ?? null;
}

/**
 * What the form calls a field: what labels it (`aria-labelledby`, its `<label>`, the OTP
 * boxes' group); a box of a field group (`data-field-group`: English/Arabic of a CMS
 * field) is named with its group's legend.
 */
function labelOf(control: Element | null): string | null {
  if (!control) return null;
  const input = control as HTMLInputElement;
  const byId = control.getAttribute('aria-labelledby');
  // As the accessible name is computed: aria-labelledby first, then the <label>.
  const own =
    (byId ? control.ownerDocument.getElementById(byId)?.textContent : null) ??
    input.labels?.[0]?.textContent ??
    control.closest('[role="group"]')?.getAttribute('aria-label') ??
    control.getAttribute('aria-label');
  const group = control.closest('fieldset[data-field-group]')?.querySelector('legend')?.textContent;
  return group && own ? `${group} – ${own}` : (own ?? null);
}

/** In the order of the page: a summary lists its problems as the eye meets the fields. */
function inPageOrder(form: Element | null | undefined, items: SummaryItem[]): SummaryItem[] {
  const position = (item: SummaryItem) => controlOf(form, item.name);
  return [...items].sort((a, b) => {
    const first = position(a);
    const second = position(b);
    if (!first || !second) return first ? -1 : second ? 1 : 0;
    return first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
}

export interface FormErrorSummaryProps<V extends FieldValues> {
  control: FormControl<V>;
  setFocus: UseFormSetFocus<V>;
  testId?: string;
}

/**
 * The one announcement of a failed submit (WCAG 3.3.1): "Please correct 2 fields" and the
 * problems in the order of the page, each "label: message" and a link to its field. It is
 * written when a submit fails (the schema's or the server's 422) and stays as it was until
 * the next submit, so fixing a field does not make a screen reader read it all again; it goes
 * away once nothing is wrong. Field errors beside the fields are not live regions.
 */
export function FormErrorSummary<V extends FieldValues>({
  control,
  setFocus,
  testId = 'form-error-summary',
}: FormErrorSummaryProps<V>) {
  const intl = useIntl();
  const language = useLanguage();
  const { errors, submitCount, isSubmitting } = useFormState({ control });
  const [shown, setShown] = useState<{ attempt: number; items: SummaryItem[] } | null>(null);
  // Always in the form (display: contents), so the fields can be found before it shows.
  const slot = useRef<HTMLDivElement>(null);

  // Read the errors as a finished submit left them (its last state change), not on every edit.
  useEffect(() => {
    if (isSubmitting || submitCount === 0) return;
    const form = slot.current?.closest('form');
    const items = flattenErrors(errors).map(({ name, error }) => ({
      name,
      label: labelOf(controlOf(form, name)),
      text: errorText(error, language) ?? '',
    }));
    setShown(items.length > 0 ? { attempt: submitCount, items: inPageOrder(form, items) } : null);
  }, [submitCount, isSubmitting]);

  const showing = shown !== null && flattenErrors(errors).length > 0;
  return (
    <div className="mz-form-summary-slot" ref={slot}>
      {showing ? (
        <div className="mz-form-summary" role="alert" key={shown.attempt} data-testid={testId}>
          <p className="mz-form-summary__title">
            {intl.formatMessage({ id: 'ui.form.summary' }, { count: shown.items.length })}
          </p>
          <ul className="mz-form-summary__list">
            {shown.items.map((item) => {
              const text = item.label ? `${item.label}: ${item.text}` : item.text;
              return (
                <li key={item.name}>
                  {item.name.startsWith('root') ? (
                    text
                  ) : (
                    <a
                      href={`#${item.name}`}
                      onClick={(event) => {
                        event.preventDefault();
                        setFocus(item.name as FieldPath<V>);
                      }}
                    >
                      {text}
                    </a>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export interface SubmitButtonProps<V extends FieldValues> extends Omit<ButtonProps, 'type'> {
  control: FormControl<V>;
  /** Shown while the form is being sent (default: "Please wait…"). */
  busyLabel?: ReactNode;
}

/**
 * A form's submit button: disabled with a busy label while the submit runs (its request
 * included), instead of a veil over the page; a second press cannot send twice.
 *
 * Pressing it does not take the focus from the field being typed in: that field's blur
 * would check it and show its error, moving the button down between the press and the
 * release, and the click would be lost. The submit checks every field anyway and then puts
 * the focus on the first invalid one; the keyboard (Enter, Space) is unaffected.
 */
export function SubmitButton<V extends FieldValues>({
  control,
  busyLabel,
  children,
  disabled,
  ...props
}: SubmitButtonProps<V>) {
  const intl = useIntl();
  const { isSubmitting } = useFormState({ control });
  return (
    <Button
      {...props}
      type="submit"
      disabled={disabled || isSubmitting}
      aria-busy={isSubmitting || undefined}
      onMouseDown={(event) => event.preventDefault()}
    >
      {isSubmitting ? (busyLabel ?? intl.formatMessage({ id: 'ui.form.busy' })) : children}
    </Button>
  );
}
