import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import {
  CONTENT_API,
  MESSAGE_STATUSES,
  answerMessageSchema,
  complaintMessageSchema,
  contactMessageSchema,
  pageSchema,
} from '@manzil/contracts';
import { Button, EmptyState, ErrorFallback, Ltr, Skeleton, apiFetch, useFeedback } from '@manzil/ui';
import { contentUrl } from './admin-api.js';
import { problemsOf, useAdminText } from './use-admin-text.js';

type Box = 'contact' | 'complaints';
const messageSchema = z.union([complaintMessageSchema, contactMessageSchema]);
type Message = z.infer<typeof messageSchema>;
const PAGE_SIZE = 20;

function AnswerForm({ box, message, onAnswered }: { box: Box; message: Message; onAnswered: () => void }) {
  const { t, language } = useAdminText();
  const feedback = useFeedback();
  const [status, setStatus] = useState<'in-progress' | 'answered' | 'closed'>('answered');
  const [reply, setReply] = useState(message.reply ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    const parsed = answerMessageSchema.safeParse({ status, reply });
    if (!parsed.success) {
      setProblem(Object.values(problemsOf(parsed.error.issues, language))[0] ?? null);
      return;
    }
    const path =
      box === 'contact'
        ? CONTENT_API.admin.contactMessageAnswer(message.id)
        : CONTENT_API.admin.complaintAnswer(message.id);
    try {
      await feedback.withLoader(apiFetch(contentUrl(path), { language, method: 'PUT', body: parsed.data }));
      feedback.toast('success', t('admin.done.answered'));
      onAnswered();
    } catch {
      feedback.toast('danger', t('admin.error.action'));
    }
  };
  return (
    <div className="ad-answer">
      <div className={problem ? 'mz-field mz-field--invalid' : 'mz-field'}>
        <label className="mz-field__label" htmlFor={`reply-${message.id}`}>
          {t('admin.messages.reply')}
        </label>
        <textarea
          id={`reply-${message.id}`}
          className="mz-input mz-input--area"
          dir={message.language === 'ar' ? 'rtl' : 'ltr'}
          lang={message.language}
          rows={4}
          value={reply}
          onChange={(event) => {
            setReply(event.target.value);
            setProblem(null);
          }}
        />
        {problem ? (
          <p className="mz-field__error" role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="ad-answer__actions">
        <select
          className="mz-input ad-answer__status"
          value={status}
          onChange={(event) => setStatus(event.target.value as typeof status)}
        >
          {(['answered', 'in-progress', 'closed'] as const).map((value) => (
            <option key={value} value={value}>
              {t(`admin.messages.status.${value}`)}
            </option>
          ))}
        </select>
        <Button type="button" onClick={() => void send()}>
          {t('admin.messages.send')}
        </Button>
      </div>
    </div>
  );
}

/** Contact-us messages or complaints and suggestions: newest first, paginated, answered in place. */
export function MessagesPage({ box }: { box: Box }) {
  const { t, language, intl } = useAdminText();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const status = params.get('status') ?? '';
  const [state, setState] = useState<
    { status: 'loading' | 'error' } | { status: 'ready'; items: Message[]; total: number }
  >({
    status: 'loading',
  });
  const [open, setOpen] = useState<string | null>(null);

  const load = useCallback(() => {
    setState({ status: 'loading' });
    apiFetch(
      contentUrl(box === 'contact' ? CONTENT_API.admin.contactMessages : CONTENT_API.admin.complaints),
      {
        language,
        query: { page, limit: PAGE_SIZE, status: status || undefined },
        results: pageSchema(messageSchema),
      },
    )
      .then(({ results }) => setState({ status: 'ready', items: results.items, total: results.total }))
      .catch(() => setState({ status: 'error' }));
  }, [box, language, page, status]);
  useEffect(load, [load]);

  const pages = state.status === 'ready' ? Math.max(1, Math.ceil(state.total / PAGE_SIZE)) : 1;
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
      {state.status === 'loading' ? <Skeleton inlineSize="100%" blockSize="16rem" radius="lg" /> : null}
      {state.status === 'error' ? <ErrorFallback onRetry={load} /> : null}
      {state.status === 'ready' && state.items.length === 0 ? <EmptyState title={t('admin.empty')} /> : null}
      {state.status === 'ready' ? (
        <ul className="ad-messages">
          {state.items.map((message) => (
            <li key={message.id} className="ad-message" data-testid="admin-message">
              <div className="ad-message__head">
                <strong>{'subject' in message ? message.subject : message.name}</strong>
                <span className={`ad-status ad-status--${message.status}`}>
                  {t(`admin.messages.status.${message.status}`)}
                </span>
              </div>
              <p className="ad-message__meta">
                {'type' in message ? `${t(`admin.messages.type.${message.type}`)} · ` : null}
                {message.name} · <Ltr>{message.email}</Ltr> ·{' '}
                <Ltr>{`${message.countryCode} ${message.mobile}`}</Ltr> ·{' '}
                {intl.formatDate(message.createdAt, { day: 'numeric', month: 'short', year: 'numeric' })}
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
                <AnswerForm
                  box={box}
                  message={message}
                  onAnswered={() => {
                    setOpen(null);
                    load();
                  }}
                />
              ) : (
                <Button type="button" variant="secondary" size="sm" onClick={() => setOpen(message.id)}>
                  {t('admin.messages.answer')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {pages > 1 ? (
        <nav className="ad-pager" aria-label={t('admin.pages')}>
          {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
            <button
              key={n}
              type="button"
              className={n === page ? 'ad-pager__page ad-pager__page--current' : 'ad-pager__page'}
              onClick={() =>
                setParams({ ...(status ? { status } : {}), ...(n > 1 ? { page: String(n) } : {}) })
              }
            >
              {n}
            </button>
          ))}
        </nav>
      ) : null}
    </section>
  );
}
