import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useModal } from '../a11y/use-modal.js';
import { AlertIcon } from '../components/icons.js';
import { Button } from '../components/button.js';

export interface DialogProps {
  title: string;
  children?: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  /** The round icon above the title: a warning, a notice (`info`), or none for a form. */
  tone?: 'warning' | 'info' | 'form';
  testId?: string;
}

/**
 * A small modal, rendered into <body>: focus moves in (to `[data-autofocus]`, else the first
 * control), Tab stays inside, the page behind is inert, Escape or the backdrop closes it, and
 * focus goes back to what opened it.
 */
export function Dialog({ title, children, actions, onClose, tone = 'info', testId }: DialogProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, { onClose });
  return createPortal(
    <div className="mz-dialog" data-testid={testId}>
      <div className="mz-dialog__backdrop" onClick={onClose} aria-hidden="true" />
      <div className="mz-dialog__panel" role="dialog" aria-modal="true" aria-labelledby={id} ref={panel}>
        {tone === 'form' ? null : (
          <span className={`mz-dialog__icon mz-dialog__icon--${tone}`} aria-hidden="true">
            <AlertIcon />
          </span>
        )}
        <h2 className="mz-dialog__title" id={id}>
          {title}
        </h2>
        {children ? <div className="mz-dialog__body">{children}</div> : null}
        <div className="mz-dialog__actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}

/**
 * Spec §8 confirm: a warning with "Ok" / "نعم" and "Cancel" / "إلغاء". Focus starts on
 * Cancel, the safe answer, so an Enter pressed out of habit never confirms a delete or a logout.
 */
export function ConfirmDialog({
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  testId = 'confirm-dialog',
}: ConfirmDialogProps) {
  return (
    <Dialog
      title={message}
      tone="warning"
      onClose={onCancel}
      testId={testId}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} data-autofocus data-testid={`${testId}-cancel`}>
            {cancelLabel}
          </Button>
          <Button onClick={onConfirm} data-testid={`${testId}-ok`}>
            {confirmLabel}
          </Button>
        </>
      }
    />
  );
}
