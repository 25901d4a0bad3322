import { propertyUpdateSchemaFor, type OwnedProperty } from '@manzil/contracts';
import { TextField } from '@manzil/ui/forms';
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

/**
 * Step 5, Saudi site only: the advertising licence the regulator (REGA) issued for this ad.
 * The dates follow §5 (creation before end); the ad licence number is needed to send it.
 */
export function LicenceStep({ property, language, site, advance, back }: StepProps) {
  const t = useT();
  const regulator = ((property as OwnedProperty).draft.regulator ?? {}) as Record<string, unknown>;
  const { form, saveAndAdvance } = useDraftStep<LicenceValues>({
    step: 'licence',
    property,
    language,
    schema: propertyUpdateSchemaFor(site),
    advance,
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
