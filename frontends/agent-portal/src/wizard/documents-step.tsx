import { useId, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import { fieldMessage, propertyDocumentRequestSchema, type OwnedProperty } from '@manzil/contracts';
import { Ltr, SiteDate, useLanguage } from '@manzil/ui';
import { FormErrorSummary, SubmitButton, TextField, errorText, useContractForm } from '@manzil/ui/forms';
import { listingKeys, propertyPaths, propertyWrite } from '../listings/listings-api.js';
import { StepButtons, useSaveFailure, useT } from './step-parts.js';
import { STEP_FORM_ID, type StepProps } from './wizard-page.js';

export interface DocumentValues {
  title: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
}

const EMPTY: DocumentValues = { title: '', fileName: '', contentType: '', sizeBytes: 0 };

/** The file box: a chosen file fills name, type and size, which the contracts' schema checks (jpeg or pdf, under 2 MB). */
function DocumentFile({
  control,
}: {
  control: ReturnType<typeof useContractForm<DocumentValues>>['control'];
}) {
  const t = useT();
  const id = useId();
  const name = useController({ control, name: 'fileName' });
  const type = useController({ control, name: 'contentType' });
  const size = useController({ control, name: 'sizeBytes' });
  const language = useLanguage();
  const error =
    errorText(name.fieldState.error, language) ??
    errorText(type.fieldState.error, language) ??
    errorText(size.fieldState.error, language);
  return (
    <div className={error ? 'mz-field mz-field--invalid' : 'mz-field'} data-testid="document-file">
      <label className="mz-field__label" htmlFor={id}>
        {t('agentPortal.field.documentFile')}
      </label>
      <input
        id={id}
        ref={name.field.ref}
        name="fileName"
        type="file"
        className="mz-input"
        accept="application/pdf,image/jpeg,.pdf,.jpg,.jpeg"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        data-testid="document-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          name.field.onChange(file?.name ?? '');
          type.field.onChange(file?.type ?? '');
          size.field.onChange(file?.size ?? 0);
          name.field.onBlur();
        }}
      />
      {error ? (
        <p className="mz-field__error" id={`${id}-error`} data-testid="document-file-error">
          {error}
        </p>
      ) : (
        <p className="mz-field__hint" id={`${id}-hint`}>
          {t('agentPortal.hint.documents')}
        </p>
      )}
    </div>
  );
}

/**
 * Step 4: the documents that prove the listing (title deed, permit…), at least one before it
 * is sent (spec §4, §5). Each is attached at once; the step itself has nothing to save.
 */
export function DocumentsStep({ property, language, advance, back, movingForward }: StepProps) {
  const t = useT();
  const listing = property as OwnedProperty;
  const client = useQueryClient();
  const failed = useSaveFailure();
  const [missing, setMissing] = useState(false);
  const form = useContractForm<DocumentValues>({
    schema: propertyDocumentRequestSchema,
    defaultValues: EMPTY,
  });
  const attach = useMutation({
    mutationFn: (body: unknown) =>
      propertyWrite(propertyPaths.documents(listing.id), language, { method: 'POST', body }),
    onSuccess: (saved) => client.setQueryData(listingKeys.one(language, saved.id), saved),
  });
  const leave = useContractForm<Record<string, never>>({ schema: z.object({}), defaultValues: {} });

  return (
    <>
      <ul className="ap-documents" data-testid="document-list">
        {listing.documents.map((document) => (
          <li key={document.id} className="ap-document" data-testid="document-item">
            <strong>{document.title}</strong>
            <span className="ap-muted">
              <Ltr>{document.fileName}</Ltr> · <Ltr>{`${Math.ceil(document.sizeBytes / 1024)} KB`}</Ltr> ·{' '}
              <SiteDate date={document.createdAt} />
            </span>
          </li>
        ))}
      </ul>
      {listing.documents.length === 0 ? (
        <p
          className={missing ? 'ap-alert' : 'ap-hint'}
          role={missing ? 'alert' : undefined}
          data-testid="documents-missing"
        >
          {fieldMessage('document.required', language)}
        </p>
      ) : null}
      <form
        className="mz-form ap-form ap-subform"
        noValidate
        data-testid="document-form"
        onSubmit={(event) =>
          void form.handleSubmit(async (body) => {
            try {
              await attach.mutateAsync(body);
              setMissing(false);
              form.reset(EMPTY);
            } catch (failure) {
              failed(form, failure);
            }
          })(event)
        }
      >
        <FormErrorSummary control={form.control} setFocus={form.setFocus} testId="document-error-summary" />
        <div className="ap-grid ap-grid--pair">
          <TextField
            control={form.control}
            name="title"
            label={t('agentPortal.field.documentTitle')}
            testId="document-title"
          />
          <DocumentFile control={form.control} />
        </div>
        <SubmitButton control={form.control} variant="secondary" data-testid="document-attach">
          {t('agentPortal.document.attach')}
        </SubmitButton>
      </form>
      <form
        id={STEP_FORM_ID}
        noValidate
        data-testid="wizard-form-documents"
        onSubmit={(event) =>
          void leave.handleSubmit(() => {
            if (movingForward() && listing.documents.length === 0) {
              setMissing(true);
              return;
            }
            advance(listing);
          })(event)
        }
      >
        <StepButtons back={back} control={leave.control} label={t('agentPortal.wizard.continue')} />
      </form>
    </>
  );
}
