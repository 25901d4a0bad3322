import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import {
  ConfirmDialog,
  Dialog,
  LoadingOverlay,
  Toast,
  buttonClassName,
  setLoginPromptHandler,
  useToastState,
  type LoginPromptReason,
  type ToastType,
} from '@manzil/ui';

interface Feedback {
  /** Spec §8: one toast at a time at the top, 3 seconds. */
  toast: (type: ToastType, message: string) => void;
  /** Spec §4: the global loader shows while `work` runs. */
  withLoader: <T>(work: Promise<T>) => Promise<T>;
  /** Spec §8 confirm dialog: resolves true on Ok / نعم. */
  confirm: (message: string) => Promise<boolean>;
}

const FeedbackContext = createContext<Feedback | null>(null);

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback outside FeedbackProvider');
  return feedback;
}

/** The shell's toasts, loader, confirm dialog and the login prompt remotes ask for (spec §6). */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [toast, showToast, hideToast] = useToastState();
  const [loading, setLoading] = useState(0);
  const [question, setQuestion] = useState<{ message: string; answer: (yes: boolean) => void } | null>(null);
  const [prompt, setPrompt] = useState<LoginPromptReason | null>(null);
  const pendingAnswer = useRef<((yes: boolean) => void) | null>(null);

  useEffect(() => setLoginPromptHandler(setPrompt), []);

  const withLoader = useCallback(<T,>(work: Promise<T>) => {
    setLoading((count) => count + 1);
    return work.finally(() => setLoading((count) => count - 1));
  }, []);

  const confirm = useCallback(
    (message: string) =>
      new Promise<boolean>((resolve) => {
        pendingAnswer.current?.(false);
        pendingAnswer.current = resolve;
        setQuestion({ message, answer: resolve });
      }),
    [],
  );

  const answer = (yes: boolean) => {
    question?.answer(yes);
    pendingAnswer.current = null;
    setQuestion(null);
  };

  const value = useMemo<Feedback>(
    () => ({ toast: (type, message) => showToast({ type, message }), withLoader, confirm }),
    [showToast, withLoader, confirm],
  );
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <Toast toast={toast} onClose={hideToast} closeLabel={t('shell.toast.close')} />
      {loading > 0 ? <LoadingOverlay label={t('shell.loading')} /> : null}
      {question ? (
        <ConfirmDialog
          message={question.message}
          confirmLabel={t('shell.confirm.ok')}
          cancelLabel={t('shell.confirm.cancel')}
          onConfirm={() => answer(true)}
          onCancel={() => answer(false)}
        />
      ) : null}
      {prompt ? (
        <Dialog
          title={t(`shell.prompt.${prompt}`)}
          onClose={() => setPrompt(null)}
          testId="login-prompt"
          actions={
            <>
              <button type="button" className={buttonClassName('secondary')} onClick={() => setPrompt(null)}>
                {t('shell.confirm.cancel')}
              </button>
              <button
                type="button"
                className={buttonClassName('primary')}
                data-testid="login-prompt-login"
                onClick={() => {
                  setPrompt(null);
                  navigate('/login?type=Customer');
                }}
              >
                {t('shell.login')}
              </button>
            </>
          }
        >
          {t('shell.prompt.body')}
        </Dialog>
      ) : null}
    </FeedbackContext.Provider>
  );
}
