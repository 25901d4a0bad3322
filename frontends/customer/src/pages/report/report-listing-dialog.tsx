import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import {
  LISTINGS_API,
  REPORTER_TYPES,
  REPORTER_TYPE_LABELS,
  REPORT_REASONS,
  REPORT_REASON_LABELS,
  listingReportRequestSchema,
  listingReportSchema,
  type ReportReason,
  type ReporterType,
} from '@manzil/contracts';
import { Button, apiFetch, requireLogin, useFeedback, useLanguage } from '@manzil/ui';
import { FormDialog, SelectField, TextAreaField, showServerErrors, useContractForm } from '@manzil/ui/forms';

interface ReportValues {
  reason: ReportReason | '';
  userType: ReporterType | '';
  comment: string;
}

/** What is reported: a listing, or a unit of a project (spec §7 `units/report`). */
export type ReportTarget = { propertyId: string } | { projectId: string; unitId: string };

export interface ReportListingDialogProps {
  target: ReportTarget;
  onClose: () => void;
}

const reportPath = (target: ReportTarget) =>
  `/api/listings${
    'propertyId' in target
      ? LISTINGS_API.report(target.propertyId)
      : LISTINGS_API.unitReport(target.projectId, target.unitId)
  }`;
const kindOf = (target: ReportTarget) => ('propertyId' in target ? 'listing' : 'unit');

/**
 * Report a listing (spec §3 Report, §5: reason and user type required, comment at least 5
 * characters; §8 'Failed to report'): the contracts' rules and messages in the page's language
 * beside each field; what was typed stays on any failure. Only for a logged-in visitor: open it
 * through `ReportListingButton`, which asks for a login first (spec §6).
 */
export function ReportListingDialog({ target, onClose }: ReportListingDialogProps) {
  const intl = useIntl();
  const language = useLanguage();
  const feedback = useFeedback();
  const t = (id: string) => intl.formatMessage({ id });
  const form = useContractForm<ReportValues>({
    schema: listingReportRequestSchema,
    defaultValues: { reason: '', userType: '', comment: '' },
  });
  const send = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch(reportPath(target), {
        language,
        method: 'POST',
        body,
        results: listingReportSchema,
      }),
  });
  const onValid = async (body: unknown) => {
    try {
      await send.mutateAsync(body);
      feedback.toast(
        'success',
        t(kindOf(target) === 'unit' ? 'customer.report.unitSent' : 'customer.report.sent'),
      );
      onClose();
    } catch (failure) {
      if (!showServerErrors(form, failure)) feedback.toast('danger', t('customer.report.failed'));
    }
  };
  return (
    <FormDialog
      form={form}
      onValid={onValid}
      title={t(kindOf(target) === 'unit' ? 'customer.report.unitTitle' : 'customer.report.title')}
      cancelLabel={t('customer.report.cancel')}
      submitLabel={t('customer.report.submit')}
      onClose={onClose}
      testId="report"
    >
      <SelectField
        control={form.control}
        name="reason"
        label={t('customer.report.reason')}
        placeholder={t('customer.report.choose')}
        options={REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value][language] }))}
        testId="report-reason"
      />
      <SelectField
        control={form.control}
        name="userType"
        label={t('customer.report.userType')}
        placeholder={t('customer.report.choose')}
        options={REPORTER_TYPES.map((value) => ({ value, label: REPORTER_TYPE_LABELS[value][language] }))}
        testId="report-user-type"
      />
      <TextAreaField
        control={form.control}
        name="comment"
        label={t('customer.report.comment')}
        rows={4}
        maxLength={1000}
        testId="report-comment"
      />
    </FormDialog>
  );
}

/** "Report this listing" (or this unit): asks a visitor to log in first (spec §6), then opens the dialog. */
export function ReportListingButton({ target }: { target: ReportTarget }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const unit = kindOf(target) === 'unit';
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          if (requireLogin('report')) setOpen(true);
        }}
        data-testid={unit ? 'report-unit' : 'report-listing'}
      >
        {intl.formatMessage({ id: unit ? 'customer.report.unitOpen' : 'customer.report.open' })}
      </Button>
      {open ? <ReportListingDialog target={target} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
