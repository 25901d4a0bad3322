import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import {
  ENGAGEMENT_API,
  ENQUIRY_TYPES,
  ENQUIRY_TYPE_LABELS,
  enquiryRequestSchema,
  enquirySchema,
  type EnquiryType,
} from '@manzil/contracts';
import { Button, apiFetch, requireLogin, useFeedback, useLanguage, useSession } from '@manzil/ui';
import {
  ContactFields,
  FormErrorSummary,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';

interface EnquiryValues {
  type: EnquiryType | '';
  name: string;
  email: string;
  countryCode: '+971' | '+966';
  mobile: string;
  message: string;
}

/**
 * Send an enquiry to the listing's agent (spec §3 enquiry types): a customer's form in the agent
 * card. A visitor gets the enquiry login prompt (spec §6); agents and companies are told that
 * customers enquire, without a call (the endpoint is the customers'). What was typed stays on a
 * failure; after sending, the type and message clear and the contact stays for the next one.
 */
export function EnquiryForm({ propertyId, site }: { propertyId: string; site: 'ae' | 'sa' }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const language = useLanguage();
  const session = useSession();
  const feedback = useFeedback();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const form = useContractForm<EnquiryValues>({
    schema: enquiryRequestSchema,
    defaultValues: {
      type: '',
      name: session?.name ?? '',
      email: '',
      countryCode: site === 'sa' ? '+966' : '+971',
      mobile: '',
      message: '',
    },
  });
  const send = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch(`/api/listings${ENGAGEMENT_API.enquire(propertyId)}`, {
        language,
        method: 'POST',
        body,
        results: enquirySchema,
      }),
  });
  if (session && session.role !== 'user')
    return (
      <p className="cu-enquiry__note" data-testid="enquiry-customers-only">
        {t('customer.enquiry.customersOnly')}
      </p>
    );
  if (!open)
    return (
      <Button
        variant="primary"
        data-testid="enquiry-open"
        onClick={() => {
          if (requireLogin('enquiry')) setOpen(true);
        }}
      >
        {t('customer.enquiry.open')}
      </Button>
    );
  const onValid = async (body: unknown) => {
    try {
      await send.mutateAsync(body);
      feedback.toast('success', t('customer.enquiry.sent'));
      form.reset({ ...form.getValues(), type: '', message: '' });
    } catch (failure) {
      if (!showServerErrors(form, failure)) feedback.toast('danger', t('customer.enquiry.failed'));
    }
  };
  const label = (field: 'email' | 'mobile' | 'countryCode') => t(`customer.enquiry.${field}`);
  return (
    <form
      id={formId}
      className="mz-form cu-enquiry"
      noValidate
      data-testid="enquiry-form"
      aria-label={t('customer.enquiry.title')}
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
    >
      <h3 className="cu-enquiry__title">{t('customer.enquiry.title')}</h3>
      <FormErrorSummary control={form.control} setFocus={form.setFocus} />
      <SelectField
        control={form.control}
        name="type"
        label={t('customer.enquiry.type')}
        placeholder={t('customer.enquiry.choose')}
        options={ENQUIRY_TYPES.map((value) => ({ value, label: ENQUIRY_TYPE_LABELS[value][language] }))}
        testId="enquiry-type"
      />
      <TextField
        control={form.control}
        name="name"
        label={t('customer.enquiry.name')}
        testId="enquiry-name"
      />
      <ContactFields control={form.control} label={label} testIdPrefix="enquiry" autoComplete />
      <TextAreaField
        control={form.control}
        name="message"
        label={t('customer.enquiry.message')}
        rows={3}
        maxLength={1000}
        testId="enquiry-message"
      />
      <SubmitButton control={form.control} form={formId} data-testid="enquiry-submit">
        {t('customer.enquiry.submit')}
      </SubmitButton>
    </form>
  );
}
