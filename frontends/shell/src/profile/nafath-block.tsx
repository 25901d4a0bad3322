import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { z } from 'zod';
import {
  IDENTITY_API,
  nafathRequestResultsSchema,
  nafathRequestSchema,
  nafathStatusSchema,
} from '@manzil/contracts';
import { ApiError, Button, Ltr, TextField, digitsOnly, refreshSession, useForm } from '@manzil/ui';
import { useFeedback } from '../auth/feedback.js';
import { identityFetch } from '../auth/identity.js';
import { useShell } from '../auth/shell-context.js';
import { formatCountdown, useCountdown } from '../auth/use-countdown.js';

/** Spec §4 Nafath: status polled every 2 s while the person answers in the Nafath app. */
export const NAFATH_POLL_MS = 2000;
const statusResultsSchema = z.object({ status: nafathStatusSchema });

type NafathState =
  | { step: 'form' }
  | { step: 'waiting'; transId: string; random: string; expiresAt: number }
  | { step: 'rejected' | 'expired' };

function Waiting({
  random,
  expiresAt,
  onExpired,
}: {
  random: string;
  expiresAt: number;
  onExpired: () => void;
}) {
  const intl = useIntl();
  const left = useCountdown(expiresAt);
  useEffect(() => {
    if (left === 0) onExpired();
  }, [left, onExpired]);
  return (
    <div className="nafath__waiting" data-testid="nafath-waiting">
      <p>{intl.formatMessage({ id: 'shell.nafath.chooseNumber' })}</p>
      <span className="nafath__random" dir="ltr" data-testid="nafath-random">
        {random}
      </span>
      <p className="nafath__left">
        <span className="nafath__pulse" aria-hidden="true" />
        {intl.formatMessage(
          { id: 'shell.nafath.waiting' },
          { time: <Ltr key="t">{formatCountdown(left)}</Ltr> },
        )}
      </p>
    </div>
  );
}

/** Saudi site: national ID → the two-digit number to pick in Nafath → verified / rejected / expired. */
export function NafathBlock({ verified, onVerified }: { verified: boolean; onVerified: () => void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { language } = useShell();
  const { toast, withLoader } = useFeedback();
  const [state, setState] = useState<NafathState>({ step: 'form' });
  const form = useForm(language, { nationalId: '' });
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  const transId = state.step === 'waiting' ? state.transId : null;
  useEffect(() => {
    if (!transId) return;
    let stopped = false;
    const timer = setInterval(() => {
      identityFetch(IDENTITY_API.nafathStatus, { language, query: { transId }, results: statusResultsSchema })
        .then(({ results }) => {
          if (stopped || results.status === 'WAITING') return;
          clearInterval(timer);
          if (results.status === 'COMPLETED') {
            onVerifiedRef.current();
            void refreshSession(language);
          } else setState({ step: results.status === 'REJECTED' ? 'rejected' : 'expired' });
        })
        .catch((error: unknown) => console.warn('shell: nafath status unavailable', error));
    }, NAFATH_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [transId, language]);

  async function request(event?: FormEvent) {
    event?.preventDefault();
    const body = form.validate(nafathRequestSchema, form.values);
    if (!body) return;
    try {
      const envelope = await withLoader(
        identityFetch(IDENTITY_API.nafathRequest, {
          language,
          method: 'POST',
          body,
          results: nafathRequestResultsSchema,
        }),
      );
      const { transId: id, random, expiresAt } = envelope.results;
      setState({ step: 'waiting', transId: id, random, expiresAt: Date.parse(expiresAt) });
    } catch (failure) {
      if (form.showApiError(failure)) return;
      toast(
        'danger',
        failure instanceof ApiError && failure.message ? failure.message : t('shell.error.generic'),
      );
    }
  }

  if (verified) {
    return (
      <section className="nafath nafath--verified" data-testid="nafath-verified">
        <span className="nafath__check" aria-hidden="true">
          ✓
        </span>
        <div>
          <h2 className="nafath__title">{t('shell.nafath.verifiedTitle')}</h2>
          <p className="nafath__note">{t('shell.nafath.verifiedNote')}</p>
        </div>
      </section>
    );
  }

  return (
    <section className="nafath" data-testid="nafath">
      <h2 className="nafath__title">{t('shell.nafath.title')}</h2>
      <p className="nafath__note">{t('shell.nafath.note')}</p>
      {state.step === 'waiting' ? (
        <Waiting
          random={state.random}
          expiresAt={state.expiresAt}
          onExpired={() => setState({ step: 'expired' })}
        />
      ) : (
        <form className="nafath__form" noValidate onSubmit={(event) => void request(event)}>
          {state.step !== 'form' ? (
            <p className="mz-field__error" role="alert" data-testid={`nafath-${state.step}`}>
              {t(`shell.nafath.${state.step}`)}
            </p>
          ) : null}
          <TextField
            label={t('shell.nafath.nationalId')}
            inputMode="numeric"
            dir="ltr"
            maxLength={10}
            value={form.values.nationalId}
            onChange={(value) => form.setValue('nationalId', digitsOnly(value, 10))}
            error={form.error('nationalId')}
            testId="nafath-id"
          />
          <Button type="submit" data-testid="nafath-submit">
            {t(state.step === 'form' ? 'shell.nafath.submit' : 'shell.nafath.resend')}
          </Button>
        </form>
      )}
    </section>
  );
}
