import { Link, useNavigate, useParams } from '@manzil/ui/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_INPUT_SCHEMAS, CMS_KINDS, type CmsKind } from '@manzil/contracts';
import { ApiError, Button, ErrorFallback, Skeleton, useFeedback } from '@manzil/ui';
import {
  FormErrorSummary,
  SelectField,
  SubmitButton,
  TextField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { adminKeys, afterContentChange, deleteItem, itemQuery, saveItem, setPublished } from './admin-api.js';
import { BilingualField } from './bilingual-field.js';
import { KIND_FIELDS, emptyItem, valuesOf, type FieldSpec } from './kinds.js';
import { useAdminText } from './use-admin-text.js';

type Values = Record<string, unknown>;

/** The body the service expects: numbers as numbers, empty optional links as null. */
function bodyOf(kind: CmsKind, values: Values): Values {
  const body: Values = { ...values };
  for (const field of KIND_FIELDS[kind]) {
    if (field.type === 'number') body[field.name] = Number(values[field.name]);
  }
  return body;
}

function EditorForm({ kind, id, initial }: { kind: CmsKind; id: string | null; initial: Values }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const navigate = useNavigate();
  const client = useQueryClient();
  const form = useContractForm<Values>({
    schema: ADMIN_INPUT_SCHEMAS[kind],
    defaultValues: initial,
    toInput: (values) => bodyOf(kind, values),
  });
  const { control } = form;
  const published = form.watch('published') === true;

  const save = useMutation({
    mutationFn: (body: unknown) => saveItem(kind, id, body, language),
    onSuccess: () => afterContentChange(client, kind),
  });
  const publish = useMutation({
    mutationFn: (next: boolean) => setPublished(kind, id ?? '', next, language),
    onSuccess: (_answer, next) => {
      form.setValue('published', next);
      feedback.toast('success', t(next ? 'admin.done.published' : 'admin.done.unpublished'));
    },
    onError: () => feedback.toast('danger', t('admin.error.action')),
    onSettled: () => afterContentChange(client, kind),
  });
  const remove = useMutation({
    mutationFn: () => deleteItem(kind, id ?? '', language),
    onSuccess: () => {
      client.removeQueries({ queryKey: adminKeys.item(kind, id ?? '', language) });
      feedback.toast('success', t('admin.done.deleted'));
      navigate(`/admin/content/${kind}`);
    },
    onError: () => feedback.toast('danger', t('admin.error.action')),
    onSettled: () => afterContentChange(client, kind),
  });

  const onValid = async (body: unknown) => {
    try {
      const saved = await save.mutateAsync(body);
      feedback.toast('success', t('admin.done.saved'));
      if (!id) navigate(`/admin/content/${kind}/${saved.id}`, { replace: true });
    } catch (error) {
      if (showServerErrors(form, error)) return;
      feedback.toast('danger', error instanceof ApiError ? error.message : t('admin.error.action'));
    }
  };

  const askRemove = async () => {
    if (id && (await feedback.confirm(t('admin.confirm.deleteThis')))) remove.mutate();
  };

  const languageNames = { en: t('admin.language.en'), ar: t('admin.language.ar') };
  const renderField = (field: FieldSpec) => {
    const label = t(`admin.field.${field.name}`);
    if (field.type === 'bilingual') {
      return (
        <BilingualField
          key={field.name}
          control={control}
          name={field.name}
          testName={field.name}
          label={label}
          multiline={field.multiline}
          markdown={field.markdown}
          ltrBoth={field.ltrBoth}
          languageNames={languageNames}
          previewLabel={t('admin.preview')}
        />
      );
    }
    if (field.type === 'select') {
      return (
        <SelectField
          key={field.name}
          control={control}
          name={field.name}
          label={label}
          options={field.options.map((option) => ({
            value: option,
            label: t(`admin.option.${field.name}.${option}`),
          }))}
          testId={`field-${field.name}`}
        />
      );
    }
    return (
      <TextField
        key={field.name}
        control={control}
        name={field.name}
        label={label}
        type={field.type === 'number' ? 'number' : 'text'}
        step={field.type === 'number' ? 'any' : undefined}
        dir={field.type === 'text' ? field.dir : 'ltr'}
        testId={`field-${field.name}-box`}
        data-testid={`field-${field.name}`}
      />
    );
  };

  return (
    <form
      className="ad-editor"
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      noValidate
      data-testid={`admin-editor-${kind}`}
    >
      <div className="ad-head">
        <div>
          <Link className="ad-back" to={`/admin/content/${kind}`}>
            {t('admin.back', { kind: t(`admin.kind.${kind}`) })}
          </Link>
          <h1 className="ad-head__title">
            {t(id ? 'admin.editor.edit' : 'admin.editor.new', { kind: t(`admin.kind.${kind}`) })}
          </h1>
        </div>
        <div className="ad-head__actions">
          {id ? (
            <>
              <span className={published ? 'ad-status ad-status--on' : 'ad-status'}>
                {t(published ? 'admin.status.published' : 'admin.status.draft')}
              </span>
              <Button
                type="button"
                variant="secondary"
                disabled={publish.isPending}
                aria-busy={publish.isPending || undefined}
                onClick={() => publish.mutate(!published)}
              >
                {t(published ? 'admin.unpublish' : 'admin.publish')}
              </Button>
              <button
                type="button"
                className="ad-link-danger"
                disabled={remove.isPending}
                onClick={() => void askRemove()}
              >
                {t('admin.delete')}
              </button>
            </>
          ) : null}
          <SubmitButton control={control} data-testid="admin-save">
            {t('admin.save')}
          </SubmitButton>
        </div>
      </div>
      <FormErrorSummary control={control} setFocus={form.setFocus} />
      <div className="ad-editor__fields">{KIND_FIELDS[kind].map(renderField)}</div>
    </form>
  );
}

/** `/admin/content/:kind/new` and `/admin/content/:kind/:id`: the item, then its form. */
export function KindEditor({ kind }: { kind: CmsKind }) {
  const { id } = useParams();
  const isNew = !id || id === 'new';
  const { language } = useAdminText();
  const item = useQuery({ ...itemQuery(kind, id ?? '', language), enabled: !isNew });

  if (isNew) return <EditorForm key="new" kind={kind} id={null} initial={emptyItem(kind)} />;
  if (item.isError) return <ErrorFallback onRetry={() => void item.refetch()} headingLevel={1} />;
  if (!item.data) return <Skeleton inlineSize="100%" blockSize="24rem" radius="lg" />;
  return <EditorForm key={`${id}-${language}`} kind={kind} id={id} initial={valuesOf(kind, item.data)} />;
}

export function isCmsKind(value: string | undefined): value is CmsKind {
  return (CMS_KINDS as readonly string[]).includes(value ?? '');
}
