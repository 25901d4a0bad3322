import { useId } from 'react';
import { renderCmsMarkdown, type Language } from '@manzil/contracts';

interface BilingualFieldProps {
  label: string;
  value: { en: string; ar: string };
  onChange: (value: { en: string; ar: string }) => void;
  errors: Partial<Record<Language, string>>;
  multiline?: boolean;
  /** Shows each language's rendering under its box, in that language's direction. */
  markdown?: boolean;
  /** Links: Latin text on both sides. */
  ltrBoth?: boolean;
  languageNames: Record<Language, string>;
  previewLabel: string;
  name: string;
}

/** English and Arabic side by side: each box, its error, and (Markdown) its preview in its own direction. */
export function BilingualField({
  label,
  value,
  onChange,
  errors,
  multiline,
  markdown,
  ltrBoth,
  languageNames,
  previewLabel,
  name,
}: BilingualFieldProps) {
  const id = useId();
  return (
    <fieldset className="ad-bilingual" data-testid={`field-${name}`}>
      <legend className="ad-bilingual__legend">{label}</legend>
      <div className="ad-bilingual__columns">
        {(['en', 'ar'] as const).map((language) => {
          const dir = language === 'ar' && !ltrBoth ? 'rtl' : 'ltr';
          const common = {
            id: `${id}-${language}`,
            className: 'mz-input',
            dir,
            lang: language,
            value: value[language] ?? '',
            'aria-invalid': errors[language] ? true : undefined,
            'data-testid': `field-${name}-${language}`,
          };
          return (
            <div key={language} className={errors[language] ? 'mz-field mz-field--invalid' : 'mz-field'}>
              <label className="mz-field__label" htmlFor={`${id}-${language}`}>
                {languageNames[language]}
              </label>
              {multiline ? (
                <textarea
                  {...common}
                  className="mz-input mz-input--area"
                  rows={markdown ? 10 : 3}
                  onChange={(event) => onChange({ ...value, [language]: event.target.value })}
                />
              ) : (
                <input
                  {...common}
                  onChange={(event) => onChange({ ...value, [language]: event.target.value })}
                />
              )}
              {errors[language] ? (
                <p className="mz-field__error" role="alert">
                  {errors[language]}
                </p>
              ) : null}
              {markdown ? (
                <section className="ad-preview" aria-label={`${previewLabel} (${languageNames[language]})`}>
                  <p className="ad-preview__label">{previewLabel}</p>
                  <div
                    className="ad-preview__body"
                    dir={dir}
                    lang={language}
                    data-testid={`preview-${name}-${language}`}
                    // renderCmsMarkdown escapes everything typed and only emits its own tags.
                    dangerouslySetInnerHTML={{ __html: renderCmsMarkdown(value[language] ?? '') }}
                  />
                </section>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
