import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import { IDENTITY_API, changePasswordSchema } from '@manzil/contracts';
import { ApiError } from '@manzil/ui';
import {
  FormErrorSummary,
  PasswordField,
  SubmitButton,
  passwordMismatch,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { useFeedback } from '../auth/feedback.js';
import { identityFetch } from '../auth/identity.js';
import { useShell } from '../auth/shell-context.js';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/** Change password: old and new follow the rule, the new one differs, confirm matches (spec §5). */
export function ChangePasswordTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const { toast } = useFeedback();
  const form = useContractForm<typeof EMPTY>({
    schema: changePasswordSchema,
    defaultValues: EMPTY,
    crossField: passwordMismatch,
  });
  const change = useMutation({
    mutationFn: (request: unknown) =>
      identityFetch(IDENTITY_API.changePassword, { language, method: 'PUT', body: request }),
  });

  async function onValid(request: unknown) {
    try {
      const envelope = await change.mutateAsync(request);
      form.reset(EMPTY);
      toast('success', envelope.message || t('shell.password.changed'));
    } catch (failure) {
      if (showServerErrors(form, failure)) return;
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('shell.error.generic'),
      );
    }
  }

  const password = (field: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <PasswordField
      control={form.control}
      name={field}
      label={label}
      autoComplete={autoComplete}
      hint={hint}
      showLabel={t('shell.form.show')}
      hideLabel={t('shell.form.hide')}
      testId={`password-${field}`}
    />
  );

  return (
    <div className="profile-card" data-testid="change-password">
      <h2 className="profile-card__title">{t('shell.profile.tab.password')}</h2>
      <form
        className="mz-form profile-narrow"
        noValidate
        onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      >
        <FormErrorSummary control={form.control} setFocus={form.setFocus} />
        {password('oldPassword', t('shell.form.oldPassword'), 'current-password')}
        {password('password', t('shell.form.newPassword'), 'new-password', t('shell.form.passwordHint'))}
        {password('confirmPassword', t('shell.form.confirmPassword'), 'new-password')}
        <div className="profile-actions">
          <SubmitButton control={form.control} data-testid="password-submit">
            {t('shell.password.submit')}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
