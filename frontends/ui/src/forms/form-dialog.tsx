import { useId, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared singleton, not a copy (see index.ts)
import { Button, Dialog } from '@manzil/ui';
import { FormErrorSummary, SubmitButton } from './form-status.js';

export interface FormDialogProps<V extends FieldValues, Out> {
  form: UseFormReturn<V, unknown, Out>;
  /** Called with the schema's output once the fields are valid. */
  onValid: (values: Out) => Promise<void>;
  title: string;
  cancelLabel: string;
  submitLabel: string;
  onClose: () => void;
  /** The dialog is `${testId}-dialog`, its submit button `${testId}-submit`. */
  testId: string;
  /** The fields, after the form's error summary. */
  children: ReactNode;
}

/**
 * A form in a `Dialog` (no warning icon: saving is not a warning): Cancel and the submit button
 * (busy while submitting) as its actions, the error summary first, then the fields. What was typed stays until the dialog closes.
 */
export function FormDialog<V extends FieldValues, Out>({
  form,
  onValid,
  title,
  cancelLabel,
  submitLabel,
  onClose,
  testId,
  children,
}: FormDialogProps<V, Out>) {
  const formId = useId();
  return (
    <Dialog
      title={title}
      onClose={onClose}
      tone="form"
      testId={`${testId}-dialog`}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <SubmitButton control={form.control} form={formId} data-testid={`${testId}-submit`}>
            {submitLabel}
          </SubmitButton>
        </>
      }
    >
      <form
        id={formId}
        className="mz-form"
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <FormErrorSummary control={form.control} setFocus={form.setFocus} />
        {children}
      </form>
    </Dialog>
  );
}
