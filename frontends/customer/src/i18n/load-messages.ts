import type { Language } from '@manzil/contracts';

type Messages = Record<string, string>;

/*
 * The customer's messages, one language at a time: the page's language is fetched with the App
 * (this module starts it), the other one only when the visitor switches to it. Each language's
 * JSON is its own chunk (≈ 10 KB compressed), so the first load no longer carries both.
 */
const loading = new Map<Language, Promise<Messages>>();
const loaded = new Map<Language, Messages>();

export function loadCustomerMessages(language: Language): Promise<Messages> {
  let pending = loading.get(language);
  if (!pending) {
    pending = (
      language === 'ar'
        ? import(/* webpackChunkName: "messages-ar" */ './ar.json', { with: { type: 'json' } })
        : import(/* webpackChunkName: "messages-en" */ './en.json', { with: { type: 'json' } })
    ).then((module) => {
      loaded.set(language, module.default);
      return module.default;
    });
    // A failed load is tried again on the next render, not remembered.
    pending.catch(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** The messages if they are in already (no suspending then), else null. */
export function loadedCustomerMessages(language: Language): Messages | null {
  return loaded.get(language) ?? null;
}
