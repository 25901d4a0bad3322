import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  IDENTITY_API,
  nafathRequestResultsSchema,
  nafathRequestSchema,
  nafathStatusSchema,
} from '@manzil/contracts';
import { ApiError, Ltr, apiQueryFn, identityPath, refreshSession } from '@manzil/ui';
import {
  FormErrorSummary,
  SubmitButton,
  TextField,
  digitsOnly,
  showServerErrors,
  useContractForm,
} from '@manzil/ui/forms';
import { useFeedback } from '../auth/feedback.js';
import { identityFetch } from '../auth/identity.js';
import { useShell } from '../auth/shell-context.js';
import { formatCountdown, useCountdown } from '../auth/use-countdown.js';

/** Spec §4 Nafath: status polled every 2 s while the person answers in the Nafath app. */
export const NAFATH_POLL_MS = 2000;
const statusResultsSchema = z.object({ status: nafathStatusSchema });
type NafathStatusResults = z.infer<typeof statusResultsSchema>;

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
  const { toast } = useFeedback();
  const [state, setState] = useState<NafathState>({ step: 'form' });
  const form = useContractForm<{ nationalId: string }>({
    schema: nafathRequestSchema,
    defaultValues: { nationalId: '' },
  });
  const ask = useMutation({
    mutationFn: (body: unknown) =>
      identityFetch(IDENTITY_API.nafathRequest, {
        language,
        method: 'POST',
        body,
        results: nafathRequestResultsSchema,
      }),
  });
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  // While the person answers in the Nafath app: the request's status every 2 s until it is decided.
  const transId = state.step === 'waiting' ? state.transId : null;
  const { data: decided } = useQuery({
    queryKey: ['identity', 'nafath', transId],
    queryFn: apiQueryFn(identityPath(IDENTITY_API.nafathStatus), {
      language,
      query: { transId: transId ?? '' },
      results: statusResultsSchema,
    }),
    enabled: transId !== null,
    refetchInterval: (query: { state: { data?: NafathStatusResults } }) =>
      (query.state.data?.status ?? 'WAITING') === 'WAITING' && NAFATH_POLL_MS,
    // A failed poll is followed by the next one.
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const outcome = transId !== null ? decided?.status : undefined;
  useEffect(() => {
    if (outcome === 'COMPLETED') {
      onVerifiedRef.current();
      void refreshSession(language);
    } else if (outcome === 'REJECTED' || outcome === 'EXPIRED') {
      setState({ step: outcome === 'REJECTED' ? 'rejected' : 'expired' });
    }
  }, [outcome, language]);

  async function request(body: unknown) {
    try {
      const envelope = await ask.mutateAsync(body);
      const { transId: id, random, expiresAt } = envelope.results;
      setState({ step: 'waiting', transId: id, random, expiresAt: Date.parse(expiresAt) });
    } catch (failure) {
      if (showServerErrors(form, failure)) return;
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
        <form
          className="nafath__form"
          noValidate
          onSubmit={(event) => void form.handleSubmit(request)(event)}
        >
          <FormErrorSummary control={form.control} setFocus={form.setFocus} />
          {state.step !== 'form' ? (
            <p className="mz-field__error" role="alert" data-testid={`nafath-${state.step}`}>
              {t(`shell.nafath.${state.step}`)}
            </p>
          ) : null}
          <TextField
            control={form.control}
            name="nationalId"
            label={t('shell.nafath.nationalId')}
            inputMode="numeric"
            dir="ltr"
            maxLength={10}
            transform={(typed) => digitsOnly(typed, 10)}
            testId="nafath-id"
          />
          <SubmitButton control={form.control} data-testid="nafath-submit">
            {t(state.step === 'form' ? 'shell.nafath.submit' : 'shell.nafath.resend')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
