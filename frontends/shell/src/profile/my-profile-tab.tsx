import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import {
  IDENTITY_API,
  accountProfileWithEmailSchema,
  updateProfileSchema,
  type AccountProfileWithEmail as AccountProfile,
} from '@manzil/contracts';
import { ApiError, Button, Ltr, avatarLetter, refreshSession } from '@manzil/ui';
import {
  EmailField,
  FormErrorSummary,
  ImageUpload,
  PersonNameFields,
  SubmitButton,
  TextField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { useFeedback } from '../auth/feedback.js';
import { identityFetch } from '../auth/identity.js';
import { useShell } from '../auth/shell-context.js';
import { useUploadTexts } from '../auth/upload-texts.js';
import { EmailVerification, useEmailVerificationTexts } from './email-verification.js';

/** Agents and companies also give the Arabic form of their name (Arabic pages and the directory). */
const hasArabicName = (profile: AccountProfile) => profile.role === 'agent' || profile.role === 'company';

/** A company (and the admin) has one name; a customer and an agent a first and last name. */
function usesOneName(profile: AccountProfile): boolean {
  return profile.role === 'company' || (profile.firstName === null && profile.lastName === null);
}

function EditProfileForm({
  profile,
  onSaved,
  onCancel,
}: {
  profile: AccountProfile;
  onSaved: (p: AccountProfile) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const { toast } = useFeedback();
  const emailTexts = useEmailVerificationTexts();
  const oneName = usesOneName(profile);
  const arabicName = hasArabicName(profile);
  const form = useContractForm<{
    firstName: string;
    lastName: string;
    name: string;
    email: string;
    nameAr: string;
  }>({
    schema: updateProfileSchema,
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      name: profile.name,
      email: profile.email ?? '',
      nameAr: profile.nameAr ?? '',
    },
    toInput: (values) => ({
      ...(oneName
        ? { name: values.name, email: values.email }
        : { firstName: values.firstName, lastName: values.lastName, email: values.email }),
      ...(arabicName ? { nameAr: values.nameAr } : {}),
    }),
  });
  const save = useMutation({
    mutationFn: (request: unknown) =>
      identityFetch(IDENTITY_API.profile, {
        language,
        method: 'PUT',
        body: request,
        results: accountProfileWithEmailSchema,
      }),
  });

  async function onValid(request: unknown) {
    try {
      const envelope = await save.mutateAsync(request);
      onSaved(envelope.results);
      // A new e-mail is unverified again, and a code is on its way to it.
      const emailChanged =
        (envelope.results.email ?? '').toLowerCase() !== (profile.email ?? '').toLowerCase();
      toast('success', emailChanged ? emailTexts.changed : envelope.message || t('shell.profile.saved'));
      // The header's name comes from the token: fetch one that carries the new name.
      void refreshSession(language);
    } catch (failure) {
      if (showServerErrors(form, failure)) return;
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('shell.error.generic'),
      );
    }
  }

  return (
    <form
      className="mz-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="profile-form"
    >
      <FormErrorSummary control={form.control} setFocus={form.setFocus} />
      {oneName ? (
        <TextField control={form.control} name="name" label={t('shell.form.name')} testId="profile-name" />
      ) : (
        <PersonNameFields
          control={form.control}
          label={(field) => t(`shell.form.${field}`)}
          testIdPrefix="profile"
          autoComplete
        />
      )}
      {arabicName ? (
        <TextField
          control={form.control}
          name="nameAr"
          label={t('shell.form.nameAr')}
          hint={t('shell.form.nameAr.hint')}
          lang="ar"
          dir="rtl"
          testId="profile-name-ar"
        />
      ) : null}
      <EmailField
        control={form.control}
        name="email"
        label={t('shell.form.email')}
        autoComplete
        testId="profile-email"
      />
      <div className="profile-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('shell.confirm.cancel')}
        </Button>
        <SubmitButton control={form.control} data-testid="profile-save">
          {t('shell.profile.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** My profile: the account's details, editing them, and the picture (or logo). */
export function MyProfileTab({
  profile,
  onChange,
}: {
  profile: AccountProfile;
  onChange: (profile: AccountProfile) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const uploadTexts = useUploadTexts();
  const [editing, setEditing] = useState(false);
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return identityFetch(IDENTITY_API.profileImage, {
        language,
        method: 'POST',
        body,
        results: accountProfileWithEmailSchema,
      });
    },
  });

  async function uploadPicture(file: File) {
    const envelope = await upload.mutateAsync(file);
    onChange(envelope.results);
    void refreshSession(language);
    return { id: envelope.results.id, url: envelope.results.picture ?? '' };
  }

  return (
    <div className="profile-card" data-testid="my-profile">
      <div className="profile-card__head">
        <h2 className="profile-card__title">{t('shell.profile.tab.profile')}</h2>
        {editing ? null : (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)} data-testid="profile-edit">
            {t('shell.profile.edit')}
          </Button>
        )}
      </div>
      <ImageUpload
        label={t(profile.role === 'company' ? 'shell.form.logo' : 'shell.form.picture')}
        url={profile.picture}
        shape={profile.role === 'company' ? 'square' : 'round'}
        emptyMark={avatarLetter(profile.name)}
        upload={uploadPicture}
        onUploaded={() => undefined}
        texts={uploadTexts}
        testId="profile-picture"
      />
      {editing ? (
        <EditProfileForm
          profile={profile}
          onCancel={() => setEditing(false)}
          onSaved={(saved) => {
            onChange(saved);
            setEditing(false);
          }}
        />
      ) : (
        <dl className="profile-facts">
          <div>
            <dt>{t('shell.form.name')}</dt>
            <dd data-testid="profile-view-name">{profile.name}</dd>
          </div>
          {hasArabicName(profile) ? (
            <div>
              <dt>{t('shell.form.nameAr')}</dt>
              <dd data-testid="profile-view-name-ar">
                {profile.nameAr ? (
                  <span lang="ar" dir="rtl">
                    {profile.nameAr}
                  </span>
                ) : (
                  '—'
                )}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('shell.form.email')}</dt>
            <dd data-testid="profile-view-email">
              {profile.email ? (
                <>
                  <Ltr>{profile.email}</Ltr> <EmailVerification profile={profile} onVerified={onChange} />
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
          <div>
            <dt>{t('shell.form.mobile')}</dt>
            <dd>
              <Ltr>{`${profile.countryCode} ${profile.mobile}`}</Ltr>{' '}
              <span className={profile.verified ? 'profile-badge profile-badge--ok' : 'profile-badge'}>
                {t(profile.verified ? 'shell.profile.verified' : 'shell.profile.unverified')}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('shell.profile.accountType')}</dt>
            <dd>{t(`shell.profile.role.${profile.role}`)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
