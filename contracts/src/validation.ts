import { z } from 'zod';
import { normalizeDigits, tidySpaces } from './text.js';
import { lazySchema } from './lazy-schema.js';

/**
 * Spec §5 rules, written once and used by the forms and the endpoints. Each zod message is
 * a key of VALIDATION_MESSAGES; `fieldMessage(key, language)` gives the text. English texts
 * in quotes in the spec are kept word for word.
 */
export const VALIDATION_MESSAGES = {
  'email.required': { en: 'Please enter email.', ar: 'يرجى إدخال البريد الإلكتروني.' },
  'email.invalid': { en: 'Please enter a valid email.', ar: 'يرجى إدخال بريد إلكتروني صحيح.' },
  'password.required': { en: 'Please enter password.', ar: 'يرجى إدخال كلمة المرور.' },
  'password.rule': {
    en: 'Password must contain uppercase and lowercase characters, numbers, special character and must be minimum 8 characters long.',
    ar: 'يجب أن تحتوي كلمة المرور على حرف لاتيني كبير وحرف لاتيني صغير ورقم ورمز خاص، وألا تقل عن 8 أحرف.',
  },
  'password.mismatch': {
    en: 'Password and confirm password does not match.',
    ar: 'كلمة المرور وتأكيد كلمة المرور غير متطابقتين.',
  },
  'password.same': {
    en: 'New password must be different from the old password.',
    ar: 'يجب أن تختلف كلمة المرور الجديدة عن القديمة.',
  },
  'name.required': { en: 'Please enter name.', ar: 'يرجى إدخال الاسم.' },
  'name.length': { en: 'Name must be 2 to 50 characters.', ar: 'يجب أن يتكون الاسم من 2 إلى 50 حرفًا.' },
  'nameAr.arabic': {
    en: 'Write the Arabic name in Arabic letters only.',
    ar: 'اكتب الاسم العربي بالحروف العربية فقط.',
  },
  'mobile.required': { en: 'Please enter mobile number.', ar: 'يرجى إدخال رقم الجوال.' },
  'mobile.invalid': {
    en: 'Mobile number must be 8 to 12 digits.',
    ar: 'يجب أن يتكون رقم الجوال من 8 إلى 12 رقمًا.',
  },
  'countryCode.invalid': { en: 'Please choose a country code.', ar: 'يرجى اختيار رمز الدولة.' },
  'otp.invalid': { en: 'Please enter the 4-digit OTP.', ar: 'يرجى إدخال رمز التحقق المكون من 4 أرقام.' },
  'terms.required': { en: 'Click Agree Before Submit', ar: 'يرجى الموافقة على الشروط والأحكام قبل الإرسال' },
  'orn.invalid': {
    en: 'Please enter ORN (at most 20 characters).',
    ar: 'يرجى إدخال رقم تسجيل المكتب (ORN)، 20 حرفًا كحد أقصى.',
  },
  'brn.invalid': {
    en: 'Please enter BRN (at most 12 characters).',
    ar: 'يرجى إدخال رقم تسجيل الوسيط (BRN)، 12 حرفًا كحد أقصى.',
  },
  'company.required': { en: 'Please select company.', ar: 'يرجى اختيار الشركة.' },
  'company.full': {
    en: 'This company has no free agent place: choose another company or register as a freelancer.',
    ar: 'لا تتوفر لدى هذه الشركة أماكن لوسطاء جدد: اختر شركة أخرى أو سجّل كوسيط مستقل.',
  },
  'picture.required': { en: 'Please upload profile picture.', ar: 'يرجى رفع الصورة الشخصية.' },
  'logo.required': { en: 'Please upload company logo.', ar: 'يرجى رفع شعار الشركة.' },
  'latitude.invalid': {
    en: 'Latitude must be between -90 and 90.',
    ar: 'يجب أن يكون خط العرض بين \u2066-90\u2069 و\u206690\u2069.',
  },
  'longitude.invalid': {
    en: 'Longitude must be between -180 and 180.',
    ar: 'يجب أن يكون خط الطول بين \u2066-180\u2069 و\u2066180\u2069.',
  },
  'text.required': { en: 'Please enter a value.', ar: 'يرجى إدخال قيمة.' },
  'nationalId.invalid': {
    en: 'Please enter a valid national ID (10 digits).',
    ar: 'يرجى إدخال رقم هوية صحيح (10 أرقام).',
  },
  'text.tooLong': { en: 'This text is too long.', ar: 'هذا النص طويل جدًا.' },
  'url.invalid': { en: 'Please enter a valid URL.', ar: 'يرجى إدخال رابط صحيح.' },
  'slug.invalid': {
    en: 'Please enter a valid slug (letters, digits and dashes).',
    ar: 'يرجى إدخال معرّف رابط صحيح (حروف وأرقام وشرطات).',
  },
  'slug.taken': {
    en: 'This slug is already used on this site.',
    ar: 'معرّف الرابط هذا مستخدم بالفعل على هذا الموقع.',
  },
  'rating.required': { en: 'Please rate the content', ar: 'يرجى تقييم المحتوى' },
  'message.required': { en: 'Please enter message.', ar: 'يرجى إدخال الرسالة.' },
  'complaintType.invalid': {
    en: 'Please choose complaint or suggestion.',
    ar: 'يرجى اختيار شكوى أو اقتراح.',
  },
  'reply.required': { en: 'Please enter a reply.', ar: 'يرجى إدخال الرد.' },
  'number.invalid': {
    en: 'Please enter numbers only (no special characters).',
    ar: 'يرجى إدخال أرقام فقط (دون رموز خاصة).',
  },
  'number.integer': { en: 'Please enter a whole number.', ar: 'يرجى إدخال عدد صحيح.' },
  'number.positive': { en: 'Please enter a number greater than 0.', ar: 'يرجى إدخال رقم أكبر من 0.' },
  'property.priceLength': {
    en: 'Price must be at most 10 characters.',
    ar: 'يجب ألا يزيد السعر على 10 خانات.',
  },
  'property.buaLength': {
    en: 'Built-up area must be 1 to 5 characters.',
    ar: 'يجب أن تتكون المساحة المبنية من خانة واحدة إلى 5 خانات.',
  },
  'property.url360': { en: 'Please enter a valid 360 URL.', ar: 'يرجى إدخال رابط صحيح للجولة 360.' },
  'property.titleRequired': { en: 'Please enter title.', ar: 'يرجى إدخال عنوان الإعلان.' },
  'property.titleArRequired': {
    en: 'Please enter the Arabic title.',
    ar: 'يرجى إدخال عنوان الإعلان بالعربية.',
  },
  'property.rentPrice': {
    en: 'Please enter at least one of daily, weekly, monthly or yearly price.',
    ar: 'يرجى إدخال سعر إيجار واحد على الأقل: يومي أو أسبوعي أو شهري أو سنوي.',
  },
  'regulator.dates': {
    en: 'Creation date must be before end date.',
    ar: 'يجب أن يكون تاريخ الإنشاء قبل تاريخ الانتهاء.',
  },
  'regulator.saudiOnly': {
    en: 'Ad licence fields are only for the Saudi site.',
    ar: 'حقول ترخيص الإعلان خاصة بالموقع السعودي فقط.',
  },
  'location.outsideAe': {
    en: 'Please choose a location inside the UAE.',
    ar: 'يرجى اختيار موقع داخل الإمارات العربية المتحدة.',
  },
  'location.outsideSa': {
    en: 'Please choose a location inside Saudi Arabia.',
    ar: 'يرجى اختيار موقع داخل المملكة العربية السعودية.',
  },
  'location.unknown': {
    en: 'Please choose a city, area, sub-community and building from the list.',
    ar: 'يرجى اختيار المدينة والمنطقة والحي والمبنى من القائمة.',
  },
  'date.invalid': { en: 'Please enter a valid date.', ar: 'يرجى إدخال تاريخ صحيح.' },
  'video.count': { en: 'You can add at most 2 videos.', ar: 'يمكنك إضافة مقطعي فيديو كحد أقصى.' },
  'video.url': { en: 'Please enter a valid video link.', ar: 'يرجى إدخال رابط فيديو صحيح.' },
  'video.type': { en: 'Only mp4 videos are allowed.', ar: 'يُسمح فقط بمقاطع فيديو MP4.' },
  'video.size': {
    en: 'The video must be smaller than 50 MB.',
    ar: 'يجب أن يكون حجم الفيديو أقل من 50 ميغابايت.',
  },
  'document.titleRequired': { en: 'Please enter document title.', ar: 'يرجى إدخال عنوان المستند.' },
  'document.type': {
    en: 'Only jpeg and pdf documents are allowed.',
    ar: 'يُسمح فقط بمستندات JPEG وPDF.',
  },
  'document.size': {
    en: 'The document must be smaller than 2 MB.',
    ar: 'يجب أن يكون حجم المستند أقل من 2 ميغابايت.',
  },
  'document.required': {
    en: 'Please upload at least one document.',
    ar: 'يرجى رفع مستند واحد على الأقل.',
  },
  'document.keepOne': {
    en: 'A listing sent for review or published keeps at least one document. Upload another one before you remove this one.',
    ar: 'يجب أن يبقى مستند واحد على الأقل في الإعلان المرسل للمراجعة أو المنشور. ارفع مستندًا آخر قبل حذف هذا المستند.',
  },
  'report.reasonRequired': { en: 'Please choose a reason.', ar: 'يرجى اختيار السبب.' },
  'report.userTypeRequired': { en: 'Please choose who you are.', ar: 'يرجى اختيار صفتك.' },
  'report.commentMin': {
    en: 'Please enter a comment (at least 5 characters).',
    ar: 'يرجى إدخال تعليق (5 أحرف على الأقل).',
  },
  'reject.reasonRequired': {
    en: 'Please enter the reason (at least 5 characters).',
    ar: 'يرجى إدخال السبب (5 أحرف على الأقل).',
  },
  'photo.min': { en: 'Please upload at least 6 photos.', ar: 'يرجى رفع 6 صور على الأقل.' },
  'photo.count': {
    en: 'You can upload at most 10 photos at a time.',
    ar: 'يمكنك رفع 10 صور كحد أقصى في كل مرة.',
  },
  'photo.order': {
    en: 'Please send every photo of the listing once.',
    ar: 'يرجى إرسال كل صور الإعلان مرة واحدة.',
  },
  'agent.notYours': {
    en: 'Please choose one of your agents.',
    ar: 'يرجى اختيار أحد وسطائك.',
  },
  'cms.saudiOnly': {
    en: 'This is only available on the Saudi site.',
    ar: 'هذا متاح فقط على الموقع السعودي.',
  },
  'range.minAboveMax': {
    en: 'The minimum must not be above the maximum.',
    ar: 'يجب ألا يتجاوز الحد الأدنى الحد الأقصى.',
  },
  'budget.minBelowMax': {
    en: 'Budget minimum must be below budget maximum.',
    ar: 'يجب أن يكون الحد الأدنى للميزانية أقل من الحد الأقصى للميزانية.',
  },
  'enquiry.typeRequired': {
    en: 'Please choose what you are asking about.',
    ar: 'يرجى اختيار نوع الاستفسار.',
  },
  'requirement.cityRequired': { en: 'Please choose a location.', ar: 'يرجى اختيار الموقع.' },
  'requirement.kindRequired': { en: 'Please choose a property type.', ar: 'يرجى اختيار نوع العقار.' },
  'requirement.requestTypeRequired': {
    en: 'Please choose whether you want to buy, rent or sell.',
    ar: 'يرجى اختيار الشراء أو الإيجار أو البيع.',
  },
  'requirement.categoryRequired': {
    en: 'Please choose residential or commercial.',
    ar: 'يرجى اختيار سكني أو تجاري.',
  },
  'requirement.financeRequired': {
    en: 'Please choose cash or mortgage.',
    ar: 'يرجى اختيار نقدًا أو تمويل عقاري.',
  },
  'requirement.agreementInvalid': {
    en: 'Please choose exclusive, non-exclusive or shared.',
    ar: 'يرجى اختيار حصري أو غير حصري أو مشترك.',
  },
  'requirement.userTypeRequired': {
    en: 'Please choose individual or corporate.',
    ar: 'يرجى اختيار فرد أو منشأة.',
  },
  'presentation.propertiesRequired': {
    en: 'Please choose at least one of your listings.',
    ar: 'يرجى اختيار إعلان واحد على الأقل من إعلاناتك.',
  },
  'presentation.tooMany': {
    en: 'A proposal can hold at most 20 listings.',
    ar: 'يمكن أن يضم العرض 20 إعلانًا كحد أقصى.',
  },
  'presentation.projectsRequired': {
    en: 'Please choose at least one project you may propose.',
    ar: 'يرجى اختيار مشروع واحد على الأقل يمكنك عرضه.',
  },
  'presentation.tooManyProjects': {
    en: 'A proposal can hold at most 20 projects.',
    ar: 'يمكن أن يضم العرض 20 مشروعًا كحد أقصى.',
  },
  'presentation.unitsInvalid': {
    en: 'Please pick only available units of the chosen projects.',
    ar: 'يرجى اختيار وحدات متاحة من المشاريع المختارة فقط.',
  },
  'presentation.tooManyUnits': {
    en: 'A proposal can pick at most 100 units.',
    ar: 'يمكن أن يضم العرض 100 وحدة كحد أقصى.',
  },
  'presentation.invalidUrl': { en: 'Invalid URL', ar: 'رابط غير صالح' },
  'bounds.incomplete': {
    en: 'Please give all four edges of the map area.',
    ar: 'يرجى تحديد حدود منطقة الخريطة الأربعة.',
  },
  'bounds.invalid': {
    en: 'The map area is not valid.',
    ar: 'منطقة الخريطة غير صالحة.',
  },
  'project.paymentPlanSum': {
    en: 'Booking, construction and handover must add up to 100%.',
    ar: 'يجب أن يكون مجموع الحجز والإنشاء والتسليم 100%.',
  },
  'project.availableUnits': {
    en: 'Available units cannot be more than the total units.',
    ar: 'لا يمكن أن تزيد الوحدات المتاحة على إجمالي الوحدات.',
  },
  'project.titleRequired': {
    en: 'Please enter the project name in English and Arabic.',
    ar: 'يرجى إدخال اسم المشروع بالإنجليزية والعربية.',
  },
  'project.developerRequired': {
    en: 'Please enter the developer.',
    ar: 'يرجى إدخال المطوّر العقاري.',
  },
  'project.notReady': {
    en: 'A project needs a name in both languages, a city, a delivery date and a starting price before it is published.',
    ar: 'يحتاج المشروع إلى اسم باللغتين ومدينة وموعد تسليم وسعر يبدأ من قبل نشره.',
  },
  'floorPlan.type': {
    en: 'The floor plan must be a jpeg image or a PDF file.',
    ar: 'يجب أن يكون المخطط صورة JPEG أو ملف PDF.',
  },
  'floorPlan.size': {
    en: 'The floor plan must be smaller than 2 MB.',
    ar: 'يجب أن يكون حجم المخطط أقل من 2 ميغابايت.',
  },
  'brochure.type': { en: 'The brochure must be a PDF file.', ar: 'يجب أن يكون الكتيّب ملف PDF.' },
  'brochure.size': {
    en: 'The brochure must be smaller than 10 MB.',
    ar: 'يجب أن يكون حجم الكتيّب أقل من 10 ميغابايت.',
  },
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

export const PASSWORD_SPECIALS = '#?!@$%^&*-';
/** 8 to 16, one upper, one lower, one digit, one of # ? ! @ $ % ^ & * - and nothing else. */
export const PASSWORD_PATTERN =
  /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[#?!@$%^&*-])[A-Za-z\d#?!@$%^&*-]{8,16}$/;
export const EMAIL_PATTERN = /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/i;
export const COUNTRY_CODES = ['+971', '+966'] as const;

const text = (value: unknown) => (typeof value === 'string' ? tidySpaces(value) : value);
const digits = (value: unknown) =>
  typeof value === 'string' ? normalizeDigits(value).replace(/[\s-]/g, '') : value;

export const emailSchema = lazySchema(() =>
  z
    .preprocess(
      text,
      z.string({ message: 'email.required' }).min(1, 'email.required').regex(EMAIL_PATTERN, 'email.invalid'),
    )
    .transform((value) => value.toLowerCase()),
);
export const passwordSchema = lazySchema(() =>
  z
    .string({ message: 'password.required' })
    .min(1, 'password.required')
    .regex(PASSWORD_PATTERN, 'password.rule'),
);
export const nameSchema = lazySchema(() =>
  z.preprocess(
    text,
    z
      .string({ message: 'name.required' })
      .min(1, 'name.required')
      .min(2, 'name.length')
      .max(50, 'name.length'),
  ),
);
/**
 * The Arabic form of a name (agents and companies: Arabic pages show it): Arabic letters,
 * spaces and the usual joiners, 2 to 50 characters; empty clears it (null).
 */
export const nameArSchema = lazySchema(() =>
  z.preprocess(
    text,
    z.union([
      z.literal('').transform(() => null),
      z
        .string()
        .min(2, 'name.length')
        .max(50, 'name.length')
        .regex(/^[\p{Script=Arabic}\s.'’-]+$/u, 'nameAr.arabic'),
    ]),
  ),
);
export const mobileSchema = lazySchema(() =>
  z.preprocess(
    digits,
    z
      .string({ message: 'mobile.required' })
      .min(1, 'mobile.required')
      .regex(/^\d{8,12}$/, 'mobile.invalid'),
  ),
);
export const countryCodeSchema = lazySchema(() => z.enum(COUNTRY_CODES, { message: 'countryCode.invalid' }));
export const otpSchema = lazySchema(() =>
  z.preprocess(digits, z.string({ message: 'otp.invalid' }).regex(/^\d{4}$/, 'otp.invalid')),
);
export const termsSchema = lazySchema(() => z.literal(true, { message: 'terms.required' }));
export const ornSchema = lazySchema(() =>
  z.preprocess(text, z.string().min(1, 'orn.invalid').max(20, 'orn.invalid')),
);
export const brnSchema = lazySchema(() =>
  z.preprocess(text, z.string().min(1, 'brn.invalid').max(12, 'brn.invalid')),
);
export const latitudeSchema = lazySchema(() =>
  z.coerce.number({ message: 'latitude.invalid' }).min(-90, 'latitude.invalid').max(90, 'latitude.invalid'),
);
export const longitudeSchema = lazySchema(() =>
  z.coerce
    .number({ message: 'longitude.invalid' })
    .min(-180, 'longitude.invalid')
    .max(180, 'longitude.invalid'),
);
export const nationalIdSchema = lazySchema(() =>
  z.preprocess(digits, z.string().regex(/^[12]\d{9}$/, 'nationalId.invalid')),
);

/** Adds the spec's confirm-password rule to a schema with `password` and `confirmPassword`. */
export function withConfirmedPassword<
  T extends z.ZodObject<{ password: z.ZodType; confirmPassword: z.ZodType }>,
>(schema: T) {
  return schema.refine((value) => value.password === value.confirmPassword, {
    message: 'password.mismatch',
    path: ['confirmPassword'],
  });
}
