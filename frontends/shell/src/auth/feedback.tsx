import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from '@manzil/ui/router';
import { Dialog, buttonClassName, setLoginPromptHandler, type LoginPromptReason } from '@manzil/ui';

/** Toasts, loader and confirm dialog are the shared ones of `@manzil/ui`, one instance for all. */
export { useFeedback } from '@manzil/ui';

/** The login prompt remotes ask for (spec §6): wishlist, enquiry, report, contact, meeting, bid, message. */
export function LoginPromptProvider({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [prompt, setPrompt] = useState<LoginPromptReason | null>(null);

  useEffect(() => setLoginPromptHandler(setPrompt), []);

  const t = (id: string) => intl.formatMessage({ id });

  return (
    <>
      {children}
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
    </>
  );
}
