import type { Language } from '@manzil/contracts';
import ar from './ar.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };

/** The design system's own strings; each frontend merges them into its IntlProvider. */
export const uiMessages: Record<Language, Record<string, string>> = { en, ar };
