import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { propertyUpdateSchemaFor, type OwnedProperty } from '@manzil/contracts';
import { ApiError } from '@manzil/ui';
import { TextField } from '@manzil/ui/forms';
import { listingKeys, propertyPaths, propertyWrite } from '../listings/listings-api.js';
import { typed, useDraftStep } from './draft-form.js';
import { StepForm, useT } from './step-parts.js';
import type { StepProps } from './wizard-page.js';

export interface LicenceValues {
  regulator: {
    adLicenseNumber: string;
    advertiserId: string;
    brokerageLicenseNumber: string;
    titleDeedNumber: string;
    creationDate: string;
    endDate: string;
  };
}

const FIELDS = ['adLicenseNumber', 'advertiserId', 'brokerageLicenseNumber', 'titleDeedNumber'] as const;

/** What the regulator answered: the licence it confirmed, or why it did not (in the user's language). */
type Answer = { verified: NonNullable<OwnedProperty['regulatorVerified']> } | { refused: string } | null;

/**
 * Step 5, Saudi site only: the advertising licence the regulator (REGA) issued for this ad.
 * The dates follow §5 (creation before end); the ad licence number is needed to send it.
 * Saving the step saves the boxes (PATCH), then, when the advertiser id and licence number are
 * there and not yet confirmed, asks REGA (`POST …/ad-licence`): a confirmed licence shows as
 * verified (the next save goes on); a refusal (422) or an unreachable regulator (503) is shown
 * here, in the user's language, and the draft keeps what was typed.
 */
export function LicenceStep({ property, language, site, advance, back }: StepProps) {
  const t = useT();
  const client = useQueryClient();
  const owned = property as OwnedProperty;
  const regulator = (owned.draft.regulator ?? {}) as Record<string, unknown>;
  const [answer, setAnswer] = useState<Answer>(
    owned.regulatorVerified ? { verified: owned.regulatorVerified } : null,
  );
  const verify = useMutation({
    mutationFn: (request: { advertiserId: string; adLicenseNumber: string }) =>
      propertyWrite(propertyPaths.adLicence(owned.id), language, { method: 'POST', body: request }),
    onSuccess: (checked) => client.setQueryData(listingKeys.one(language, checked.id), checked),
  });
  const askRega = async (saved: OwnedProperty) => {
    const numbers = (saved.draft.regulator ?? {}) as Record<string, unknown>;
    const advertiserId = typed(numbers.advertiserId).trim();
    const adLicenseNumber = typed(numbers.adLicenseNumber).trim();
    if (!advertiserId || !adLicenseNumber) return advance(saved);
    if (saved.regulatorVerified?.adLicenseNumber === adLicenseNumber) return advance(saved);
    try {
      const checked = await verify.mutateAsync({ advertiserId, adLicenseNumber });
      // The regulator's answer is shown before moving on; the next save goes on (already confirmed).
      if (checked.regulatorVerified) setAnswer({ verified: checked.regulatorVerified });
      else advance(checked);
    } catch (failure) {
      const fields =
        failure instanceof ApiError
          ? (failure.results as { fields?: { message: string }[] } | null)?.fields
          : null;
      setAnswer({
        refused:
          fields?.[0]?.message ??
          (failure instanceof ApiError && failure.message ? failure.message : t('agentPortal.error')),
      });
    }
  };
  const { form, saveAndAdvance } = useDraftStep<LicenceValues>({
    step: 'licence',
    property,
    language,
    schema: propertyUpdateSchemaFor(site),
    advance: (saved) => void askRega(saved),
    defaults: {
      regulator: {
        adLicenseNumber: typed(regulator.adLicenseNumber),
        advertiserId: typed(regulator.advertiserId),
        brokerageLicenseNumber: typed(regulator.brokerageLicenseNumber),
        titleDeedNumber: typed(regulator.titleDeedNumber),
        creationDate: typed(regulator.creationDate),
        endDate: typed(regulator.endDate),
      },
    },
  });
  const { control } = form;

  return (
    <StepForm form={form} onSave={saveAndAdvance} step="licence" back={back}>
      <fieldset className="mz-fieldset">
        <legend>{t('agentPortal.section.licence')}</legend>
        <p className="ap-hint">{t('agentPortal.hint.licence')}</p>
        {answer && 'verified' in answer ? (
          <p className="ap-licence ap-licence--verified" role="status" data-testid="licence-verified">
            <span className="mz-badge mz-badge--verified">{t('agentPortal.licence.verifiedBadge')}</span>{' '}
            {t('agentPortal.licence.verified', {
              number: answer.verified.adLicenseNumber,
              name: answer.verified.advertiserName,
              end: answer.verified.endDate,
            })}
          </p>
        ) : null}
        {answer && 'refused' in answer ? (
          <p className="ap-licence ap-licence--refused" role="alert" data-testid="licence-refused">
            {answer.refused}
          </p>
        ) : null}
        <div className="ap-grid">
          {FIELDS.map((name) => (
            <TextField
              key={name}
              control={control}
              name={`regulator.${name}`}
              label={t(`agentPortal.field.${name}`)}
              dir="ltr"
              testId={`property-${name}`}
            />
          ))}
          <TextField
            control={control}
            name="regulator.creationDate"
            type="date"
            dir="ltr"
            label={t('agentPortal.field.creationDate')}
            testId="property-creationDate"
          />
          <TextField
            control={control}
            name="regulator.endDate"
            type="date"
            dir="ltr"
            label={t('agentPortal.field.endDate')}
            testId="property-endDate"
          />
        </div>
      </fieldset>
    </StepForm>
  );
}
