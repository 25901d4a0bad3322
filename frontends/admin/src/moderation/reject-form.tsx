import { useMutation } from '@tanstack/react-query';
import { propertyRejectRequestSchema } from '@manzil/contracts';
import { useFeedback } from '@manzil/ui';
import {
  FormErrorSummary,
  SubmitButton,
  TextAreaField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { useAdminText } from '../cms/use-admin-text.js';
import { rejectProperty } from './moderation-api.js';

/**
 * Reject with a reason the owner will read (spec §4): required, at least 5 characters, the
 * contracts' rule and message in the admin's language; what was typed stays on an error.
 */
export function RejectForm({ propertyId, onRejected }: { propertyId: string; onRejected: () => void }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const form = useContractForm<{ reason: string }>({
    schema: propertyRejectRequestSchema,
    defaultValues: { reason: '' },
  });
  const reject = useMutation({ mutationFn: (body: unknown) => rejectProperty(propertyId, body, language) });
  const onValid = async (body: unknown) => {
    try {
      await reject.mutateAsync(body);
      feedback.toast('success', t('moderation.done.rejected'));
      onRejected();
    } catch (error) {
      if (!showServerErrors(form, error)) feedback.toast('danger', t('admin.error.action'));
    }
  };
  return (
    <form
      className="ad-reject"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="reject-form"
    >
      <FormErrorSummary control={form.control} setFocus={form.setFocus} />
      <TextAreaField
        control={form.control}
        name="reason"
        label={t('moderation.reject.reason')}
        rows={3}
        maxLength={1000}
        testId="reject-reason"
      />
      <SubmitButton control={form.control} variant="secondary" data-testid="reject-submit">
        {t('moderation.reject')}
      </SubmitButton>
    </form>
  );
}
