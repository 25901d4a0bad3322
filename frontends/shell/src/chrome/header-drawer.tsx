import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { useModal } from '@manzil/ui';
import { CloseIcon } from './chrome-icons.js';

export interface HeaderDrawerProps {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The collapsed header's menu below the xl breakpoint: a modal panel from the inline-start
 * side (the left in English, the right in Arabic), over a backdrop. Focus moves to its close
 * button, Tab stays inside, the page behind is inert; Escape, the backdrop or the close
 * button closes it and focus returns to the menu button.
 */
export function HeaderDrawer({ open, onClose, children }: HeaderDrawerProps) {
  return open ? <DrawerPanel onClose={onClose}>{children}</DrawerPanel> : null;
}

function DrawerPanel({ onClose, children }: Omit<HeaderDrawerProps, 'open'>) {
  const intl = useIntl();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useModal(panel, { onClose });
  useEffect(() => {
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);
  return createPortal(
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
    </div>,
    document.body,
  );
}
