import { useFieldArray } from 'react-hook-form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CONTENT_API, adminInfoAdminSchema, updateAdminInfoSchema, type Site } from '@manzil/contracts';
import {
  Button,
  ErrorFallback,
  Skeleton,
  apiFetch,
  contentKeys,
  useFeedback,
  refetchAfterWrite,
} from '@manzil/ui';
import {
  FormErrorSummary,
  SubmitButton,
  TextField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { adminInfoQuery, adminKeys, contentUrl } from './admin-api.js';
import { BilingualField } from './bilingual-field.js';
import { useAdminText } from './use-admin-text.js';

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

function valuesOf(results: z.infer<typeof adminInfoAdminSchema>): InfoValues {
  const text = Object.fromEntries(
    [...TEXT_FIELDS, ...SAUDI_FIELDS].map((key) => [key, String(results[key] ?? '')]),
  ) as Record<(typeof TEXT_FIELDS)[number] | (typeof SAUDI_FIELDS)[number], string>;
  return { ...text, addresses: results.addresses };
}

function InfoForm({ site, initial }: { site: Site; initial: InfoValues }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const client = useQueryClient();
  const form = useContractForm<InfoValues>({
    schema: updateAdminInfoSchema,
    defaultValues: initial,
    // The app block and licence are the Saudi site's only.
    toInput: (values) =>
      site === 'sa'
        ? values
        : { ...values, appStoreUrl: null, playStoreUrl: null, licenceCertificateUrl: null },
  });
  const { control } = form;
  const addresses = useFieldArray({ control, name: 'addresses' });
  const save = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch(contentUrl(CONTENT_API.admin.adminInfo), {
        language,
        method: 'PUT',
        body,
        results: adminInfoAdminSchema,
      }),
    onSuccess: (envelope) => {
      client.setQueryData(adminKeys.adminInfo(language), envelope.results);
      // The footer and the contact page show the new details at their next read.
      void refetchAfterWrite(client, contentKeys.all);
    },
  });

  const onValid = async (body: unknown) => {
    try {
      await save.mutateAsync(body);
      feedback.toast('success', t('admin.done.saved'));
    } catch (error) {
      if (!showServerErrors(form, error)) feedback.toast('danger', t('admin.error.action'));
    }
  };

  const fields = site === 'sa' ? [...TEXT_FIELDS, ...SAUDI_FIELDS] : [...TEXT_FIELDS];
  const languageNames = { en: t('admin.language.en'), ar: t('admin.language.ar') };
  return (
    <form
      className="ad-editor"
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      noValidate
      data-testid="admin-info-editor"
    >
      <div className="ad-head">
        <h1 className="ad-head__title">{t('admin.kind.adminInfo')}</h1>
        <SubmitButton control={control} data-testid="admin-save">
          {t('admin.save')}
        </SubmitButton>
      </div>
      <FormErrorSummary control={control} setFocus={form.setFocus} />
      <div className="ad-editor__grid">
        {fields.map((key) => (
          <TextField
            key={key}
            control={control}
            name={key}
            label={t(`admin.field.${key}`)}
            dir="ltr"
            testId={`info-${key}`}
          />
        ))}
      </div>
      {addresses.fields.map((address, index) => (
        <div key={address.id} className="ad-address">
          <BilingualField
            control={control}
            name={`addresses.${index}`}
            testName={`address-${index}`}
            label={t('admin.field.address', { n: index + 1 })}
            languageNames={languageNames}
            previewLabel={t('admin.preview')}
          />
          <button type="button" className="ad-link-danger" onClick={() => addresses.remove(index)}>
            {t('admin.delete')}
          </button>
        </div>
      ))}
      <div>
        <Button type="button" variant="secondary" onClick={() => addresses.append({ en: '', ar: '' })}>
          {t('admin.addAddress')}
        </Button>
      </div>
    </form>
  );
}

/** Admin info (spec §3): contact, addresses in both languages, social links; the Saudi app block on sa. */
export function AdminInfoEditor({ site }: { site: Site }) {
  const { language } = useAdminText();
  const info = useQuery(adminInfoQuery(language));
  if (info.isError) return <ErrorFallback onRetry={() => void info.refetch()} headingLevel={1} />;
  if (!info.data) return <Skeleton inlineSize="100%" blockSize="24rem" radius="lg" />;
  return <InfoForm key={language} site={site} initial={valuesOf(info.data)} />;
}
