import type { ReactNode } from 'react';
import { SearchIcon } from './icons.js';

export interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  /** The way forward: a link or button out of the dead end. */
  action?: ReactNode;
  testId?: string;
  /** 1 when the empty state is the whole page (coming soon, not found): every page has one h1. */
  headingLevel?: 1 | 2;
}

export function EmptyState({ title, description, icon, action, testId, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="mz-empty" data-testid={testId}>
      <span className="mz-empty__icon">{icon ?? <SearchIcon />}</span>
      <Heading className="mz-empty__title">{title}</Heading>
      {description ? <p className="mz-empty__description">{description}</p> : null}
      {action ? <div className="mz-empty__action">{action}</div> : null}
    </section>
  );
}
