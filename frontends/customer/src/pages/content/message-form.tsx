import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import {
  CMS_ACKNOWLEDGEMENTS,
  COMPLAINT_TYPES,
  CONTENT_API,
  SITE_FACTS,
  complaintSchema,
  contactUsSchema,
  submissionReceiptSchema,
  type Language,
  type Site,
} from '@manzil/contracts';
import { apiFetch, useFeedback, useLanguage } from '@manzil/ui';
import {
  EmailField,
  FormErrorSummary,
  PhoneField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';

type ComplaintType = (typeof COMPLAINT_TYPES)[number];
type Kind = 'contact' | 'complaint';

interface MessageValues {
  name: string;
  email: string;
  countryCode: string;
  mobile: string;
  message: string;
  type: ComplaintType | '';
  subject: string;
}

function emptyValues(site: Site): MessageValues {
  return {
    name: '',
    email: '',
    countryCode: SITE_FACTS[site].phonePrefix,
    mobile: '',
    message: '',
    type: '',
    subject: '',
  };
}

/** What the endpoint receives: the contact fields, plus type and subject for a complaint. */
function toInput(kind: Kind) {
  return ({ type, subject, ...contact }: MessageValues) =>
    kind === 'complaint' ? { ...contact, type: type || undefined, subject } : contact;
}

/** POST contact-us or complaints-and-suggestions: the server's acknowledgement, else the contracts' one. */
function useSendMessage(kind: Kind, language: Language) {
  return useMutation({
    mutationFn: async (body: unknown) =>
      apiFetch(`/api/content${kind === 'complaint' ? CONTENT_API.complaints : CONTENT_API.contactUs}`, {
        language,
        method: 'POST',
        body,
        results: submissionReceiptSchema,
      }),
  });
}

/**
 * The contact-us form, or the complaints-and-suggestions form (`kind="complaint"`): contracts'
 * rules and messages in the page's language beside each field, checked as each is left; what
 * was typed stays on a validation or server error; the server's acknowledgement shows as a
 * success toast.
 */
export function MessageForm({ site, kind }: { site: Site; kind: Kind }) {
  const intl = useIntl();
  const language = useLanguage();
  const feedback = useFeedback();
  const t = (id: string) => intl.formatMessage({ id });
  const form = useContractForm<MessageValues>({
    schema: kind === 'complaint' ? complaintSchema : contactUsSchema,
    defaultValues: emptyValues(site),
    toInput: toInput(kind),
  });
  const send = useSendMessage(kind, language);
  const { control } = form;

  const onValid = async (body: unknown) => {
    try {
      const envelope = await send.mutateAsync(body);
      const type = form.getValues('type');
      const fallback =
        kind === 'contact'
          ? CMS_ACKNOWLEDGEMENTS.contactUs[language]
          : CMS_ACKNOWLEDGEMENTS[type === 'suggestion' ? 'suggestion' : 'complaint'][language];
      feedback.toast('success', envelope.message || fallback);
      form.reset(emptyValues(site));
    } catch (failure) {
      if (!showServerErrors(form, failure)) feedback.toast('danger', t('customer.form.failed'));
    }
  };

  return (
    <form
      className="mz-form cu-message-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid={`${kind}-form`}
    >
      <FormErrorSummary control={control} setFocus={form.setFocus} />
      {kind === 'complaint' ? (
        <div className="mz-form__row">
          <SelectField
            control={control}
            name="type"
            label={t('customer.form.type')}
            placeholder={t('customer.form.typePlaceholder')}
            options={COMPLAINT_TYPES.map((value) => ({ value, label: t(`customer.form.type.${value}`) }))}
            testId="field-type"
          />
          <TextField
            control={control}
            name="subject"
            label={t('customer.form.subject')}
            maxLength={150}
            testId="field-subject"
          />
        </div>
      ) : null}
      <div className="mz-form__row">
        <TextField
          control={control}
          name="name"
          label={t('customer.form.name')}
          autoComplete="name"
          maxLength={50}
          testId="field-name"
        />
        <EmailField
          control={control}
          name="email"
          label={t('customer.form.email')}
          autoComplete
          testId="field-email"
        />
      </div>
      <PhoneField
        control={control}
        label={t('customer.form.mobile')}
        codeLabel={t('customer.form.countryCode')}
        testId="field-mobile"
      />
      <TextAreaField
        control={control}
        name="message"
        label={t('customer.form.message')}
        maxLength={2000}
        rows={6}
        testId="field-message"
      />
      <div>
        <SubmitButton control={control} size="lg" data-testid="message-submit">
          {t(kind === 'complaint' ? 'customer.form.submitComplaint' : 'customer.form.submit')}
        </SubmitButton>
      </div>
    </form>
  );
}
