import { useIntl } from 'react-intl';
import { PhoneIcon, WhatsAppIcon } from './chrome-icons.js';

/** Spec §2: the floating WhatsApp and call buttons, at the inline end of the viewport's bottom. */
export function FloatingContact({ whatsapp, phone }: { whatsapp: string; phone: string }) {
  const intl = useIntl();
  return (
    <div className="shell-float" data-testid="floating-contact">
      <a
        className="shell-float__button shell-float__button--whatsapp"
        href={`https://wa.me/${whatsapp.replace(/\D/g, '')}`}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={intl.formatMessage({ id: 'shell.footer.whatsapp' })}
        data-testid="float-whatsapp"
      >
        <WhatsAppIcon />
      </a>
      <a
        className="shell-float__button shell-float__button--call"
        href={`tel:${phone.replace(/\s/g, '')}`}
        aria-label={intl.formatMessage({ id: 'shell.footer.call' })}
        data-testid="float-call"
      >
        <PhoneIcon />
      </a>
    </div>
  );
}
