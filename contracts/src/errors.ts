import type { Language } from './site.js';
import { HOURS, countPhrase } from './plural.js';
import { VALIDATION_MESSAGES } from './validation.js';
import { REGA_MESSAGES } from './rega.js';
import { MORTGAGE_MESSAGES } from './mortgage.js';
import { AUCTION_ERROR_MESSAGES, AUCTION_FIELD_MESSAGES } from './auction-messages.js';
import { PAYMENT_ERROR_MESSAGES } from './payment-messages.js';
import { ENGAGEMENT_ERROR_MESSAGES, ENGAGEMENT_FIELD_MESSAGES } from './engagement-messages.js';
import { ADMIN_CONSOLE_ERROR_MESSAGES, ADMIN_CONSOLE_FIELD_MESSAGES } from './admin-console-messages.js';
import { SAVED_SEARCH_ERROR_MESSAGES, SAVED_SEARCH_FIELD_MESSAGES } from './saved-search-messages.js';

/**
 * Error codes with their message in each language. Services throw `AppException(code)`;
 * the exception filter turns it into the envelope with the message in the request's
 * language. Spec §8 messages are kept word for word.
 */
export const ERROR_MESSAGES = {
  SOMETHING_WENT_WRONG: { en: 'Something went wrong', ar: 'حدث خطأ ما' },
  VALIDATION_FAILED: { en: 'Please check the highlighted fields.', ar: 'يرجى التحقق من الحقول المحددة.' },
  NOT_FOUND: { en: 'No Record Found', ar: 'لم يتم العثور على سجل' },
  NO_DATA_FOUND: { en: 'No Data Found', ar: 'لا توجد بيانات' },
  UNAUTHORIZED: { en: 'Please log in to continue.', ar: 'يرجى تسجيل الدخول للمتابعة.' },
  FORBIDDEN: { en: 'You are not allowed to do this.', ar: 'غير مسموح لك بهذا الإجراء.' },
  SESSION_CONFLICT: {
    en: 'Your session has ended. Please log in again.',
    ar: 'انتهت جلستك. يرجى تسجيل الدخول مرة أخرى.',
  },
  RATE_LIMITED: {
    en: 'Too many requests. Please try again later.',
    ar: 'طلبات كثيرة جدًا. يرجى المحاولة لاحقًا.',
  },
  SERVICE_UNAVAILABLE: {
    en: 'Something wrong, please try again later',
    ar: 'حدث خطأ، يرجى المحاولة لاحقًا',
  },
  SITE_MISMATCH: { en: 'This is not available on this site.', ar: 'هذا غير متاح على هذا الموقع.' },
  /** A request no handler should see: control characters or a broken encoding in its address, a body nested absurdly deep. */
  INVALID_REQUEST: { en: 'This request is not valid.', ar: 'هذا الطلب غير صالح.' },
  // Identity (sign-in, OTP, accounts, company agents).
  INVALID_CREDENTIALS: {
    en: 'Invalid mobile number or password.',
    ar: 'رقم الجوال أو كلمة المرور غير صحيحة.',
  },
  OTP_EXPIRED: {
    en: 'The OTP has expired. Please request a new one.',
    ar: 'انتهت صلاحية رمز التحقق. يرجى طلب رمز جديد.',
  },
  OTP_INVALID: { en: 'The OTP is incorrect.', ar: 'رمز التحقق غير صحيح.' },
  OTP_LOCKED: {
    en: 'Too many wrong attempts. Please request a new OTP when this one expires.',
    ar: 'محاولات خاطئة كثيرة. يرجى طلب رمز جديد بعد انتهاء صلاحية هذا الرمز.',
  },
  OTP_LOCKED_DAY: {
    en: 'Too many wrong codes for this number. For your security, codes for it are blocked for 24 hours.',
    ar: 'رموز خاطئة كثيرة لهذا الرقم. حفاظًا على أمانك، أُوقفت رموزه لمدة 24 ساعة.',
  },
  OTP_COOLDOWN: {
    en: 'Please wait before requesting a new OTP.',
    ar: 'يرجى الانتظار قبل طلب رمز تحقق جديد.',
  },
  ACCOUNT_UNVERIFIED: {
    en: 'Your mobile number is not verified. We have sent you an OTP.',
    ar: 'رقم جوالك غير مُتحقق منه. أرسلنا لك رمز تحقق.',
  },
  ACCOUNT_INACTIVE: {
    en: 'Your account is inactive. Please contact your company or us.',
    ar: 'حسابك غير نشط. يرجى التواصل مع شركتك أو معنا.',
  },
  SUBSCRIPTION_REQUIRED_AGENT: {
    en: 'You have to buy subscription to add agent',
    ar: 'يجب عليك شراء اشتراك لإضافة وسيط',
  },
  AGENT_LIMIT_REACHED: {
    en: 'You have reached the number of agents your plan allows.',
    ar: 'لقد وصلت إلى عدد الوسطاء المسموح به في باقتك.',
  },
  DUPLICATE_ACCOUNT: {
    en: 'An account with this mobile number or email already exists.',
    ar: 'يوجد حساب بهذا الرقم أو البريد الإلكتروني بالفعل.',
  },
  INVALID_RESET_TOKEN: {
    en: 'This password reset link has expired. Please start again.',
    ar: 'انتهت صلاحية طلب إعادة تعيين كلمة المرور. يرجى البدء من جديد.',
  },
  WRONG_PASSWORD: { en: 'The old password is incorrect.', ar: 'كلمة المرور القديمة غير صحيحة.' },
  // Listings (who may add a property, the approval workflow).
  NAFATH_REQUIRED_PROPERTY: {
    en: 'You have to verify from Nafath to add property',
    ar: 'يجب عليك التحقق عبر نفاذ لإضافة عقار',
  },
  SUBSCRIPTION_REQUIRED_PROPERTY: {
    en: 'You have to buy subscription from Home Page to add property.',
    ar: 'يجب عليك شراء اشتراك من الصفحة الرئيسية لإضافة عقار.',
  },
  COMPANY_NEEDS_AGENT: {
    en: 'Please add at least one agent before adding a property.',
    ar: 'يرجى إضافة وسيط واحد على الأقل قبل إضافة عقار.',
  },
  REGA_UNAVAILABLE: {
    en: 'We could not reach the Real Estate General Authority to check the ad licence. Your listing is saved; please try again in a few minutes.',
    ar: 'تعذر الوصول إلى الهيئة العامة للعقار للتحقق من ترخيص الإعلان. تم حفظ إعلانك؛ يرجى المحاولة مرة أخرى بعد دقائق.',
  },
  TRANSITION_NOT_ALLOWED: {
    en: 'This listing cannot do that in its current status.',
    ar: 'لا يمكن تنفيذ هذا الإجراء على الإعلان في حالته الحالية.',
  },
  GOOGLE_LINK_EXPIRED: {
    en: 'This Google sign-in has expired. Please continue with Google again.',
    ar: 'انتهت صلاحية تسجيل الدخول عبر Google. يرجى المتابعة عبر Google من جديد.',
  },
  GOOGLE_LINK_PASSWORD_INVALID: {
    en: 'The password is incorrect. It is the password of the Manzil account, not your Google one.',
    ar: 'كلمة المرور غير صحيحة. المطلوب كلمة مرور حساب منزل، لا كلمة مرور Google.',
  },
  GOOGLE_LINK_PROOF_UNAVAILABLE: {
    en: 'This way of proving the account is not available for it.',
    ar: 'طريقة إثبات الحساب هذه غير متاحة له.',
  },
  ...AUCTION_ERROR_MESSAGES,
  ...PAYMENT_ERROR_MESSAGES,
  ...ENGAGEMENT_ERROR_MESSAGES,
  ...SAVED_SEARCH_ERROR_MESSAGES,
  ...ADMIN_CONSOLE_ERROR_MESSAGES,
} as const satisfies Record<string, Record<Language, string>>;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERROR_MESSAGES[code][language];
}

/**
 * Field messages used as zod `message` keys in contracts' schemas. The validation pipe
 * turns a key into the text of the request's language; a plain zod message that is not a
 * key falls back to a generic text in Arabic.
 */
export const FIELD_MESSAGES: Record<string, Record<Language, string>> = {
  required: { en: 'This field is required.', ar: 'هذا الحقل مطلوب.' },
  invalid: { en: 'Invalid value.', ar: 'قيمة غير صالحة.' },
  ...VALIDATION_MESSAGES,
  ...REGA_MESSAGES,
  ...MORTGAGE_MESSAGES,
  'mobile.taken': { en: 'This mobile number is already registered.', ar: 'رقم الجوال هذا مسجل بالفعل.' },
  'email.taken': { en: 'This email is already registered.', ar: 'البريد الإلكتروني هذا مسجل بالفعل.' },
  'file.required': { en: 'Please choose a file.', ar: 'يرجى اختيار ملف.' },
  'file.type': {
    en: 'Only jpeg, png, jpg and gif images are allowed.',
    ar: 'يُسمح فقط بصور JPEG وPNG وJPG وGIF.',
  },
  'file.size': { en: 'The file must be smaller than 2 MB.', ar: 'يجب أن يكون حجم الملف أقل من 2 ميغابايت.' },
  'password.wrong': { en: 'The old password is incorrect.', ar: 'كلمة المرور القديمة غير صحيحة.' },
  'text.characters': {
    en: 'This contains characters that are not allowed.',
    ar: 'يحتوي هذا على أحرف غير مسموح بها.',
  },
  ...AUCTION_FIELD_MESSAGES,
  ...ENGAGEMENT_FIELD_MESSAGES,
  ...SAVED_SEARCH_FIELD_MESSAGES,
  ...ADMIN_CONSOLE_FIELD_MESSAGES,
};

/**
 * The field message of OTP_LOCKED_DAY: how long until codes for the number work again,
 * in whole hours rounded up (at least one).
 */
export function otpLockedForMessage(seconds: number, language: Language): string {
  const hours = Math.max(1, Math.ceil(seconds / 3600));
  const phrase = countPhrase(hours, language, HOURS);
  return language === 'en' ? `Try again in ${phrase}.` : `حاول مرة أخرى بعد ${phrase}.`;
}

export function fieldMessage(message: string, language: Language): string {
  const known = FIELD_MESSAGES[message];
  if (known) return known[language];
  return language === 'ar' ? FIELD_MESSAGES.invalid.ar : message;
}
