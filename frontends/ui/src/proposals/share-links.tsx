import { useIntl } from 'react-intl';
// eslint-disable-next-line @nx/enforce-module-boundaries -- the shared singleton, not a copy (see index.ts)
import { buttonClassName, useFeedback } from '@manzil/ui';

/** The proposal's link in both languages, each with a copy button (`path` builds the link's path). */
export function ShareLinks({
  presentation,
  path,
}: {
  presentation: { id: string };
  path: (id: string) => string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { toast } = useFeedback();
  const base = `${window.location.origin}${path(presentation.id)}`;
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast('success', t('ui.proposal.copied'));
    } catch {
      toast('danger', t('ui.error.title'));
    }
  };
  return (
    <div className="mz-proposal-share">
      {(['en', 'ar'] as const).map((lang) => {
        const url = `${base}?lang=${lang}`;
        return (
          <div key={lang} className="mz-proposal-share__line">
            <a href={url} target="_blank" rel="noopener noreferrer" data-testid={`presentation-link-${lang}`}>
              {t(`ui.proposal.open.${lang}`)}
            </a>
            <button type="button" className={buttonClassName('ghost', 'sm')} onClick={() => void copy(url)}>
              {t('ui.proposal.copy')}
            </button>
          </div>
        );
      })}
    </div>
  );
}
