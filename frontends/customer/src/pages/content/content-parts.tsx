import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from '@manzil/ui/router';
import type { MouseEvent, ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  EmptyState,
  ErrorFallback,
  HomeIcon,
  Skeleton,
  buttonClassName,
  isNotFound,
  useDocumentHead,
  useLanguage,
} from '@manzil/ui';

/**
 * A CMS body: `bodyHtml` from the content service, produced by contracts'
 * `renderCmsMarkdown` (escapes everything typed, emits only its own tags), so it is injected
 * as is. Links to site paths move inside the app instead of reloading the page.
 */
export function CmsBody({ html, testId = 'cms-body' }: { html: string; testId?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const anchor = (event.target as HTMLElement).closest('a');
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || !href.startsWith('/') || href.startsWith('//') || anchor.target) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // The click handler only routes the links inside (keyboard Enter on a link clicks it too).
    <div
      className="cu-prose"
      data-testid={testId}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function ContentLoading() {
  return (
    <div className="cu-content-loading" data-testid="content-loading" aria-busy="true">
      <Skeleton inlineSize="55%" blockSize="2.2rem" radius="md" />
      <Skeleton inlineSize="90%" />
      <Skeleton inlineSize="80%" />
      <Skeleton inlineSize="100%" blockSize="10rem" radius="lg" />
    </div>
  );
}

/** `headingLevel` 1 where the error replaces the whole page (no heading of its own above). */
export function ContentError({ onRetry, headingLevel = 2 }: { onRetry: () => void; headingLevel?: 1 | 2 }) {
  return (
    <div className="cu-content-error">
      <ErrorFallback onRetry={onRetry} headingLevel={headingLevel} />
    </div>
  );
}

/**
 * The states of a page that shows one thing its own query fetched (a property, a project, a
 * blog post, a CMS page): a skeleton while it loads (`narrow` for reading pages), the
 * `notFound` element when the server answers 404 (default: the 404 page), an error with retry
 * otherwise, and `children` with the data once it is there.
 */
export function QueryPage<T>({
  query,
  notFound,
  narrow = false,
  children,
}: {
  query: UseQueryResult<T>;
  notFound?: ReactNode;
  narrow?: boolean;
  children: (data: T) => ReactNode;
}) {
  const intl = useIntl();
  if (query.isPending) {
    return (
      <div
        className={`mz-container cu-page${narrow ? ' cu-page--narrow' : ''}`}
        role="status"
        aria-label={intl.formatMessage({ id: 'ui.loading' })}
      >
        <ContentLoading />
      </div>
    );
  }
  if (query.isError) {
    if (isNotFound(query.error)) return notFound ?? <NotFoundPage />;
    return (
      <div className="mz-container cu-page">
        <ContentError onRetry={() => void query.refetch()} headingLevel={1} />
      </div>
    );
  }
  return children(query.data);
}

/** A detail that is not (or no longer) published: a page heading, why, and a way back to its list. */
export function DetailNotFound({
  testId,
  titleId,
  descriptionId,
  back,
}: {
  testId: string;
  titleId: string;
  descriptionId: string;
  back: { to: string; label: string };
}) {
  const intl = useIntl();
  return (
    <div className="mz-container cu-page">
      <EmptyState
        headingLevel={1}
        testId={testId}
        title={intl.formatMessage({ id: titleId })}
        description={intl.formatMessage({ id: descriptionId })}
        action={
          <Link className={buttonClassName('primary')} to={back.to}>
            {back.label}
          </Link>
        }
      />
    </div>
  );
}

/**
 * The 404 page: the address exists no more (or never did), with ways forward. Its own title
 * (not the previous page's) and `noindex`, with no canonical or alternates.
 */
export function NotFoundPage() {
  const intl = useIntl();
  const language = useLanguage();
  const { pathname } = useLocation();
  const t = (id: string) => intl.formatMessage({ id });
  useDocumentHead({
    language,
    title: t('customer.notFound.title'),
    description: t('customer.notFound.description'),
    path: pathname,
    noindex: true,
  });
  return (
    <div className="mz-container cu-page">
      <EmptyState
        headingLevel={1}
        testId="not-found"
        icon={<HomeIcon />}
        title={t('customer.notFound.title')}
        description={t('customer.notFound.description')}
        action={
          <>
            <Link className={buttonClassName('primary')} to="/">
              {t('customer.soon.home')}
            </Link>
            <Link className={buttonClassName('secondary')} to="/blog">
              {t('customer.notFound.blog')}
            </Link>
          </>
        }
      />
    </div>
  );
}

/** Page title block shared by the content pages. */
export function PageHeading({ eyebrow, title, lead }: { eyebrow?: string; title: string; lead?: string }) {
  return (
    <header className="cu-page__head">
      {eyebrow ? <p className="cu-page__eyebrow">{eyebrow}</p> : null}
      <h1 className="cu-page__title">{title}</h1>
      {lead ? <p className="cu-page__lead">{lead}</p> : null}
    </header>
  );
}
