import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import {
  CMS_ACKNOWLEDGEMENTS,
  COMPLAINT_TYPES,
  CONTENT_API,
  SITE_FACTS,
  complaintSchema,
  contactUsSchema,
  submissionReceiptSchema,
  type Site,
} from '@manzil/contracts';
import {
  Button,
  PhoneField,
  SelectField,
  TextAreaField,
  TextField,
  apiFetch,
  useFeedback,
  useForm,
  useLanguage,
} from '@manzil/ui';

type ComplaintType = (typeof COMPLAINT_TYPES)[number];

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

/**
 * The contact-us form, or the complaints-and-suggestions form (`kind="complaint"`): contracts'
 * rules and messages in the page's language beside each field; what was typed stays on a
 * validation or server error; the server's acknowledgement shows as a success toast.
 */
export function MessageForm({ site, kind }: { site: Site; kind: 'contact' | 'complaint' }) {
  const intl = useIntl();
  const language = useLanguage();
  const feedback = useFeedback();
  const t = (id: string) => intl.formatMessage({ id });
  const form = useForm<MessageValues>(language, () => emptyValues(site));
  const [sending, setSending] = useState(false);
  const { values, setValue, error } = form;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { type, subject, ...contact } = values;
    const body =
      kind === 'complaint'
        ? form.validate(complaintSchema, { ...contact, type: type || undefined, subject })
        : form.validate(contactUsSchema, contact);
    if (!body) return;
    setSending(true);
    try {
      const envelope = await feedback.withLoader(
        apiFetch(`/api/content${kind === 'complaint' ? CONTENT_API.complaints : CONTENT_API.contactUs}`, {
          language,
          method: 'POST',
          body,
          results: submissionReceiptSchema,
        }),
      );
      const fallback =
        kind === 'contact'
          ? CMS_ACKNOWLEDGEMENTS.contactUs[language]
          : CMS_ACKNOWLEDGEMENTS[type === 'suggestion' ? 'suggestion' : 'complaint'][language];
      feedback.toast('success', envelope.message || fallback);
      form.setValues(emptyValues(site));
    } catch (failure) {
      if (!form.showApiError(failure)) feedback.toast('danger', t('customer.form.failed'));
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="mz-form cu-message-form" noValidate onSubmit={submit} data-testid={`${kind}-form`}>
      {kind === 'complaint' ? (
        <div className="mz-form__row">
          <SelectField<ComplaintType>
            label={t('customer.form.type')}
            value={values.type}
            placeholder={t('customer.form.typePlaceholder')}
            options={COMPLAINT_TYPES.map((value) => ({ value, label: t(`customer.form.type.${value}`) }))}
            onChange={(value) => setValue('type', value)}
            error={error('type')}
            testId="field-type"
          />
          <TextField
            label={t('customer.form.subject')}
            value={values.subject}
            onChange={(value) => setValue('subject', value)}
            error={error('subject')}
            maxLength={150}
            testId="field-subject"
          />
        </div>
      ) : null}
      <div className="mz-form__row">
        <TextField
          label={t('customer.form.name')}
          value={values.name}
          onChange={(value) => setValue('name', value)}
          error={error('name')}
          autoComplete="name"
          maxLength={50}
          testId="field-name"
        />
        <TextField
          label={t('customer.form.email')}
          type="email"
          dir="ltr"
          value={values.email}
          onChange={(value) => setValue('email', value)}
          error={error('email')}
          autoComplete="email"
          testId="field-email"
        />
      </div>
      <PhoneField
        label={t('customer.form.mobile')}
        codeLabel={t('customer.form.countryCode')}
        countryCode={values.countryCode}
        mobile={values.mobile}
        onCountryCodeChange={(code) => setValue('countryCode', code)}
        onMobileChange={(mobile) => setValue('mobile', mobile)}
        error={error('mobile') ?? error('countryCode')}
        testId="field-mobile"
      />
      <TextAreaField
        label={t('customer.form.message')}
        value={values.message}
        onChange={(value) => setValue('message', value)}
        error={error('message')}
        maxLength={2000}
        rows={6}
        testId="field-message"
      />
      <div>
        <Button type="submit" size="lg" disabled={sending} data-testid="message-submit">
          {t(kind === 'complaint' ? 'customer.form.submitComplaint' : 'customer.form.submit')}
        </Button>
      </div>
    </form>
  );
}
