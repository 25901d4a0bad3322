import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  APPOINTMENT_KINDS,
  APPOINTMENT_MAX_DAYS_AHEAD,
  APPOINTMENT_TIMES,
  SITE_TIME_ZONE,
  appointmentRequestSchema,
  appointmentSchema,
  formatAppointmentDate,
  formatAppointmentTime,
  type AppointmentKind,
} from '@manzil/contracts';
import {
  Button,
  apiFetch,
  requireLogin,
  useFeedback,
  useLanguage,
  useSession,
  useSite,
  refetchAfterWrite,
} from '@manzil/ui';
import {
  FormDialog,
  SelectField,
  TextAreaField,
  TextField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';

interface BookingValues {
  kind: AppointmentKind;
  date: string;
  time: string;
  name: string;
  phone: string;
  email: string;
  note: string;
}

/** The site's local day `days` from now, as YYYY-MM-DD (the date input's min and max). */
const localDay = (timeZone: string, days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(Date.now() + days * 86_400_000));

/** "03:30 PM" / «03:30 م» for a slot of the site's day (spec §9 "hh:mm A"). */
const slotLabel = (time: string, language: 'en' | 'ar') => {
  const [hours, minutes] = time.split(':').map(Number);
  const at = new Date(Date.UTC(2026, 0, 1, hours, minutes));
  return formatAppointmentTime(at, 'UTC', language);
};

/**
 * Book a viewing of the property or a meeting with its agent (spec §1, §3 Appointment): the
 * site's date and half-hour slot (its time zone whatever the visitor's), name, phone, e-mail.
 * A slot the agent already has is refused with the server's message beside the time; what
 * was typed stays.
 */
export function BookAppointmentDialog({
  propertyId,
  kind,
  onClose,
}: {
  propertyId: string;
  kind: AppointmentKind;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const language = useLanguage();
  const site = useSite();
  const session = useSession();
  const feedback = useFeedback();
  const client = useQueryClient();
  const timeZone = SITE_TIME_ZONE[site];
  const form = useContractForm<BookingValues>({
    schema: appointmentRequestSchema,
    defaultValues: { kind, date: '', time: '', name: session?.name ?? '', phone: '', email: '', note: '' },
    toInput: (values) => ({ ...values, propertyId }),
  });
  const send = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch('/api/listings/v1/appointments', {
        language,
        method: 'POST',
        body,
        results: appointmentSchema,
      }),
    onSuccess: () => refetchAfterWrite(client, ['appointments']),
  });
  const onValid = async (body: unknown) => {
    try {
      const { results } = await send.mutateAsync({ ...(body as object), propertyId });
      feedback.toast(
        'success',
        t('customer.appointment.sent', {
          date: formatAppointmentDate(results.startsAt, results.timeZone, language),
          time: formatAppointmentTime(results.startsAt, results.timeZone, language),
        }),
      );
      onClose();
    } catch (failure) {
      if (!showServerErrors(form, failure)) {
        const message =
          failure instanceof Error && failure.message ? failure.message : t('customer.appointment.failed');
        form.setError('time', { message });
        feedback.toast('danger', message);
      }
    }
  };
  return (
    <FormDialog
      form={form}
      onValid={onValid}
      title={t('customer.appointment.title')}
      cancelLabel={t('customer.appointment.cancel')}
      submitLabel={t('customer.appointment.submit')}
      onClose={onClose}
      testId="appointment"
    >
      <SelectField
        control={form.control}
        name="kind"
        label={t('customer.appointment.kind')}
        options={APPOINTMENT_KINDS.map((value) => ({
          value,
          label: t(`customer.appointment.kind.${value}`),
        }))}
        testId="appointment-kind"
      />
      <TextField
        control={form.control}
        name="date"
        type="date"
        min={localDay(timeZone, 0)}
        max={localDay(timeZone, APPOINTMENT_MAX_DAYS_AHEAD)}
        label={t('customer.appointment.date')}
        testId="appointment-date"
      />
      <SelectField
        control={form.control}
        name="time"
        label={t('customer.appointment.time')}
        placeholder={t('customer.appointment.choose')}
        options={APPOINTMENT_TIMES.map((value) => ({ value, label: slotLabel(value, language) }))}
        testId="appointment-time"
      />
      <p className="mz-field__hint">{t(`customer.appointment.zone.${site}`)}</p>
      <TextField
        control={form.control}
        name="name"
        label={t('customer.appointment.name')}
        autoComplete="name"
        testId="appointment-name"
      />
      <TextField
        control={form.control}
        name="phone"
        type="tel"
        dir="ltr"
        label={t('customer.appointment.phone')}
        autoComplete="tel"
        testId="appointment-phone"
      />
      <TextField
        control={form.control}
        name="email"
        type="email"
        dir="ltr"
        label={t('customer.appointment.email')}
        autoComplete="email"
        testId="appointment-email"
      />
      <TextAreaField
        control={form.control}
        name="note"
        label={t('customer.appointment.note')}
        rows={3}
        maxLength={500}
        testId="appointment-note"
      />
    </FormDialog>
  );
}

/**
 * "Book a viewing" and "Schedule a meeting" on the property page: a visitor gets the meeting
 * login prompt (spec §6); an agent or a company is told that customers book, without a call.
 */
export function AppointmentButtons({ propertyId }: { propertyId: string }) {
  const intl = useIntl();
  const session = useSession();
  const feedback = useFeedback();
  const [open, setOpen] = useState<AppointmentKind | null>(null);
  const start = (kind: AppointmentKind) => {
    if (!requireLogin('meeting')) return;
    if (session?.role !== 'user') {
      feedback.toast('info', intl.formatMessage({ id: 'customer.appointment.customersOnly' }));
      return;
    }
    setOpen(kind);
  };
  return (
    <>
      <Button onClick={() => start('viewing')} data-testid="book-viewing">
        {intl.formatMessage({ id: 'customer.appointment.bookViewing' })}
      </Button>
      <Button variant="secondary" onClick={() => start('meeting')} data-testid="schedule-meeting">
        {intl.formatMessage({ id: 'customer.appointment.scheduleMeeting' })}
      </Button>
      {open ? (
        <BookAppointmentDialog propertyId={propertyId} kind={open} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
