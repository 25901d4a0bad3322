import { useIntl } from 'react-intl';
import { proposalPath } from '@manzil/contracts';
import { buttonClassName, useFeedback } from '@manzil/ui';

/** The proposal's link in both languages, each with a copy button (either kind: `path` builds it). */
export function ShareLinks({
  presentation,
  path = proposalPath,
}: {
  presentation: { id: string };
  path?: (id: string) => string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { toast } = useFeedback();
  const base = `${window.location.origin}${path(presentation.id)}`;
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast('success', t('agentPortal.presentations.copied'));
    } catch {
      toast('danger', t('agentPortal.error'));
    }
  };
  return (
    <div className="ap-share">
      {(['en', 'ar'] as const).map((lang) => {
        const url = `${base}?lang=${lang}`;
        return (
          <div key={lang} className="ap-share__line">
            <a href={url} target="_blank" rel="noopener noreferrer" data-testid={`presentation-link-${lang}`}>
              {t(`agentPortal.presentations.open.${lang}`)}
            </a>
            <button type="button" className={buttonClassName('ghost', 'sm')} onClick={() => void copy(url)}>
              {t('agentPortal.presentations.copy')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
