import { ENQUIRY_TYPE_LABELS, type EnquiryType, type LocalizedText } from '@manzil/contracts';

export interface EnquiryFacts {
  type: EnquiryType;
  propertyTitle: LocalizedText;
  customer: { name: string; email: string; phone: string };
  message: string | null;
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** Names and placeholders inside Arabic text are isolated (FSI … PDI) so a Latin name keeps its order. */
const isolate = (text: string) => `\u2068${text}\u2069`;

/**
 * The agent's e-mail for an enquiry. Identity's events carry no language for the agent's
 * contact, so the e-mail says it in both languages: English first, then Arabic (rtl).
 */
export function enquiryEmail(facts: EnquiryFacts): { subject: string; text: string; html: string } {
  const label = ENQUIRY_TYPE_LABELS[facts.type];
  const titleEn = facts.propertyTitle.en || facts.propertyTitle.ar;
  const titleAr = facts.propertyTitle.ar || facts.propertyTitle.en;
  const { name, email, phone } = facts.customer;
  const en = [
    `${label.en} from ${name} about "${titleEn}".`,
    `E-mail: ${email}`,
    `Phone: ${phone}`,
    ...(facts.message ? [`Message: ${facts.message}`] : []),
    'Reply to the customer, then mark the enquiry responded under Enquiries in your agent portal.',
  ];
  const ar = [
    `${label.ar} من ${isolate(name)} بخصوص «${isolate(titleAr)}».`,
    `البريد الإلكتروني: ${isolate(email)}`,
    `الجوال: ${isolate(phone)}`,
    ...(facts.message ? [`الرسالة: ${isolate(facts.message)}`] : []),
    'تواصل مع العميل، ثم حدِّد الاستفسار كمُجاب عليه في صفحة الاستفسارات في بوابة الوسيط.',
  ];
  const block = (lines: string[], lang: 'en' | 'ar') =>
    `<div lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">${lines.map((l) => `<p>${escape(l)}</p>`).join('')}</div>`;
  return {
    subject: `${label.en}: ${titleEn} | ${label.ar}: ${titleAr}`,
    text: `${en.join('\n')}\n\n${ar.join('\n')}\n`,
    html: `<!doctype html><html><body>${block(en, 'en')}<hr>${block(ar, 'ar')}</body></html>`,
  };
}
