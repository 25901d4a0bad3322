import { useId } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { renderCmsMarkdown, type Language } from '@manzil/contracts';
import { useBoundField, type FormControl } from '@manzil/ui/forms';

interface BilingualFieldProps<V extends FieldValues> {
  control: FormControl<V>;
  /** The `{ en, ar }` value's field: its boxes are `${name}.en` and `${name}.ar`. */
  name: FieldPath<V>;
  label: string;
  multiline?: boolean;
  /** Shows each language's rendering under its box, in that language's direction. */
  markdown?: boolean;
  /** Links: Latin text on both sides. */
  ltrBoth?: boolean;
  languageNames: Record<Language, string>;
  previewLabel: string;
  /** `field-${testName}`, `field-${testName}-en`, `preview-${testName}-ar`, ... */
  testName: string;
}

function LanguageBox<V extends FieldValues>({
  control,
  name,
  language,
  label,
  multiline,
  markdown,
  ltrBoth,
  previewLabel,
  testName,
}: Omit<BilingualFieldProps<V>, 'languageNames' | 'label'> & { language: Language; label: string }) {
  const id = useId();
  const { field, error } = useBoundField({ control, name: `${name}.${language}` as FieldPath<V> });
  const dir = language === 'ar' && !ltrBoth ? 'rtl' : 'ltr';
  const value = (field.value as string | undefined) ?? '';
  const common = {
    id,
    ref: field.ref,
    name: field.name,
    className: 'mz-input',
    dir,
    lang: language,
    value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'data-testid': `field-${testName}-${language}`,
    onBlur: field.onBlur,
  };
  return (
    <div className={error ? 'mz-field mz-field--invalid' : 'mz-field'}>
      <label className="mz-field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...common}
          className="mz-input mz-input--area"
          rows={markdown ? 10 : 3}
          onChange={(event) => field.onChange(event.target.value)}
        />
      ) : (
        <input {...common} onChange={(event) => field.onChange(event.target.value)} />
      )}
      {error ? (
        <p className="mz-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {markdown ? (
        <section className="ad-preview" aria-label={`${previewLabel} (${label})`}>
          <p className="ad-preview__label">{previewLabel}</p>
          <div
            className="ad-preview__body"
            dir={dir}
            lang={language}
            data-testid={`preview-${testName}-${language}`}
            // renderCmsMarkdown escapes everything typed and only emits its own tags.
            dangerouslySetInnerHTML={{ __html: renderCmsMarkdown(value) }}
          />
        </section>
      ) : null}
    </div>
  );
}

/** English and Arabic side by side: each box, its error, and (Markdown) its preview in its own direction. */
export function BilingualField<V extends FieldValues>({
  label,
  languageNames,
  testName,
  ...box
}: BilingualFieldProps<V>) {
  return (
    // A field group: the form's error summary names each box "Title – Arabic".
    <fieldset className="ad-bilingual" data-field-group data-testid={`field-${testName}`}>
      <legend className="ad-bilingual__legend">{label}</legend>
      <div className="ad-bilingual__columns">
        {(['en', 'ar'] as const).map((language) => (
          <LanguageBox
            key={language}
            {...box}
            testName={testName}
            language={language}
            label={languageNames[language]}
          />
        ))}
      </div>
    </fieldset>
  );
}
