import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from '@manzil/ui/router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { OwnedProperty } from '@manzil/contracts';
import { ApiError, apiFieldErrors, useFeedback, refetchAfterWrite } from '@manzil/ui';
import { listingKeys, propertyPaths, propertyWrite } from '../listings/listings-api.js';
import type { WizardStep } from './draft-form.js';
import { useContractForm } from '@manzil/ui/forms';
import { StepButtons, useT } from './step-parts.js';
import { STEP_FORM_ID, type StepProps } from './wizard-page.js';

/** Which step holds a field the server names. */
export function stepOfField(field: string): WizardStep {
  if (field.startsWith('regulator')) return 'licence';
  if (field === 'photos' || field === 'videos') return 'media';
  if (field === 'documents') return 'documents';
  if (/^(cityId|communityId|subCommunityId|buildingId|street|latitude|longitude)$/.test(field))
    return 'address';
  return 'basic';
}

const fieldKey = (field: string) =>
  `agentPortal.field.${field.replace(/^regulator\./, '').replace(/\.(en|ar)$/, (_, l: string) => (l === 'en' ? 'En' : 'Ar'))}`;

/** The last step: how complete the listing is, and "Send for approval" (draft or rejected → pending). */
export function ReviewStep({ property, language, back, goTo, advance, movingForward }: StepProps) {
  const t = useT();
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { toast } = useFeedback();
  const listing = property as OwnedProperty;
  const [problems, setProblems] = useState<{ field: string; message: string }[]>([]);
  const summary = useRef<HTMLDivElement>(null);
  const form = useContractForm<Record<string, never>>({ schema: z.object({}), defaultValues: {} });
  const submit = useMutation({
    mutationFn: () => propertyWrite(propertyPaths.submit(listing.id), language, { method: 'POST' }),
    onSuccess: (saved) => {
      client.setQueryData(listingKeys.one(language, saved.id), saved);
      void refetchAfterWrite(client, listingKeys.mine());
    },
  });
  const label = (field: string) => (fieldKey(field) in intl.messages ? t(fieldKey(field)) : field);
  // A listing sent before (waiting, refused or public) goes back with its changes.
  const sent = listing.approvalStatus !== 'draft';
  const { percent, missing } = listing.completeness;

  return (
    <>
      <div className="ap-review">
        <div className="ap-meter" data-testid="completeness">
          <span className="ap-meter__label">{t('agentPortal.review.completeness', { percent })}</span>
          <span className="ap-meter__bar" aria-hidden="true">
            <span style={{ inlineSize: `${percent}%` }} />
          </span>
        </div>
        {missing.length > 0 ? (
          <p className="ap-hint">
            {t('agentPortal.review.missing')}{' '}
            {missing.map((field) => label(field)).join(t('agentPortal.listSeparator'))}
          </p>
        ) : null}
        <dl className="ap-facts">
          <div>
            <dt>{t('agentPortal.review.photos')}</dt>
            <dd>{listing.photos.length}</dd>
          </div>
          <div>
            <dt>{t('agentPortal.review.documents')}</dt>
            <dd>{listing.documents.length}</dd>
          </div>
          <div>
            <dt>{t('agentPortal.review.status')}</dt>
            <dd>{t(`agentPortal.status.${listing.approvalStatus}`)}</dd>
          </div>
        </dl>
        {listing.rejectedReason ? (
          <p className="ap-alert" data-testid="review-rejected">
            {t('agentPortal.manage.rejected', { reason: listing.rejectedReason })}
          </p>
        ) : null}
        {problems.length > 0 ? (
          <div className="ap-alert" role="alert" tabIndex={-1} ref={summary} data-testid="submit-problems">
            <p>{t('agentPortal.review.fix', { count: problems.length })}</p>
            <ul>
              {problems.map(({ field, message }) => (
                <li key={`${field}:${message}`}>
                  <button type="button" className="ap-link" onClick={() => goTo(stepOfField(field))}>
                    {label(field)}
                  </button>
                  {': '}
                  {message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <form
        id={STEP_FORM_ID}
        noValidate
        data-testid="wizard-form-review"
        onSubmit={(event) =>
          void form.handleSubmit(async () => {
            // The stepper and Back submit this form too: they go back, they do not send.
            if (!movingForward()) {
              advance(listing);
              return;
            }
            setProblems([]);
            try {
              await submit.mutateAsync();
              toast('success', t('agentPortal.review.sent'));
              navigate('/manage-properties');
            } catch (failure) {
              const fields = apiFieldErrors(failure);
              if (fields.length > 0) {
                setProblems(fields);
                requestAnimationFrame(() => summary.current?.focus());
              } else
                toast(
                  'danger',
                  failure instanceof ApiError && failure.message ? failure.message : t('agentPortal.error'),
                );
            }
          })(event)
        }
      >
        <StepButtons
          back={back}
          control={form.control}
          label={t(sent ? 'agentPortal.review.sendAgain' : 'agentPortal.review.send')}
        />
      </form>
    </>
  );
}
