import type { ReactNode } from 'react';

export interface PagePlaceholderProps {
  /** A short line above the title, e.g. the area of the product. */
  eyebrow: string;
  title: string;
  description: string;
  /** What this page will do, one line each. */
  upcoming: readonly string[];
  action?: ReactNode;
  testId?: string;
}

/** A tidy stand-in for a screen still being built: says what is coming, in the page's language. */
export function PagePlaceholder({
  eyebrow,
  title,
  description,
  upcoming,
  action,
  testId,
}: PagePlaceholderProps) {
  return (
    <section className="mz-placeholder" data-testid={testId}>
      <p className="mz-placeholder__eyebrow">{eyebrow}</p>
      <h1 className="mz-placeholder__title">{title}</h1>
      <p className="mz-placeholder__description">{description}</p>
      <ul className="mz-placeholder__list">
        {upcoming.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      {action ? <div className="mz-placeholder__action">{action}</div> : null}
    </section>
  );
}
