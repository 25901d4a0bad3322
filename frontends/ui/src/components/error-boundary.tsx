import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button } from './button.js';
import { EmptyState } from './empty-state.js';
import { AlertIcon } from './icons.js';

export interface ErrorBoundaryProps {
  children: ReactNode;
  /** What to show instead; a function gets the error and a way to try again. */
  fallback?: ReactNode | ((error: Error, reset: () => void) => ReactNode);
  /** The boundary clears itself when one of these changes (e.g. the pathname). */
  resetKeys?: readonly unknown[];
  onError?: (error: Error, info: ErrorInfo) => void;
  onReset?: () => void;
}

interface ErrorBoundaryState {
  error: Error | null;
}

/** Keeps a failing part (a remote that is down, a render bug) from blanking the page. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: Error): ErrorBoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    const { resetKeys = [] } = this.props;
    const before = previous.resetKeys ?? [];
    if (
      this.state.error &&
      (resetKeys.length !== before.length || resetKeys.some((key, i) => !Object.is(key, before[i])))
    ) {
      this.reset();
    }
  }

  reset = (): void => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback(error, this.reset);
    return fallback ?? <ErrorFallback onRetry={this.reset} />;
  }
}

/**
 * The default fallback: says what happened and offers to try again. `headingLevel` 1 where it
 * stands for the whole page (a remote or a page that failed to load).
 */
export function ErrorFallback({ onRetry, headingLevel = 2 }: { onRetry?: () => void; headingLevel?: 1 | 2 }) {
  const intl = useIntl();
  return (
    <div role="alert" data-testid="error-fallback">
      <EmptyState
        headingLevel={headingLevel}
        icon={<AlertIcon />}
        title={intl.formatMessage({ id: 'ui.error.title' })}
        description={intl.formatMessage({ id: 'ui.error.body' })}
        action={
          onRetry ? (
            <Button variant="secondary" onClick={onRetry}>
              {intl.formatMessage({ id: 'ui.error.retry' })}
            </Button>
          ) : null
        }
      />
    </div>
  );
}
