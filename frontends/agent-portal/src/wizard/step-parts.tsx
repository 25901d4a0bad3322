import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { normalizeDigits, type OwnedProperty } from '@manzil/contracts';
import { ApiError, useFeedback } from '@manzil/ui';
import { FormErrorSummary, SubmitButton, showServerErrors } from '@manzil/ui/forms';
import { STEP_FORM_ID, type StepProps } from './wizard-page.js';

/** Digits (Arabic-Indic accepted) and one decimal point, as spec §5's input helpers filter keys. */
export function decimalTyping(typed: string): string {
  return normalizeDigits(typed)
    .replace(/[^\d.]/g, '')
    .replace(/(\..*)\./g, '$1');
}

export function useT() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
}

/** A failed save: the server's field messages beside their fields, anything else a toast. */
export function useSaveFailure() {
  const { toast } = useFeedback();
  const t = useT();
  return <V extends FieldValues>(form: UseFormReturn<V, unknown, unknown>, failure: unknown) => {
    if (showServerErrors(form, failure)) return;
    toast(
      'danger',
      failure instanceof ApiError && failure.message ? failure.message : t('agentPortal.error'),
    );
  };
}

/**
 * A step's form: the error summary first, the fields, then Back and "Save and continue". It is
 * the form the stepper submits, so leaving a step by any way saves it first.
 */
export function StepForm<V extends FieldValues>({
  form,
  onSave,
  children,
  step,
  back,
}: {
  form: UseFormReturn<V, unknown, unknown>;
  onSave: (values: V) => Promise<OwnedProperty | null>;
  children: ReactNode;
  step: string;
  back: StepProps['back'];
}) {
  const t = useT();
  const failed = useSaveFailure();
  return (
    <form
      id={STEP_FORM_ID}
      className="mz-form ap-form"
      noValidate
      data-testid={`wizard-form-${step}`}
      onSubmit={(event) =>
        void form.handleSubmit(async () => {
          try {
            // The boxes as typed, not the parsed output: a box left blank is sent blank, which clears it.
            await onSave(form.getValues());
          } catch (failure) {
            failed(form, failure);
          }
        })(event)
      }
    >
      <FormErrorSummary control={form.control} setFocus={form.setFocus} />
      {children}
      <StepButtons back={back} control={form.control} label={t('agentPortal.wizard.saveContinue')} />
    </form>
  );
}

export function StepButtons<V extends FieldValues>({
  back,
  control,
  label,
}: {
  /** Back saves too: it submits the step's form towards the previous step. */
  back: (() => void) | null;
  control: UseFormReturn<V, unknown, unknown>['control'];
  label: string;
}) {
  const t = useT();
  return (
    <div className="ap-actions">
      {back ? (
        <button
          type="submit"
          form={STEP_FORM_ID}
          className="mz-button mz-button--secondary mz-button--md"
          data-testid="wizard-back"
          onClick={back}
        >
          {t('agentPortal.wizard.back')}
        </button>
      ) : null}
      <SubmitButton control={control} variant="primary" data-testid="wizard-next">
        {label}
      </SubmitButton>
    </div>
  );
}
