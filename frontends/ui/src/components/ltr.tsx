import type { ReactNode } from 'react';

/** A left-to-right run (numbers, phones, prices) that stays whole inside Arabic text. */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
