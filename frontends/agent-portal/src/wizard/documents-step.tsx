import { useId, useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useController } from 'react-hook-form';
import { z } from 'zod';
import {
  fieldMessage,
  propertyDocumentRequestSchema,
  type OwnedProperty,
  type PropertyDocument,
} from '@manzil/contracts';
import { ApiError, apiFieldErrors, Ltr, SiteDate, useFeedback, useLanguage } from '@manzil/ui';
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
  onFile,
  check,
}: {
  control: ReturnType<typeof useContractForm<DocumentValues>>['control'];
  onFile: (file: File | null) => void;
  /** Checks the file's name, type and size at once (a file is "left" as soon as it is chosen). */
  check: () => void;
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
          onFile(file ?? null);
          name.field.onChange(file?.name ?? '');
          type.field.onChange(file?.type ?? '');
          size.field.onChange(file?.size ?? 0);
          name.field.onBlur();
          check();
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
 * A document's Remove button: asks first (the shell's confirm dialog, Cancel focused), then
 * removes it on the server, which decides (a listing sent for review or public keeps one: its
 * message, in the page's language, is the toast).
 */
export function RemoveDocument({
  property,
  document,
  onAsk,
}: {
  property: OwnedProperty;
  document: PropertyDocument;
  /** Called as the question opens (the step clears what its empty attach form showed when left). */
  onAsk?: () => void;
}) {
  const t = useT();
  const language = useLanguage();
  const client = useQueryClient();
  const { confirm, toast } = useFeedback();
  const remove = useMutation({
    mutationFn: () =>
      propertyWrite(propertyPaths.document(property.id, document.id), language, { method: 'DELETE' }),
    onSuccess: (saved) => client.setQueryData(listingKeys.one(language, saved.id), saved),
  });
  async function ask() {
    onAsk?.();
    if (!(await confirm(t('agentPortal.document.confirmRemove', { title: document.title })))) return;
    try {
      await remove.mutateAsync();
      toast('success', t('agentPortal.document.removed'));
    } catch (failure) {
      const field = apiFieldErrors(failure)[0];
      toast(
        'danger',
        field?.message ??
          (failure instanceof ApiError && failure.message ? failure.message : t('agentPortal.error')),
      );
    }
  }
  return (
    <button
      type="button"
      className="mz-button mz-button--ghost mz-button--sm ap-document__remove"
      disabled={remove.isPending}
      aria-label={t('agentPortal.document.removeLabel', { title: document.title })}
      data-testid="document-remove"
      onClick={() => void ask()}
    >
      {t('agentPortal.document.remove')}
    </button>
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
  const chosen = useRef<File | null>(null);
  // A new file box after each attach: a file input cannot be emptied by its value.
  const [round, setRound] = useState(0);
  const attach = useMutation({
    mutationFn: ({ title, file }: { title: string; file: File }) => {
      const body = new FormData();
      body.append('title', title);
      body.append('file', file);
      return propertyWrite(propertyPaths.documentFile(listing.id), language, { method: 'POST', body });
    },
    onSuccess: (saved) => client.setQueryData(listingKeys.one(language, saved.id), saved),
  });
  const leave = useContractForm<Record<string, never>>({ schema: z.object({}), defaultValues: {} });

  return (
    <>
      <ul className="ap-documents" data-testid="document-list">
        {listing.documents.map((document) => (
          <li key={document.id} className="ap-document" data-testid="document-item">
            <span className="ap-document__text">
              <strong>{document.title}</strong>
              <span className="ap-muted">
                <Ltr>{document.fileName}</Ltr> · <Ltr>{`${Math.ceil(document.sizeBytes / 1024)} KB`}</Ltr> ·{' '}
                <SiteDate date={document.createdAt} />
              </span>
            </span>
            <RemoveDocument
              property={listing}
              document={document}
              onAsk={() => {
                // Going to Remove leaves the empty title box: not a mistake to point at.
                if (!form.getValues('title') && !chosen.current) form.clearErrors();
              }}
            />
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
          void form.handleSubmit(async () => {
            if (!chosen.current) return;
            try {
              await attach.mutateAsync({ title: form.getValues('title'), file: chosen.current });
              chosen.current = null;
              setMissing(false);
              form.reset(EMPTY);
              setRound((n) => n + 1);
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
          <DocumentFile
            key={round}
            control={form.control}
            onFile={(file) => {
              chosen.current = file;
            }}
            check={() => void form.trigger(['fileName', 'contentType', 'sizeBytes'])}
          />
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
