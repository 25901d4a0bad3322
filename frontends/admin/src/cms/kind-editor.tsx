import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  ADMIN_INPUT_SCHEMAS,
  CMS_KINDS,
  fieldErrorSchema,
  type CmsKind,
  type Language,
} from '@manzil/contracts';
import { ApiError, Button, ErrorFallback, Skeleton, useFeedback } from '@manzil/ui';
import { deleteItem, getItem, saveItem, setPublished } from './admin-api.js';
import { BilingualField } from './bilingual-field.js';
import { KIND_FIELDS, emptyItem, valuesOf, type FieldSpec } from './kinds.js';
import { problemsOf, useAdminText, type Problems } from './use-admin-text.js';

const apiFieldsSchema = z.object({ fields: z.array(fieldErrorSchema) });

function serverProblems(error: unknown): Problems | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const parsed = apiFieldsSchema.safeParse(error.results);
  if (!parsed.success) return null;
  return Object.fromEntries(parsed.data.fields.map(({ field, message }) => [field, message]));
}

/** The body the service expects: numbers as numbers, empty optional links as null. */
function bodyOf(kind: CmsKind, values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...values };
  for (const field of KIND_FIELDS[kind]) {
    if (field.type === 'number') body[field.name] = Number(values[field.name]);
  }
  return body;
}

export function KindEditor({ kind }: { kind: CmsKind }) {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<string, unknown> | null>(() =>
    isNew ? emptyItem(kind) : null,
  );
  const [loadFailed, setLoadFailed] = useState(false);
  const [problems, setProblems] = useState<Problems>({});

  useEffect(() => {
    if (isNew) {
      setValues(emptyItem(kind));
      return;
    }
    setValues(null);
    getItem(kind, id, language)
      .then((item) => setValues(valuesOf(kind, item)))
      .catch(() => setLoadFailed(true));
  }, [kind, id, isNew, language]);

  if (loadFailed) return <ErrorFallback onRetry={() => window.location.reload()} />;
  if (!values) return <Skeleton inlineSize="100%" blockSize="24rem" radius="lg" />;

  const set = (name: string, value: unknown) => {
    setValues((current) => ({ ...current, [name]: value }));
    setProblems((current) =>
      Object.fromEntries(Object.entries(current).filter(([key]) => key.split('.')[0] !== name)),
    );
  };
  const problemFor = (name: string, language?: Language) =>
    problems[language ? `${name}.${language}` : name] ?? (language === 'en' ? problems[name] : undefined);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(kind, values);
    const parsed = ADMIN_INPUT_SCHEMAS[kind].safeParse(body);
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error.issues, language));
      feedback.toast('warning', t('admin.error.fix'));
      return;
    }
    try {
      const saved = await feedback.withLoader(saveItem(kind, isNew ? null : id, parsed.data, language));
      feedback.toast('success', t('admin.done.saved'));
      if (isNew) navigate(`/admin/content/${kind}/${saved.id}`, { replace: true });
    } catch (error) {
      const fromServer = serverProblems(error);
      if (fromServer) setProblems(fromServer);
      feedback.toast('danger', error instanceof ApiError ? error.message : t('admin.error.action'));
    }
  };

  const togglePublished = async () => {
    if (isNew) return;
    const next = !values.published;
    try {
      await feedback.withLoader(setPublished(kind, id, next, language));
      set('published', next);
      feedback.toast('success', t(next ? 'admin.done.published' : 'admin.done.unpublished'));
    } catch {
      feedback.toast('danger', t('admin.error.action'));
    }
  };

  const remove = async () => {
    if (isNew || !(await feedback.confirm(t('admin.confirm.deleteThis')))) return;
    try {
      await feedback.withLoader(deleteItem(kind, id, language));
      feedback.toast('success', t('admin.done.deleted'));
      navigate(`/admin/content/${kind}`);
    } catch {
      feedback.toast('danger', t('admin.error.action'));
    }
  };

  const languageNames = { en: t('admin.language.en'), ar: t('admin.language.ar') };
  const renderField = (field: FieldSpec) => {
    const label = t(`admin.field.${field.name}`);
    if (field.type === 'bilingual') {
      return (
        <BilingualField
          key={field.name}
          name={field.name}
          label={label}
          value={(values[field.name] as { en: string; ar: string }) ?? { en: '', ar: '' }}
          onChange={(value) => set(field.name, value)}
          errors={{ en: problemFor(field.name, 'en'), ar: problemFor(field.name, 'ar') }}
          multiline={field.multiline}
          markdown={field.markdown}
          ltrBoth={field.ltrBoth}
          languageNames={languageNames}
          previewLabel={t('admin.preview')}
        />
      );
    }
    const error = problemFor(field.name);
    const inputId = `field-${field.name}`;
    return (
      <div key={field.name} className={error ? 'mz-field mz-field--invalid' : 'mz-field'}>
        <label className="mz-field__label" htmlFor={inputId}>
          {label}
        </label>
        {field.type === 'select' ? (
          <select
            id={inputId}
            className="mz-input"
            value={String(values[field.name] ?? '')}
            onChange={(event) => set(field.name, event.target.value)}
          >
            {field.options.map((option) => (
              <option key={option} value={option}>
                {t(`admin.option.${field.name}.${option}`)}
              </option>
            ))}
          </select>
        ) : (
          <input
            id={inputId}
            className="mz-input"
            type={field.type === 'number' ? 'number' : 'text'}
            step={field.type === 'number' ? 'any' : undefined}
            dir={field.type === 'text' ? field.dir : 'ltr'}
            value={String(values[field.name] ?? '')}
            data-testid={inputId}
            onChange={(event) => set(field.name, event.target.value)}
          />
        )}
        {error ? (
          <p className="mz-field__error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form className="ad-editor" onSubmit={save} noValidate data-testid={`admin-editor-${kind}`}>
      <div className="ad-head">
        <div>
          <Link className="ad-back" to={`/admin/content/${kind}`}>
            {t('admin.back', { kind: t(`admin.kind.${kind}`) })}
          </Link>
          <h1 className="ad-head__title">
            {t(isNew ? 'admin.editor.new' : 'admin.editor.edit', { kind: t(`admin.kind.${kind}`) })}
          </h1>
        </div>
        <div className="ad-head__actions">
          {isNew ? null : (
            <>
              <span className={values.published ? 'ad-status ad-status--on' : 'ad-status'}>
                {t(values.published ? 'admin.status.published' : 'admin.status.draft')}
              </span>
              <Button type="button" variant="secondary" onClick={() => void togglePublished()}>
                {t(values.published ? 'admin.unpublish' : 'admin.publish')}
              </Button>
              <button type="button" className="ad-link-danger" onClick={() => void remove()}>
                {t('admin.delete')}
              </button>
            </>
          )}
          <Button type="submit" data-testid="admin-save">
            {t('admin.save')}
          </Button>
        </div>
      </div>
      <div className="ad-editor__fields">{KIND_FIELDS[kind].map(renderField)}</div>
    </form>
  );
}

export function isCmsKind(value: string | undefined): value is CmsKind {
  return (CMS_KINDS as readonly string[]).includes(value ?? '');
}
