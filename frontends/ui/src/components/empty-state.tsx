import type { ReactNode } from 'react';
import { SearchIcon } from './icons.js';

export interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** The way forward: a link or button out of the dead end. */
  action?: ReactNode;
  testId?: string;
}

export function EmptyState({ title, description, icon, action, testId }: EmptyStateProps) {
  return (
    <section className="mz-empty" data-testid={testId}>
      <span className="mz-empty__icon">{icon ?? <SearchIcon />}</span>
      <h2 className="mz-empty__title">{title}</h2>
      {description ? <p className="mz-empty__description">{description}</p> : null}
      {action ? <div className="mz-empty__action">{action}</div> : null}
    </section>
  );
}
