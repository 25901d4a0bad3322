import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog, LoadingOverlay, Toast, useToastState, type ToastType } from '@manzil/ui';

interface PortalFeedback {
  toast: (type: ToastType, message: string) => void;
  withLoader: <T>(work: Promise<T>) => Promise<T>;
  confirm: (message: string) => Promise<boolean>;
}

const Context = createContext<PortalFeedback | null>(null);

export function usePortalFeedback(): PortalFeedback {
  const value = useContext(Context);
  if (!value) throw new Error('usePortalFeedback outside PortalFeedbackProvider');
  return value;
}

/** Toast (spec §8: top, one at a time, 3 s), loader and the Ok / Cancel confirm of this remote. */
export function PortalFeedbackProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [toast, show, hide] = useToastState();
  const [loading, setLoading] = useState(0);
  const [question, setQuestion] = useState<{ message: string; answer: (yes: boolean) => void } | null>(null);
  const withLoader = useCallback(<T,>(work: Promise<T>) => {
    setLoading((n) => n + 1);
    return work.finally(() => setLoading((n) => n - 1));
  }, []);
  const confirm = useCallback(
    (message: string) => new Promise<boolean>((resolve) => setQuestion({ message, answer: resolve })),
    [],
  );
  const value = useMemo<PortalFeedback>(
    () => ({ toast: (type, message) => show({ type, message }), withLoader, confirm }),
    [show, withLoader, confirm],
  );
  const answer = (yes: boolean) => {
    question?.answer(yes);
    setQuestion(null);
  };
  return (
    <Context.Provider value={value}>
      {children}
      <Toast toast={toast} onClose={hide} closeLabel={t('companyPortal.close')} />
      {loading > 0 ? <LoadingOverlay label={t('companyPortal.loading')} /> : null}
      {question ? (
        <ConfirmDialog
          message={question.message}
          confirmLabel={t('companyPortal.ok')}
          cancelLabel={t('companyPortal.cancel')}
          onConfirm={() => answer(true)}
          onCancel={() => answer(false)}
        />
      ) : null}
    </Context.Provider>
  );
}
