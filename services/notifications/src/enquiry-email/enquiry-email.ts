import { ENQUIRY_TYPE_LABELS, type EnquiryType, type Language, type LocalizedText } from '@manzil/contracts';

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
 * The agent's e-mail for an enquiry, in the agent's language (`recipients.language`, from
 * identity's `identity.account.channels`; English until it is known).
 */
export function enquiryEmail(
  facts: EnquiryFacts,
  language: Language = 'en',
): { subject: string; text: string; html: string } {
  const label = ENQUIRY_TYPE_LABELS[facts.type];
  const { name, email, phone } = facts.customer;
  if (language === 'ar') {
    const title = facts.propertyTitle.ar || facts.propertyTitle.en;
    return render('ar', `${label.ar}: ${isolate(title)}`, [
      `${label.ar} من ${isolate(name)} بخصوص «${isolate(title)}».`,
      `البريد الإلكتروني: ${isolate(email)}`,
      `الجوال: ${isolate(phone)}`,
      ...(facts.message ? [`الرسالة: ${isolate(facts.message)}`] : []),
      'تواصل مع العميل، ثم حدِّد الاستفسار كمُجاب عليه في صفحة الاستفسارات في بوابة الوسيط.',
    ]);
  }
  const title = facts.propertyTitle.en || facts.propertyTitle.ar;
  return render('en', `${label.en}: ${title}`, [
    `${label.en} from ${name} about "${title}".`,
    `E-mail: ${email}`,
    `Phone: ${phone}`,
    ...(facts.message ? [`Message: ${facts.message}`] : []),
    'Reply to the customer, then mark the enquiry responded under Enquiries in your agent portal.',
  ]);
}

function render(language: Language, subject: string, lines: string[]) {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return {
    subject,
    text: `${lines.join('\n')}\n`,
    html: `<!doctype html><html lang="${language}" dir="${dir}"><body><div lang="${language}" dir="${dir}">${lines.map((l) => `<p>${escape(l)}</p>`).join('')}</div></body></html>`,
  };
}
