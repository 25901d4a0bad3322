import type { ReactNode } from 'react';

/** A list with `value` added (kept in order for numbers) or removed. */
export function toggled<T extends string | number>(list: readonly T[], value: T): T[] {
  if (list.includes(value)) return list.filter((item) => item !== value);
  const next = [...list, value];
  return typeof value === 'number' ? next.sort((a, b) => (a as number) - (b as number)) : next;
}

/** An on/off choice among several (bedrooms, amenities, a facet): a pressed button. */
export function ToggleChip({
  on,
  onToggle,
  testId,
  children,
}: {
  on: boolean;
  onToggle: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <button type="button" className="cu-toggle" aria-pressed={on} data-testid={testId} onClick={onToggle}>
      {children}
    </button>
  );
}
