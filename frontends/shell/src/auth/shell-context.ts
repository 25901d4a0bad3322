import { createContext, useContext } from 'react';
import type { Language, Site } from '@manzil/contracts';

/** What the shell's own screens need from ShellApp: language, site, and changing the language. */
export interface ShellContextValue {
  language: Language;
  site: Site;
  changeLanguage: (language: Language) => void;
}

export const ShellContext = createContext<ShellContextValue | null>(null);

export function useShell(): ShellContextValue {
  const value = useContext(ShellContext);
  if (!value) throw new Error('useShell outside ShellContext');
  return value;
}
