import { useEffect, useId, useRef, type ReactNode } from 'react';
import { AlertIcon } from '../components/icons.js';
import { Button } from '../components/button.js';

export interface DialogProps {
  title: string;
  children?: ReactNode;
  actions: ReactNode;
  onClose: () => void;
  tone?: 'warning' | 'info';
  testId?: string;
}

/** A small modal: Escape or the backdrop closes it; focus starts on its last action. */
export function Dialog({ title, children, actions, onClose, tone = 'info', testId }: DialogProps) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const buttons = panel.current?.querySelectorAll<HTMLElement>(
      '.mz-dialog__actions button, .mz-dialog__actions a',
    );
    buttons?.[buttons.length - 1]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="mz-dialog" data-testid={testId}>
      <div className="mz-dialog__backdrop" onClick={onClose} aria-hidden="true" />
      <div className="mz-dialog__panel" role="dialog" aria-modal="true" aria-labelledby={id} ref={panel}>
        <span className={`mz-dialog__icon mz-dialog__icon--${tone}`} aria-hidden="true">
          <AlertIcon />
        </span>
        <h2 className="mz-dialog__title" id={id}>
          {title}
        </h2>
        {children ? <div className="mz-dialog__body">{children}</div> : null}
        <div className="mz-dialog__actions">{actions}</div>
      </div>
    </div>
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

/** Spec §8 confirm: a warning with "Ok" / "نعم" and "Cancel" / "إلغاء". */
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
          <Button variant="secondary" onClick={onCancel} data-testid={`${testId}-cancel`}>
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
