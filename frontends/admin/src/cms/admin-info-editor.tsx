import { useEffect, useState, type FormEvent } from 'react';
import { CONTENT_API, adminInfoAdminSchema, updateAdminInfoSchema, type Site } from '@manzil/contracts';
import { Button, ErrorFallback, Skeleton, apiFetch, useFeedback } from '@manzil/ui';
import { contentUrl } from './admin-api.js';
import { BilingualField } from './bilingual-field.js';
import { problemsOf, useAdminText, type Problems } from './use-admin-text.js';

const TEXT_FIELDS = [
  'email',
  'mobile',
  'whatsapp',
  'facebookUrl',
  'linkedinUrl',
  'twitterUrl',
  'youtubeUrl',
  'instgramUrl',
] as const;
const SAUDI_FIELDS = ['appStoreUrl', 'playStoreUrl', 'licenceCertificateUrl'] as const;

type InfoValues = Record<(typeof TEXT_FIELDS)[number] | (typeof SAUDI_FIELDS)[number], string> & {
  addresses: { en: string; ar: string }[];
};

/** Admin info (spec §3): contact, addresses in both languages, social links; the Saudi app block on sa. */
export function AdminInfoEditor({ site }: { site: Site }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const [values, setValues] = useState<InfoValues | null>(null);
  const [failed, setFailed] = useState(false);
  const [problems, setProblems] = useState<Problems>({});

  useEffect(() => {
    apiFetch(contentUrl(CONTENT_API.admin.adminInfo), { language, results: adminInfoAdminSchema })
      .then(({ results }) => {
        const text = Object.fromEntries(
          [...TEXT_FIELDS, ...SAUDI_FIELDS].map((key) => [key, String(results[key] ?? '')]),
        ) as Record<(typeof TEXT_FIELDS)[number] | (typeof SAUDI_FIELDS)[number], string>;
        setValues({ ...text, addresses: results.addresses });
      })
      .catch(() => setFailed(true));
  }, [language]);

  if (failed) return <ErrorFallback onRetry={() => window.location.reload()} />;
  if (!values) return <Skeleton inlineSize="100%" blockSize="24rem" radius="lg" />;

  const fields = site === 'sa' ? [...TEXT_FIELDS, ...SAUDI_FIELDS] : [...TEXT_FIELDS];
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body =
      site === 'sa'
        ? values
        : { ...values, appStoreUrl: null, playStoreUrl: null, licenceCertificateUrl: null };
    const parsed = updateAdminInfoSchema.safeParse(body);
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error.issues, language));
      return;
    }
    try {
      await feedback.withLoader(
        apiFetch(contentUrl(CONTENT_API.admin.adminInfo), { language, method: 'PUT', body: parsed.data }),
      );
      setProblems({});
      feedback.toast('success', t('admin.done.saved'));
    } catch {
      feedback.toast('danger', t('admin.error.action'));
    }
  };
  const languageNames = { en: t('admin.language.en'), ar: t('admin.language.ar') };
  return (
    <form className="ad-editor" onSubmit={save} noValidate data-testid="admin-info-editor">
      <div className="ad-head">
        <h1 className="ad-head__title">{t('admin.kind.adminInfo')}</h1>
        <Button type="submit" data-testid="admin-save">
          {t('admin.save')}
        </Button>
      </div>
      <div className="ad-editor__grid">
        {fields.map((key) => (
          <div key={key} className={problems[key] ? 'mz-field mz-field--invalid' : 'mz-field'}>
            <label className="mz-field__label" htmlFor={`info-${key}`}>
              {t(`admin.field.${key}`)}
            </label>
            <input
              id={`info-${key}`}
              className="mz-input"
              dir="ltr"
              value={values[key]}
              onChange={(event) => setValues({ ...values, [key]: event.target.value })}
            />
            {problems[key] ? (
              <p className="mz-field__error" role="alert">
                {problems[key]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      {values.addresses.map((address, index) => (
        <div key={index} className="ad-address">
          <BilingualField
            name={`address-${index}`}
            label={t('admin.field.address', { n: index + 1 })}
            value={address}
            onChange={(next) =>
              setValues({
                ...values,
                addresses: values.addresses.map((old, i) => (i === index ? next : old)),
              })
            }
            errors={{ en: problems[`addresses.${index}.en`], ar: problems[`addresses.${index}.ar`] }}
            languageNames={languageNames}
            previewLabel={t('admin.preview')}
          />
          <button
            type="button"
            className="ad-link-danger"
            onClick={() =>
              setValues({ ...values, addresses: values.addresses.filter((_, i) => i !== index) })
            }
          >
            {t('admin.delete')}
          </button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="secondary"
          onClick={() => setValues({ ...values, addresses: [...values.addresses, { en: '', ar: '' }] })}
        >
          {t('admin.addAddress')}
        </Button>
      </div>
    </form>
  );
}
