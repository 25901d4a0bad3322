import { useAdminText } from './cms/use-admin-text.js';

/** Numbered pages of a list; the current one is marked for assistive technology too. */
export function Pager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useAdminText();
  if (pages <= 1) return null;
  return (
    <nav className="ad-pager" aria-label={t('admin.pages')}>
      {Array.from({ length: pages }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          className={n === page ? 'ad-pager__page ad-pager__page--current' : 'ad-pager__page'}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPage(n)}
        >
          {n}
        </button>
      ))}
    </nav>
  );
}
