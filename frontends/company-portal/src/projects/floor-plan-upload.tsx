import type { ChangeEvent } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROJECTS_API, safeFloorPlanUrl, unitSchema, type Language, type Unit } from '@manzil/contracts';
import { ApiError, apiFetch, apiFieldErrors, useFeedback, refetchAfterWrite } from '@manzil/ui';
import { listingsPath, projectKeys } from './projects-api.js';

/**
 * A unit's floor plan: a jpeg or PDF under 2 MB, sent to listings, which checks it by its content
 * as it checks a listing's documents (its message, in the page's language, comes back as a toast).
 */
export function FloorPlanUpload({
  projectId,
  unit,
  language,
}: {
  projectId: string;
  unit: Unit;
  language: Language;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const { toast } = useFeedback();
  const upload = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiFetch(listingsPath(PROJECTS_API.floorPlan(projectId, unit.id)), {
        language,
        method: 'POST',
        body,
        results: unitSchema,
      });
    },
    onSuccess: () => refetchAfterWrite(client, projectKeys.all),
  });
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      toast('success', t('companyPortal.unit.floorPlanSaved'));
    } catch (failure) {
      const [field] = apiFieldErrors(failure);
      toast(
        'danger',
        field?.message ??
          (failure instanceof ApiError && failure.message ? failure.message : t('companyPortal.error')),
      );
    }
  };
  const current = safeFloorPlanUrl(unit.floorPlanUrl);
  return (
    <div className="cp-floor-plan">
      {current ? (
        <a href={current} target="_blank" rel="noreferrer" data-testid="unit-floor-plan-link">
          {t('companyPortal.unit.floorPlanView')}
        </a>
      ) : null}
      <label className="cp-floor-plan__pick">
        <span className="mz-visually-hidden">{t('companyPortal.unit.floorPlan')}</span>
        <input
          type="file"
          accept="image/jpeg,application/pdf"
          onChange={(event) => void onFile(event)}
          disabled={upload.isPending}
          aria-describedby={`floor-plan-hint-${unit.id}`}
          data-testid="unit-floor-plan-input"
        />
        <small id={`floor-plan-hint-${unit.id}`}>{t('companyPortal.unit.floorPlanUpload')}</small>
      </label>
    </div>
  );
}
