import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { KEEP_LIVE_ATTRIBUTE } from '../a11y/use-modal.js';

/** Spec §8 toasts: success, danger, warning, info; at the top, one at a time, 3 seconds. */
export const TOAST_MS = 3000;
export type ToastType = 'success' | 'danger' | 'warning' | 'info';
export interface ToastMessage {
  type: ToastType;
  message: string;
}

/** The one toast on screen and a way to show the next (which replaces it). */
export function useToastState(): [ToastMessage | null, (toast: ToastMessage) => void, () => void] {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const hide = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    setToast(null);
  }, []);
  const show = useCallback((next: ToastMessage) => {
    if (timer.current) clearTimeout(timer.current);
    setToast(next);
    timer.current = setTimeout(() => setToast(null), TOAST_MS);
  }, []);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return [toast, show, hide];
}

/**
 * The toast region stays mounted (a live region that appears together with its message is
 * often not read) and lives in <body> beside any open dialog, which leaves it out of `inert`.
 */
export function Toast({
  toast,
  onClose,
  closeLabel,
}: {
  toast: ToastMessage | null;
  onClose: () => void;
  closeLabel: string;
}) {
  return createPortal(
    <div className="mz-toast-region" aria-live="polite" {...{ [KEEP_LIVE_ATTRIBUTE]: '' }}>
      {toast ? (
        <div
          className={`mz-toast mz-toast--${toast.type}`}
          role={toast.type === 'danger' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span className="mz-toast__text">{toast.message}</span>
          <button type="button" className="mz-toast__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
      ) : null}
    </div>,
    document.body,
  );
}

/** The global loader: a veil with a spinner while a request runs (spec §4). */
export function LoadingOverlay({ label }: { label: string }) {
  return (
    <div className="mz-loader" role="status" aria-live="polite" data-testid="global-loader">
      <span className="mz-loader__spinner" aria-hidden="true" />
      <span className="mz-visually-hidden">{label}</span>
    </div>
  );
}
