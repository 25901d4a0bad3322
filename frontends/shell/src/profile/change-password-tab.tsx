import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { IDENTITY_API, changePasswordSchema } from '@manzil/contracts';
import { ApiError, Button, PasswordField, passwordMismatch, useForm } from '@manzil/ui';
import { useFeedback } from '../auth/feedback.js';
import { identityFetch } from '../auth/identity.js';
import { useShell } from '../auth/shell-context.js';

const EMPTY = { oldPassword: '', password: '', confirmPassword: '' };

/** Change password: old and new follow the rule, the new one differs, confirm matches (spec §5). */
export function ChangePasswordTab() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const { toast, withLoader } = useFeedback();
  const form = useForm(language, EMPTY);
  const { values, setValue, error } = form;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const request = form.validate(changePasswordSchema, values, passwordMismatch);
    if (!request) return;
    try {
      const envelope = await withLoader(
        identityFetch(IDENTITY_API.changePassword, { language, method: 'PUT', body: request }),
      );
      form.setValues(EMPTY);
      toast('success', envelope.message || t('shell.password.changed'));
    } catch (failure) {
      if (form.showApiError(failure)) return;
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('shell.error.generic'),
      );
    }
  }

  const password = (field: keyof typeof EMPTY, label: string, autoComplete: string, hint?: string) => (
    <PasswordField
      label={label}
      value={values[field]}
      onChange={(value) => setValue(field, value)}
      autoComplete={autoComplete}
      error={error(field)}
      hint={hint}
      showLabel={t('shell.form.show')}
      hideLabel={t('shell.form.hide')}
      testId={`password-${field}`}
    />
  );

  return (
    <div className="profile-card" data-testid="change-password">
      <h2 className="profile-card__title">{t('shell.profile.tab.password')}</h2>
      <form className="mz-form profile-narrow" noValidate onSubmit={(event) => void onSubmit(event)}>
        {password('oldPassword', t('shell.form.oldPassword'), 'current-password')}
        {password('password', t('shell.form.newPassword'), 'new-password', t('shell.form.passwordHint'))}
        {password('confirmPassword', t('shell.form.confirmPassword'), 'new-password')}
        <div className="profile-actions">
          <Button type="submit" data-testid="password-submit">
            {t('shell.password.submit')}
          </Button>
        </div>
      </form>
    </div>
  );
}
