import { useState } from 'react';
import { useSearchParams } from '@manzil/ui/router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONTENT_API, MESSAGE_STATUSES, answerMessageSchema } from '@manzil/contracts';
import {
  Button,
  EmptyState,
  ErrorFallback,
  Ltr,
  SiteDate,
  Skeleton,
  apiFetch,
  useFeedback,
  refetchAfterWrite,
} from '@manzil/ui';
import {
  FormErrorSummary,
  SelectField,
  SubmitButton,
  TextAreaField,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import {
  ADMIN_PAGE_SIZE,
  adminKeys,
  contentUrl,
  messagesQuery,
  type Message,
  type MessageBox,
} from './admin-api.js';
import { useAdminText } from './use-admin-text.js';
import { Pager } from '../pager.js';

type AnswerStatus = 'in-progress' | 'answered' | 'closed';

function AnswerForm({
  box,
  message,
  onAnswered,
}: {
  box: MessageBox;
  message: Message;
  onAnswered: () => void;
}) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const client = useQueryClient();
  const form = useContractForm<{ status: AnswerStatus; reply: string }>({
    schema: answerMessageSchema,
    defaultValues: { status: 'answered', reply: message.reply ?? '' },
  });
  const answer = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch(
        contentUrl(
          box === 'contact'
            ? CONTENT_API.admin.contactMessageAnswer(message.id)
            : CONTENT_API.admin.complaintAnswer(message.id),
        ),
        { language, method: 'PUT', body },
      ),
    onSettled: () => refetchAfterWrite(client, adminKeys.messages(box)),
  });
  const onValid = async (body: unknown) => {
    try {
      await answer.mutateAsync(body);
      feedback.toast('success', t('admin.done.answered'));
      onAnswered();
    } catch (error) {
      if (!showServerErrors(form, error)) feedback.toast('danger', t('admin.error.action'));
    }
  };
  return (
    <form
      className="ad-answer"
      noValidate
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
      data-testid="admin-answer"
    >
      <FormErrorSummary control={form.control} setFocus={form.setFocus} />
      <TextAreaField
        control={form.control}
        name="reply"
        label={t('admin.messages.reply')}
        dir={message.language === 'ar' ? 'rtl' : 'ltr'}
        lang={message.language}
        rows={4}
      />
      <div className="ad-answer__actions">
        <SelectField
          control={form.control}
          name="status"
          label={t('admin.column.status')}
          options={(['answered', 'in-progress', 'closed'] as const).map((value) => ({
            value,
            label: t(`admin.messages.status.${value}`),
          }))}
        />
        <SubmitButton control={form.control}>{t('admin.messages.send')}</SubmitButton>
      </div>
    </form>
  );
}

/**
 * Contact-us messages or complaints and suggestions: newest first, paginated, answered in place.
 * What senders typed (name, subject) is isolated (`bdi`): a Latin name in the Arabic console
 * would otherwise pull the date's day number after it into its own left-to-right run.
 */
export function MessagesPage({ box }: { box: MessageBox }) {
  const { t, language } = useAdminText();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') ?? '';
  const messages = useQuery({
    ...messagesQuery(box, language, page, status),
    placeholderData: keepPreviousData,
  });
  const data = messages.data;
  const [open, setOpen] = useState<string | null>(null);

  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)) : 1;
  return (
    <section data-testid={`admin-messages-${box}`}>
      <div className="ad-head">
        <h1 className="ad-head__title">
          {t(box === 'contact' ? 'admin.kind.messages' : 'admin.kind.complaints')}
        </h1>
        <select
          className="mz-input ad-filter"
          aria-label={t('admin.column.status')}
          value={status}
          onChange={(event) => setParams(event.target.value ? { status: event.target.value } : {})}
        >
          <option value="">{t('admin.messages.all')}</option>
          {MESSAGE_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`admin.messages.status.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {messages.isPending ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {messages.isError && !data ? <ErrorFallback onRetry={() => void messages.refetch()} /> : null}
      {data && data.items.length === 0 ? <EmptyState title={t('admin.empty')} /> : null}
      {data ? (
        <ul className="ad-messages">
          {data.items.map((message) => (
            <li key={message.id} className="ad-message" data-testid="admin-message">
              <div className="ad-message__head">
                <strong>
                  <bdi>{'subject' in message ? message.subject : message.name}</bdi>
                </strong>
                <span className={`ad-status ad-status--${message.status}`}>
                  {t(`admin.messages.status.${message.status}`)}
                </span>
              </div>
              <p className="ad-message__meta">
                {'type' in message ? `${t(`admin.messages.type.${message.type}`)} · ` : null}
                <bdi data-testid="admin-message-name">{message.name}</bdi> · <Ltr>{message.email}</Ltr> ·{' '}
                <Ltr>{`${message.countryCode} ${message.mobile}`}</Ltr> ·{' '}
                <SiteDate date={message.createdAt} month="short" />
              </p>
              <p
                className="ad-message__text"
                dir={message.language === 'ar' ? 'rtl' : 'ltr'}
                lang={message.language}
              >
                {message.message}
              </p>
              {message.reply ? (
                <p
                  className="ad-message__reply"
                  dir={message.language === 'ar' ? 'rtl' : 'ltr'}
                  lang={message.language}
                >
                  {message.reply}
                </p>
              ) : null}
              {open === message.id ? (
                <AnswerForm box={box} message={message} onAnswered={() => setOpen(null)} />
              ) : (
                <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(message.id)}>
                  {t('admin.messages.answer')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Pager
        page={page}
        pages={pages}
        onPage={(n) => setParams({ ...(status ? { status } : {}), ...(n > 1 ? { page: String(n) } : {}) })}
      />
    </section>
  );
}
