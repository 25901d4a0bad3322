import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWatch, type FieldPath } from 'react-hook-form';
import { propertyUpdateSchemaFor, type Location } from '@manzil/contracts';
import { Skeleton } from '@manzil/ui';
import { SelectField, TextField, type FormControl } from '@manzil/ui/forms';
import { placesQuery } from '../listings/listings-api.js';
import { typed, useDraftStep } from './draft-form.js';
import { StepForm, decimalTyping, useT } from './step-parts.js';
import type { StepProps } from './wizard-page.js';

const PinMap = lazy(() => import('./pin-map.js'));

export interface AddressValues {
  cityId: string;
  communityId: string;
  subCommunityId: string;
  buildingId: string;
  street: string;
  latitude: string;
  longitude: string;
}

/** A coordinate as typed: a leading minus, digits and one decimal point. */
const signedDecimal = (typedText: string) =>
  (typedText.trim().startsWith('-') ? '-' : '') + decimalTyping(typedText);

/** The location hierarchy, each level cleared when the one above it changes. */
const LEVELS = ['cityId', 'communityId', 'subCommunityId', 'buildingId'] as const;

function PlacePicker({
  control,
  level,
  parentId,
  language,
  onPlace,
}: {
  control: FormControl<AddressValues>;
  level: (typeof LEVELS)[number];
  parentId: string | null;
  language: StepProps['language'];
  onPlace: (level: (typeof LEVELS)[number], place: Location | undefined) => void;
}) {
  const t = useT();
  const enabled = level === 'cityId' || parentId !== null;
  const places = useQuery({ ...placesQuery(language, parentId), enabled });
  const items = places.data?.items ?? [];
  return (
    <span
      className="ap-cell"
      onChange={(event) => {
        const chosen = (event.target as HTMLSelectElement).value;
        onPlace(
          level,
          items.find((place) => place.id === chosen),
        );
      }}
    >
      <SelectField
        control={control}
        name={level}
        label={t(`agentPortal.field.${level}`)}
        placeholder={t(
          enabled && items.length === 0 && places.isSuccess ? 'agentPortal.none' : 'agentPortal.choose',
        )}
        options={items.map((place) => ({ value: place.id, label: place.name[language] }))}
        disabled={!enabled}
        testId={`property-${level}`}
      />
    </span>
  );
}

/** Step 2: city > community > sub-community > building from the site's master data, and the map pin (inside the site's bounds, spec §9). */
export function AddressStep({ property, language, site, advance, back }: StepProps) {
  const t = useT();
  const draft = property?.draft ?? {};
  const { form, saveAndAdvance } = useDraftStep<AddressValues>({
    step: 'address',
    property,
    language,
    schema: propertyUpdateSchemaFor(site),
    advance,
    defaults: {
      cityId: typed(draft.cityId),
      communityId: typed(draft.communityId),
      subCommunityId: typed(draft.subCommunityId),
      buildingId: typed(draft.buildingId),
      street: typed(draft.street),
      latitude: typed(draft.latitude),
      longitude: typed(draft.longitude),
    },
  });
  const { control } = form;
  const chosen = useWatch({ control, name: [...LEVELS] });
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] });
  const lat = Number(latitude);
  const lng = Number(longitude);
  const pin =
    latitude !== '' && longitude !== '' && Number.isFinite(lat) && Number.isFinite(lng)
      ? { latitude: lat, longitude: lng }
      : null;

  const setPin = (newLat: number, newLng: number) => {
    const options = { shouldDirty: true, shouldTouch: true, shouldValidate: true };
    form.setValue('latitude', newLat.toFixed(6), options);
    form.setValue('longitude', newLng.toFixed(6), options);
  };
  const onPlace = (level: (typeof LEVELS)[number], place: Location | undefined) => {
    for (const below of LEVELS.slice(LEVELS.indexOf(level) + 1))
      form.setValue(below as FieldPath<AddressValues>, '', { shouldDirty: true });
    // A place chosen puts the pin on it; the agent then moves it to the exact building.
    if (place?.latitude != null && place.longitude != null) setPin(place.latitude, place.longitude);
  };

  return (
    <StepForm form={form} onSave={saveAndAdvance} step="address" back={back}>
      <fieldset className="mz-fieldset">
        <legend>{t('agentPortal.section.location')}</legend>
        <div className="ap-grid">
          {LEVELS.map((level, position) => (
            <PlacePicker
              key={level}
              control={control}
              level={level}
              parentId={position === 0 ? null : chosen[position - 1] || null}
              language={language}
              onPlace={onPlace}
            />
          ))}
          <TextField
            control={control}
            name="street"
            label={t('agentPortal.field.street')}
            testId="property-street"
          />
        </div>
      </fieldset>
      <fieldset className="mz-fieldset">
        <legend>{t('agentPortal.section.pin')}</legend>
        <p className="ap-hint">{t('agentPortal.hint.pin')}</p>
        <Suspense fallback={<Skeleton blockSize="320px" radius="lg" />}>
          <PinMap
            site={site}
            pin={pin}
            onPin={setPin}
            label={t('agentPortal.section.pin')}
            texts={{
              pin: t('agentPortal.map.pin'),
              zoomIn: t('agentPortal.map.zoomIn'),
              zoomOut: t('agentPortal.map.zoomOut'),
            }}
          />
        </Suspense>
        <div className="ap-grid">
          {(['latitude', 'longitude'] as const).map((name) => (
            <TextField
              key={name}
              control={control}
              name={name}
              label={t(`agentPortal.field.${name}`)}
              inputMode="decimal"
              dir="ltr"
              transform={signedDecimal}
              testId={`property-${name}`}
            />
          ))}
        </div>
      </fieldset>
    </StepForm>
  );
}
