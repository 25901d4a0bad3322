import type { Language, OwnedProperty } from '@manzil/contracts';

/** The title the owner typed, in the page's language, else the other one. */
export function draftTitle(property: Pick<OwnedProperty, 'draft'>, language: Language): string {
  const title = property.draft.title as Partial<Record<Language, string>> | undefined;
  return title?.[language] || title?.[language === 'ar' ? 'en' : 'ar'] || '';
}
