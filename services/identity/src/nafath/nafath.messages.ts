import type { Language } from '@manzil/contracts';

/**
 * Field messages of the Nafath flow. To move to `contracts` (FIELD_MESSAGES) with the
 * screen's first use; kept here so the service does not edit contracts on its own.
 */
const MESSAGES = {
  'nafath.pending': {
    en: 'A Nafath request is already waiting. Please answer it in the Nafath app or wait until it expires.',
    ar: 'يوجد طلب نفاذ بانتظار الرد. يرجى الرد عليه في تطبيق نفاذ أو الانتظار حتى تنتهي صلاحيته.',
  },
  'nafath.verified': {
    en: 'Your account is already verified with Nafath.',
    ar: 'حسابك موثق بالفعل عبر نفاذ.',
  },
  'nafath.refused': {
    en: 'Nafath could not start a request for this national ID. Please try again later.',
    ar: 'تعذر على نفاذ بدء طلب لرقم الهوية هذا. يرجى المحاولة لاحقًا.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type NafathMessageKey = keyof typeof MESSAGES;

export function nafathMessage(key: NafathMessageKey, language: Language): string {
  return MESSAGES[key][language];
}
