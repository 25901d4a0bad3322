import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError, useFeedback, refetchAfterWrite } from '@manzil/ui';
import { showServerErrors } from '@manzil/ui/forms';
import { useAdminText } from '../cms/use-admin-text.js';

/**
 * The submit of a console form: send, say it is done, refresh the list, close the form; a 422
 * lands on its fields, any other refusal in a toast (the server's words, in the admin's language).
 */
export function useConsoleSubmit<V extends FieldValues>(
  form: UseFormReturn<V, unknown, unknown>,
  { list, done, onDone }: { list: readonly string[]; done: string; onDone: () => void },
) {
  const { t } = useAdminText();
  const feedback = useFeedback();
  const client = useQueryClient();
  return async (send: () => Promise<unknown>): Promise<void> => {
    try {
      await send();
      feedback.toast('success', t(done));
      await refetchAfterWrite(client, list);
      onDone();
    } catch (error) {
      if (showServerErrors(form, error)) return;
      feedback.toast('danger', error instanceof ApiError ? error.message : t('admin.error.action'));
    }
  };
}
