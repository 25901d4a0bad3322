import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesSchema,
  type NotificationPreferences,
  type AccountRole,
} from '@manzil/contracts';
import { ApiError, Button, Skeleton, apiFetch } from '@manzil/ui';
import { SubmitButton, useContractForm } from '@manzil/ui/forms';
import { useFeedback } from '../auth/feedback.js';
import { useShell } from '../auth/shell-context.js';
import {
  NOTIFICATION_PREFERENCES_API,
  notificationPreferencesKey,
  notificationPreferencesQuery,
} from './profile-queries.js';

/** The channels a person may turn off (contracts' schema), in the order the section lists them. */
const CHOOSABLE = ['email', 'sms'] as const satisfies readonly (keyof NotificationPreferences)[];

/**
 * "Notifications" in the profile's settings (issue 14): which channels besides in-app the
 * notices reach, the notifications service's `GET`/`PUT /v1/notifications/preferences`. In-app
 * is shown and cannot be turned off (the service keeps it as the record). Saved with a button,
 * not on each click: a failed save leaves the boxes as the person ticked them, to try again.
 */
export function NotificationSettings({ role }: { role: AccountRole }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const query = useQuery(notificationPreferencesQuery(language));
  return (
    <section
      className="profile-card"
      data-testid="notification-settings"
      aria-labelledby="notification-settings-title"
    >
      <h2 className="profile-card__title" id="notification-settings-title">
        {t('shell.notificationPrefs.title')}
      </h2>
      <p className="profile-card__note">{t('shell.notificationPrefs.note')}</p>
      {query.data ? (
        <PreferencesForm saved={query.data} role={role} />
      ) : query.isError && !query.isFetching ? (
        <div
          className="notification-prefs__failed"
          role="alert"
          data-testid="notification-settings-load-error"
        >
          <p>{t('shell.notificationPrefs.loadFailed')}</p>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('shell.retry')}
          </Button>
        </div>
      ) : (
        <div data-testid="notification-settings-loading">
          <Skeleton inlineSize="60%" />
          <Skeleton inlineSize="45%" />
        </div>
      )}
    </section>
  );
}

function PreferencesForm({ saved, role }: { saved: NotificationPreferences; role: AccountRole }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  const { language } = useShell();
  const { toast } = useFeedback();
  const client = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useContractForm<NotificationPreferences, NotificationPreferences>({
    schema: notificationPreferencesSchema,
    defaultValues: saved,
  });
  const save = useMutation({
    mutationFn: async (chosen: NotificationPreferences) =>
      (
        await apiFetch(NOTIFICATION_PREFERENCES_API, {
          language,
          method: 'PUT',
          body: chosen,
          results: notificationPreferencesSchema,
        })
      ).results,
  });
  const lister = role === 'agent' || role === 'company';

  async function onValid(chosen: NotificationPreferences) {
    setFailure(null);
    try {
      const stored = await save.mutateAsync(chosen);
      client.setQueryData(notificationPreferencesKey, stored);
      form.reset(stored);
      toast('success', t('shell.notificationPrefs.saved'));
    } catch (error) {
      // The boxes keep what was ticked; the server's words when it gave some, ours otherwise.
      const reason = error instanceof ApiError && error.message ? error.message : null;
      setFailure(
        reason
          ? `${t('shell.notificationPrefs.saveFailed')} ${reason}`
          : t('shell.notificationPrefs.saveFailed'),
      );
    }
  }

  return (
    <form
      className="notification-prefs"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="notification-settings-form"
    >
      <fieldset className="notification-prefs__group">
        <legend className="notification-prefs__legend">{t('shell.notificationPrefs.channels')}</legend>
        <div className="notification-prefs__option">
          <input
            id={`${id}-inapp`}
            className="mz-check__box"
            type="checkbox"
            checked
            disabled
            aria-describedby={`${id}-inapp-note`}
          />
          <label htmlFor={`${id}-inapp`}>{t('shell.notificationPrefs.inApp')}</label>
          <p className="notification-prefs__hint" id={`${id}-inapp-note`}>
            {t('shell.notificationPrefs.inAppNote')}
          </p>
        </div>
        {CHOOSABLE.map((channel) => (
          <div className="notification-prefs__option" key={channel}>
            <input
              id={`${id}-${channel}`}
              className="mz-check__box"
              type="checkbox"
              aria-describedby={`${id}-${channel}-note`}
              data-testid={`notification-pref-${channel}`}
              {...form.register(channel)}
            />
            <label htmlFor={`${id}-${channel}`}>{t(`shell.notificationPrefs.${channel}`)}</label>
            <p className="notification-prefs__hint" id={`${id}-${channel}-note`}>
              {t(`shell.notificationPrefs.${channel}Note`)}
            </p>
          </div>
        ))}
      </fieldset>
      {lister ? <p className="profile-card__note">{t('shell.notificationPrefs.enquiryNote')}</p> : null}
      {failure ? (
        <p className="notification-prefs__error" role="alert" data-testid="notification-settings-error">
          {failure}
        </p>
      ) : null}
      <div className="profile-actions">
        <SubmitButton control={form.control} data-testid="notification-settings-save">
          {t('shell.notificationPrefs.save')}
        </SubmitButton>
      </div>
    </form>
  );
}
