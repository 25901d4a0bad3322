import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { CloseIcon } from './chrome-icons.js';

export interface HeaderDrawerProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The collapsed header's menu below the xl breakpoint: a panel from the inline-start side
 * (the left in English, the right in Arabic), over a backdrop; Escape or the backdrop closes it.
 */
export function HeaderDrawer({ open, onClose, children }: HeaderDrawerProps) {
  const intl = useIntl();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="shell-drawer" data-testid="header-drawer">
      <div className="shell-drawer__backdrop" onClick={onClose} aria-hidden="true" />
      <div
        className="shell-drawer__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={id}
        tabIndex={-1}
        ref={panel}
      >
        <div className="shell-drawer__head">
          <h2 className="shell-drawer__title" id={id}>
            {intl.formatMessage({ id: 'shell.header.menu' })}
          </h2>
          <button
            type="button"
            className="shell-icon-button"
            onClick={onClose}
            aria-label={intl.formatMessage({ id: 'shell.header.closeMenu' })}
            data-testid="drawer-close"
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
