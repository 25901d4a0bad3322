import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Language } from '@manzil/contracts';
import { ConfirmDialog } from './dialog.js';
import { LoadingOverlay, Toast, useToastState, type ToastType } from './toast.js';

/**
 * What every screen uses to tell the user something (spec §8): one toast at a time at the
 * top (3 s), the confirm dialog, and the global loader. The shell provides it once; remotes
 * read it through `useFeedback` (`@manzil/ui` is a federation singleton, so they share the
 * shell's context and never stack a second toast).
 */
export interface Feedback {
  toast: (type: ToastType, message: string) => void;
  /** Resolves true on Ok / نعم, false on Cancel / إلغاء (or Escape, or the backdrop). */
  confirm: (message: string) => Promise<boolean>;
  /** The global loader shows while `work` runs. */
  withLoader: <T>(work: Promise<T>) => Promise<T>;
}

/** Spec §8: the confirm dialog's buttons by language. */
export const CONFIRM_LABELS = {
  en: { ok: 'Ok', cancel: 'Cancel', close: 'Close', loading: 'Loading' },
  ar: { ok: 'نعم', cancel: 'إلغاء', close: 'إغلاق', loading: 'جار التحميل' },
} as const satisfies Record<Language, Record<string, string>>;

const FeedbackContext = createContext<Feedback | null>(null);

/** Outside a provider (a remote rendered on its own, a test) the calls fall back to the browser. */
const browserFeedback: Feedback = {
  toast: (type, message) => console.info(`[${type}] ${message}`),
  confirm: async (message) => window.confirm(message),
  withLoader: (work) => work,
};

export function useFeedback(): Feedback {
  return useContext(FeedbackContext) ?? browserFeedback;
}

export function FeedbackProvider({ language, children }: { language: Language; children: ReactNode }) {
  const [toast, showToast, hideToast] = useToastState();
  const [loading, setLoading] = useState(0);
  const [question, setQuestion] = useState<string | null>(null);
  const answerRef = useRef<((yes: boolean) => void) | null>(null);

  const confirm = useCallback(
    (message: string) =>
      new Promise<boolean>((resolve) => {
        // A new question answers the one still open with "no".
        answerRef.current?.(false);
        answerRef.current = resolve;
        setQuestion(message);
      }),
    [],
  );
  const answer = useCallback((yes: boolean) => {
    answerRef.current?.(yes);
    answerRef.current = null;
    setQuestion(null);
  }, []);
  const withLoader = useCallback(<T,>(work: Promise<T>) => {
    setLoading((count) => count + 1);
    return work.finally(() => setLoading((count) => count - 1));
  }, []);

  const value = useMemo<Feedback>(
    () => ({ toast: (type, message) => showToast({ type, message }), confirm, withLoader }),
    [showToast, confirm, withLoader],
  );
  const labels = CONFIRM_LABELS[language];
  return (
    <FeedbackContext.Provider value={value}>
      {children}
      <Toast toast={toast} onClose={hideToast} closeLabel={labels.close} />
      {loading > 0 ? <LoadingOverlay label={labels.loading} /> : null}
      {question !== null ? (
        <ConfirmDialog
          message={question}
          confirmLabel={labels.ok}
          cancelLabel={labels.cancel}
          onConfirm={() => answer(true)}
          onCancel={() => answer(false)}
        />
      ) : null}
    </FeedbackContext.Provider>
  );
}
