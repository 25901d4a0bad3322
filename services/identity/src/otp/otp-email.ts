import { MINUTES, countPhrase, type Language } from '@manzil/contracts';
import type { OutgoingEmail } from '@manzil/nest-kit/base';

const TEXTS: Record<
  Language,
  { subject: string; heading: string; intro: string; expires: (minutes: number) => string; ignore: string }
> = {
  en: {
    subject: 'Your Manzil e-mail verification code',
    heading: 'Verify your e-mail',
    intro: 'Enter this code in Manzil to verify your e-mail address:',
    expires: (minutes) =>
      `It expires in ${countPhrase(minutes, 'en', MINUTES)}. Do not share it with anyone.`,
    ignore: 'If you did not ask for it, you can ignore this e-mail.',
  },
  ar: {
    subject: 'رمز التحقق من بريدك الإلكتروني في منزل',
    heading: 'تحقق من بريدك الإلكتروني',
    intro: 'أدخل هذا الرمز في منزل للتحقق من عنوان بريدك الإلكتروني:',
    expires: (minutes) => `تنتهي صلاحيته خلال ${countPhrase(minutes, 'ar', MINUTES)}. لا تشاركه مع أحد.`,
    ignore: 'إذا لم تطلب هذا الرمز، يمكنك تجاهل هذه الرسالة.',
  },
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The e-mail carrying a verification code, in the account's language: a plain-text part (the
 * code first, so a mail reader and the sandbox find it) and a simple HTML part (rtl in Arabic).
 */
export function emailOtpMessage(
  language: Language,
  code: string,
  minutes: number,
): Omit<OutgoingEmail, 'to'> {
  const t = TEXTS[language];
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const text = `${code} — ${t.intro}\n\n${code}\n\n${t.expires(minutes)}\n${t.ignore}\n\nManzil | منزل`;
  const html = `<!doctype html>
<html lang="${language}" dir="${dir}">
<body style="margin:0;padding:24px;background:#f5f7f6;font-family:Arial,Helvetica,sans-serif;color:#1d2b25">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:12px;padding:24px;text-align:start">
<h1 style="font-size:20px;margin:0 0 12px">${escape(t.heading)}</h1>
<p style="margin:0 0 16px">${escape(t.intro)}</p>
<p dir="ltr" style="font-size:32px;letter-spacing:8px;font-weight:bold;margin:0 0 16px;text-align:center">${escape(code)}</p>
<p style="margin:0 0 8px;color:#4a5a53">${escape(t.expires(minutes))}</p>
<p style="margin:0;color:#4a5a53">${escape(t.ignore)}</p>
</div>
</body>
</html>`;
  return { subject: t.subject, text, html };
}
