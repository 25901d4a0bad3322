import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from '@manzil/ui/router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  APPOINTMENT_STATUSES,
  CANCELABLE_APPOINTMENT_STATUSES,
  appointmentSchema,
  formatAppointmentDate,
  formatAppointmentTime,
  pageSchema,
  type Appointment,
  type AppointmentStatus,
  type Language,
} from '@manzil/contracts';
import {
  Button,
  EmptyState,
  Ltr,
  Skeleton,
  apiFetch,
  apiQueryFn,
  useFeedback,
  refetchAfterWrite,
} from '@manzil/ui';

const APPOINTMENTS_API = '/api/listings/v1/appointments';
const PAGE_SIZE = 10;

const appointmentsQuery = (language: Language, status: AppointmentStatus | 'all', page: number) => ({
  queryKey: ['appointments', status, page, language] as const,
  queryFn: apiQueryFn(APPOINTMENTS_API, {
    language,
    query: { page, limit: PAGE_SIZE, status: status === 'all' ? undefined : status },
    results: pageSchema(appointmentSchema),
  }),
});

/**
 * "My appointment" (spec §2 account tabs, §4): a customer's viewings and meetings, or an
 * agent's (a company: its agents'), date "DD MMM, YYYY" and time "hh:mm A" in the site's zone
 * (§9). The agent accepts or rejects a pending one here; the customer cancels their own pending
 * or accepted one (after the confirm dialog; the server checks it is theirs).
 */
export function AppointmentsTab({
  language,
  role,
}: {
  language: Language;
  role: 'user' | 'agent' | 'company';
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [status, setStatus] = useState<AppointmentStatus | 'all'>('all');
  const [page, setPage] = useState(1);
  const query = useQuery(appointmentsQuery(language, status, page));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <section className="profile-card" data-testid="appointments-tab">
      <div className="profile-card__head">
        <h2>{t('shell.appointments.title')}</h2>
      </div>
      <div className="appointments__filters" role="group" aria-label={t('shell.appointments.filter')}>
        {(['all', ...APPOINTMENT_STATUSES] as const).map((value) => (
          <button
            key={value}
            type="button"
            className="appointments__filter"
            aria-pressed={status === value}
            onClick={() => {
              setStatus(value);
              setPage(1);
            }}
            data-testid={`appointments-filter-${value}`}
          >
            {t(`shell.appointments.status.${value}`)}
          </button>
        ))}
      </div>
      {query.isError && !data ? (
        <EmptyState
          title={t('shell.appointments.failed')}
          action={<Button onClick={() => void query.refetch()}>{t('shell.retry')}</Button>}
          testId="appointments-error"
        />
      ) : !data ? (
        <Skeleton inlineSize="100%" blockSize="5rem" radius="md" />
      ) : data.items.length === 0 ? (
        <EmptyState
          title={t('shell.appointments.empty')}
          description={t(
            role === 'user' ? 'shell.appointments.emptyCustomer' : 'shell.appointments.emptyAgent',
          )}
          testId="appointments-empty"
        />
      ) : (
        <ul className="appointments__list" data-testid="appointments-list">
          {data.items.map((appointment) => (
            <AppointmentItem key={appointment.id} appointment={appointment} language={language} role={role} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="appointments__pager" aria-label={t('shell.appointments.pages')}>
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('shell.appointments.previous')}
          </Button>
          <span>{t('shell.appointments.pageOf', { page, pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('shell.appointments.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}

function AppointmentItem({
  appointment,
  language,
  role,
}: {
  appointment: Appointment;
  language: Language;
  role: 'user' | 'agent' | 'company';
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const feedback = useFeedback();
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: (status: 'accepted' | 'rejected') =>
      apiFetch(`${APPOINTMENTS_API}/${appointment.id}/status`, {
        language,
        method: 'POST',
        body: { status },
        results: appointmentSchema,
      }),
    onSettled: () => refetchAfterWrite(client, ['appointments']),
  });
  const cancel = useMutation({
    mutationFn: () =>
      apiFetch(`${APPOINTMENTS_API}/${appointment.id}/cancel`, {
        language,
        method: 'POST',
        results: appointmentSchema,
      }),
    onSettled: () => refetchAfterWrite(client, ['appointments']),
  });
  const callOff = async () => {
    if (!(await feedback.confirm(t('shell.appointments.confirmCancel')))) return;
    try {
      await cancel.mutateAsync();
      feedback.toast('success', t('shell.appointments.done.canceled'));
    } catch (failure) {
      feedback.toast(
        'danger',
        failure instanceof Error && failure.message ? failure.message : t('shell.error.generic'),
      );
    }
  };
  const cancelable = (CANCELABLE_APPOINTMENT_STATUSES as readonly string[]).includes(appointment.status);
  const answer = async (status: 'accepted' | 'rejected') => {
    if (status === 'rejected' && !(await feedback.confirm(t('shell.appointments.confirmReject')))) return;
    try {
      await decide.mutateAsync(status);
      feedback.toast('success', t(`shell.appointments.done.${status}`));
    } catch (failure) {
      feedback.toast(
        'danger',
        failure instanceof Error && failure.message ? failure.message : t('shell.error.generic'),
      );
    }
  };
  const title = appointment.property
    ? appointment.property.title[language] || appointment.property.title.en
    : t('shell.appointments.meetingOnly');
  return (
    <li className="appointments__item" data-testid="appointment-item" data-status={appointment.status}>
      <div className="appointments__when">
        <strong data-testid="appointment-date">
          {formatAppointmentDate(appointment.startsAt, appointment.timeZone, language)}
        </strong>
        <span data-testid="appointment-time">
          {formatAppointmentTime(appointment.startsAt, appointment.timeZone, language)}
        </span>
      </div>
      <div className="appointments__what">
        <span className="appointments__kind">{t(`shell.appointments.kind.${appointment.kind}`)}</span>
        {appointment.property ? (
          <Link to={`/property/${appointment.property.slug}`}>{title}</Link>
        ) : (
          <span>{title}</span>
        )}
        {role !== 'user' ? (
          <span className="appointments__who" data-testid="appointment-customer">
            {appointment.customer.name} · <Ltr>{appointment.customer.phone}</Ltr> ·{' '}
            <Ltr>{appointment.customer.email}</Ltr>
          </span>
        ) : null}
        {appointment.note ? <span className="appointments__note">{appointment.note}</span> : null}
      </div>
      <div className="appointments__state">
        <span
          className={`appointments__status appointments__status--${appointment.status}`}
          data-testid="appointment-status"
        >
          {t(`shell.appointments.status.${appointment.status}`)}
        </span>
        {role !== 'user' && appointment.status === 'pending' ? (
          <span className="appointments__actions">
            <Button
              size="sm"
              onClick={() => void answer('accepted')}
              disabled={decide.isPending}
              data-testid="appointment-accept"
            >
              {t('shell.appointments.accept')}
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void answer('rejected')}
              disabled={decide.isPending}
              data-testid="appointment-reject"
            >
              {t('shell.appointments.reject')}
            </Button>
          </span>
        ) : null}
        {role === 'user' && cancelable ? (
          <span className="appointments__actions">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void callOff()}
              disabled={cancel.isPending}
              data-testid="appointment-cancel"
            >
              {t('shell.appointments.cancel')}
            </Button>
          </span>
        ) : null}
      </div>
    </li>
  );
}
