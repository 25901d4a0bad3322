import { useId, useRef, useState, type Ref } from 'react';
import { useController, type FieldPath, type FieldValues } from 'react-hook-form';
import { useBoundField, type BoundField } from './fields.js';

/** Spec §5: jpeg, png, jpg, gif, each under 2 MB (checked here and by the service). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/jpg', 'image/gif'] as const;
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export function imageFileProblem(file: Pick<File, 'type' | 'size' | 'name'>): 'type' | 'size' | null {
  const extensionOk = /\.(jpe?g|png|gif)$/i.test(file.name);
  if (!(IMAGE_UPLOAD_TYPES as readonly string[]).includes(file.type) || !extensionOk) return 'type';
  if (file.size >= IMAGE_UPLOAD_MAX_BYTES) return 'size';
  return null;
}

export interface ImageUploadTexts {
  choose: string;
  change: string;
  uploading: string;
  wrongType: string;
  tooBig: string;
  failed: string;
  hint: string;
}

export interface ImageUploadProps {
  label: string;
  /** The uploaded image's URL, shown as the preview. */
  url: string | null;
  upload: (file: File) => Promise<{ id: string; url: string }>;
  onUploaded: (uploaded: { id: string; url: string }) => void;
  error?: string;
  texts: ImageUploadTexts;
  shape?: 'round' | 'square';
  /** Shown in the empty preview (e.g. the name's first letter). */
  emptyMark?: string;
  testId?: string;
  /** The file input: where a form puts the focus when the image is missing. */
  inputRef?: Ref<HTMLInputElement>;
  /** The form field the upload fills (its error summary finds it by this name). */
  name?: string;
}

/** A picture or logo, checked here and uploaded at once; the form then sends its id. */
export function ImageUpload({
  label,
  url,
  upload,
  onUploaded,
  error,
  texts,
  shape = 'round',
  emptyMark = '+',
  testId,
  inputRef,
  name,
}: ImageUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  async function onFile(file: File | undefined) {
    if (!file) return;
    const check = imageFileProblem(file);
    if (check) {
      setProblem(check === 'type' ? texts.wrongType : texts.tooBig);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      onUploaded(await upload(file));
    } catch (failure) {
      setProblem(failure instanceof Error && failure.message ? failure.message : texts.failed);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div className={shown ? 'mz-upload mz-field--invalid' : 'mz-upload'} data-testid={testId}>
      <span className={`mz-upload__preview mz-upload__preview--${shape}`} aria-hidden="true">
        {url ? <img src={url} alt="" /> : <span>{emptyMark}</span>}
      </span>
      <span className="mz-upload__body">
        <span className="mz-field__label" id={`${id}-label`}>
          {label}
        </span>
        <label className="mz-button mz-button--secondary mz-button--sm mz-upload__button" htmlFor={id}>
          {busy ? texts.uploading : url ? texts.change : texts.choose}
        </label>
        <input
          ref={(element) => {
            input.current = element;
            if (typeof inputRef === 'function') inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          id={id}
          name={name}
          className="mz-visually-hidden"
          type="file"
          accept={IMAGE_UPLOAD_TYPES.join(',')}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-note`}
          disabled={busy}
          data-testid={testId ? `${testId}-input` : undefined}
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
        {shown ? (
          <span
            className="mz-field__error"
            id={`${id}-note`}
            // A file refused here is news right after choosing it; a form's error is announced by its summary.
            role={problem ? 'alert' : undefined}
            data-testid={testId ? `${testId}-error` : undefined}
          >
            {shown}
          </span>
        ) : (
          <span className="mz-field__hint" id={`${id}-note`}>
            {texts.hint}
          </span>
        )}
      </span>
    </div>
  );
}

export interface ImageUploadFieldProps<V extends FieldValues>
  extends BoundField<V>, Omit<ImageUploadProps, 'url' | 'onUploaded' | 'error' | 'inputRef' | 'name'> {
  /** The field that keeps the uploaded image's URL for the preview (not sent). */
  previewName: FieldPath<V>;
}

/** A form's picture or logo: `name` holds the uploaded file's id, `previewName` its URL. */
export function ImageUploadField<V extends FieldValues>({
  control,
  name,
  previewName,
  ...upload
}: ImageUploadFieldProps<V>) {
  const file = useBoundField({ control, name });
  const preview = useController({ control, name: previewName });
  return (
    <ImageUpload
      {...upload}
      url={(preview.field.value as string | null | undefined) ?? null}
      error={file.error}
      inputRef={file.field.ref}
      name={file.field.name}
      onUploaded={(uploaded) => {
        preview.field.onChange(uploaded.url);
        file.field.onChange(uploaded.id);
      }}
    />
  );
}
