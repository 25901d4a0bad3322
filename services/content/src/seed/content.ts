import {
  contentMediaUrl,
  DUBAI_MORTGAGE_FEES,
  MORTGAGE_LIMITS,
  type BannerInput,
  type CommunityInput,
  type FaqInput,
  type MenuInput,
  type MortgageSettings,
  type CmsPageInput,
  type Site,
  type UpdateAdminInfo,
  listingPagePath,
} from '@manzil/contracts';
import { SEED_FACTS } from './site-facts.js';

type Seed<T> = Omit<T, 'published' | 'position'>;

export function seedPages(site: Site): Seed<CmsPageInput>[] {
  const f = SEED_FACTS[site];
  return [
    {
      slug: 'about-us',
      publicSlug: 'about-us',
      publicSlugAr: 'من-نحن',
      title: { en: 'About Manzil', ar: 'عن منزل' },
      body: {
        en: `Manzil (منزل, "home") helps people in ${f.country.en} buy, rent and invest in property with confidence.\n\n## What we do\n\n- Verified listings from licensed agents and companies.\n- New projects, auctions and area guides.\n- Tools such as the mortgage calculator and saved searches.\n\n## Our promise\n\nEvery listing is reviewed before it goes live, and every agent is licensed by ${f.regulator.en}.`,
        ar: `يساعد منزل الناس في ${f.country.ar} على شراء العقارات واستئجارها والاستثمار فيها بثقة.\n\n## ماذا نقدم\n\n- إعلانات موثقة من وسطاء وشركات مرخّصة.\n- مشاريع جديدة ومزادات وأدلة للمناطق.\n- أدوات مثل حاسبة التمويل العقاري وحفظ عمليات البحث.\n\n## وعدنا\n\nنراجع كل إعلان قبل نشره، وكل وسيط مرخّص من ${f.regulator.ar}.`,
      },
    },
    {
      slug: 'terms-and-conditions',
      publicSlug: 'terms-and-conditions',
      publicSlugAr: 'الشروط-والأحكام',
      title: { en: 'Terms and conditions', ar: 'الشروط والأحكام' },
      body: {
        en: `By using Manzil you agree to these terms.\n\n## Accounts\n\nYou are responsible for your account and for what you publish. Agents and companies must hold a valid licence from ${f.regulator.en}.\n\n## Listings\n\nListings must be accurate, current and lawful. We may reject or remove a listing that is not.\n\n## Payments\n\nSubscriptions and bid fees are charged in ${f.currency.en} and are governed by the plan you choose.\n\n## Contact\n\nQuestions about these terms: [contact us](/contact-us).`,
        ar: `باستخدامك منزل فإنك توافق على هذه الشروط.\n\n## الحسابات\n\nأنت مسؤول عن حسابك وعما تنشره. يجب أن يحمل الوسطاء والشركات ترخيصاً سارياً من ${f.regulator.ar}.\n\n## الإعلانات\n\nيجب أن تكون الإعلانات دقيقة وحديثة ونظامية، ويحق لنا رفض أو إزالة ما يخالف ذلك.\n\n## المدفوعات\n\nتُحصّل الاشتراكات ورسوم المزايدة بال${f.currency.ar} وفق الخطة التي تختارها.\n\n## التواصل\n\nللاستفسار عن هذه الشروط: [تواصل معنا](/contact-us).`,
      },
    },
    {
      slug: 'privacy-policy',
      publicSlug: 'privacy-policy',
      publicSlugAr: 'سياسة-الخصوصية',
      title: { en: 'Privacy policy', ar: 'سياسة الخصوصية' },
      body: {
        en: `We collect only what we need to run Manzil.\n\n## What we collect\n\n- Account details: name, email, mobile.\n- What you search for and save, to improve results.\n\n## What we do not do\n\nWe do not sell your data. Agents see your details only when you contact them.\n\n## Your rights\n\nYou can download or delete your account at any time from your profile.`,
        ar: `نجمع فقط ما نحتاجه لتشغيل منزل.\n\n## ما نجمعه\n\n- بيانات الحساب: الاسم والبريد الإلكتروني والجوال.\n- ما تبحث عنه وتحفظه لتحسين النتائج.\n\n## ما لا نفعله\n\nلا نبيع بياناتك، ولا يرى الوسطاء بياناتك إلا عندما تتواصل معهم.\n\n## حقوقك\n\nيمكنك تنزيل بيانات حسابك أو حذفه في أي وقت من ملفك الشخصي.`,
      },
    },
  ];
}

/** The same menu on both sites (the Arabic links use the Arabic listing paths). */
export function seedMenus(): Seed<MenuInput>[] {
  return [
    {
      name: { en: 'Buy', ar: 'شراء' },
      link: { en: '/buy/properties-for-sale', ar: '/شراء/عقارات-للبيع' },
      menuSlug: 'buy',
    },
    {
      name: { en: 'Rent', ar: 'إيجار' },
      link: { en: '/rent/properties-for-rent', ar: '/إيجار/عقارات-للإيجار' },
      menuSlug: 'rent',
    },
    {
      name: { en: 'Commercial', ar: 'تجاري' },
      link: { en: '/commercial/properties-for-sale', ar: '/تجاري/عقارات-للبيع' },
      menuSlug: 'commercial-buy',
    },
    {
      name: { en: 'New projects', ar: 'مشاريع جديدة' },
      link: { en: '/new-real-estate-projects', ar: '/مشاريع-عقارية-جديدة' },
      menuSlug: 'new-projects',
    },
    {
      name: { en: 'Auctions', ar: 'المزادات' },
      link: { en: '/properties-for-auction', ar: '/عقارات-في-المزاد' },
      menuSlug: 'auctions',
    },
    {
      name: { en: 'Find agent', ar: 'ابحث عن وسيط' },
      link: { en: '/find-real-estate-agent', ar: '/find-real-estate-agent' },
      menuSlug: 'find-agent',
    },
    { name: { en: 'Blog', ar: 'المدونة' }, link: { en: '/blog', ar: '/blog' }, menuSlug: 'blog' },
  ];
}

export function seedFaqs(site: Site): Seed<FaqInput>[] {
  const f = SEED_FACTS[site];
  return [
    {
      category: 'general',
      question: { en: 'Is Manzil free to use?', ar: 'هل استخدام منزل مجاني؟' },
      answer: {
        en: 'Searching, saving properties and contacting agents is free. Agents and companies pay for listing plans.',
        ar: 'البحث وحفظ العقارات والتواصل مع الوسطاء مجاني. يدفع الوسطاء والشركات مقابل خطط الإعلان.',
      },
    },
    {
      category: 'buying',
      question: { en: 'How much down payment do I need?', ar: 'كم أحتاج من دفعة أولى؟' },
      answer: {
        en: `Banks in ${f.country.en} usually ask first-time buyers for at least ${f.minDown}% of the price, plus fees.`,
        ar: `تطلب البنوك في ${f.country.ar} عادة من المشترين لأول مرة ${f.minDown}% على الأقل من السعر إضافة إلى الرسوم.`,
      },
    },
    {
      category: 'buying',
      question: { en: 'What fees are paid when buying?', ar: 'ما الرسوم المدفوعة عند الشراء؟' },
      answer: {
        en: `Expect the ${f.transferFee.en}, the agency fee, and mortgage registration and valuation if you borrow.`,
        ar: `توقع ${f.transferFee.ar} وعمولة الوسيط، ورسوم تسجيل الرهن والتقييم إن كنت تموّل الشراء.`,
      },
    },
    {
      category: 'renting',
      question: { en: 'Do I need to register my tenancy contract?', ar: 'هل يجب تسجيل عقد الإيجار؟' },
      answer: {
        en: `Yes. Tenancy contracts are registered on ${f.tenancyRegister.en}; your agent or landlord can do it for you.`,
        ar: `نعم، تُسجّل عقود الإيجار في ${f.tenancyRegister.ar}، ويمكن للوسيط أو المالك القيام بذلك عنك.`,
      },
    },
    {
      category: 'renting',
      question: { en: 'How is rent usually paid?', ar: 'كيف تُدفع الإيجارات عادة؟' },
      answer: {
        en: 'Yearly rent is often split into one to twelve payments; the number is agreed in the contract.',
        ar: 'يُقسّم الإيجار السنوي غالباً على دفعة واحدة إلى اثنتي عشرة دفعة، ويُتفق على العدد في العقد.',
      },
    },
    {
      category: 'selling',
      question: { en: 'How do I list my property?', ar: 'كيف أعلن عن عقاري؟' },
      answer: {
        en: 'Work with a licensed agent or company on Manzil. Listings are reviewed by our team before they go live.',
        ar: 'تعامل مع وسيط أو شركة مرخّصة على منزل. يراجع فريقنا الإعلانات قبل نشرها.',
      },
    },
    {
      category: 'agents',
      question: { en: 'Are the agents on Manzil licensed?', ar: 'هل الوسطاء على منزل مرخّصون؟' },
      answer: {
        en: `Yes. Every agent and company is licensed by ${f.regulator.en}.`,
        ar: `نعم، كل وسيط وشركة مرخّصون من ${f.regulator.ar}.`,
      },
    },
    {
      category: 'payments',
      question: { en: 'Which payment methods are accepted?', ar: 'ما طرق الدفع المقبولة؟' },
      answer: {
        en: `Cards (Visa, Mastercard) in ${f.currency.en}. Receipts are emailed after each payment.`,
        ar: `البطاقات (فيزا وماستركارد) بال${f.currency.ar}. نرسل الإيصال بالبريد بعد كل دفعة.`,
      },
    },
    {
      category: 'account',
      question: { en: 'How do I delete my account?', ar: 'كيف أحذف حسابي؟' },
      answer: {
        en: 'Open your profile, choose delete account and confirm with the code we send to your mobile.',
        ar: 'افتح ملفك الشخصي واختر حذف الحساب ثم أكّد بالرمز المرسل إلى جوالك.',
      },
    },
  ];
}

export function seedBanners(site: Site): Seed<BannerInput>[] {
  const f = SEED_FACTS[site];
  return [
    {
      placement: 'home',
      title: { en: `Find your home in ${f.country.en}`, ar: `ابحث عن منزلك في ${f.country.ar}` },
      subtitle: {
        en: 'Verified listings from licensed agents, in English and Arabic.',
        ar: 'إعلانات موثقة من وسطاء مرخّصين، بالعربية والإنجليزية.',
      },
      ctaLabel: { en: 'Start searching', ar: 'ابدأ البحث' },
      link: { en: '/buy/properties-for-sale', ar: '/شراء/عقارات-للبيع' },
      imageUrl: contentMediaUrl('banner-home.svg'),
      imageUrlAr: null,
    },
    {
      placement: 'ad',
      title: { en: 'New launches with payment plans', ar: 'مشاريع جديدة بخطط سداد ميسرة' },
      subtitle: {
        en: 'Book with 10% and pay the rest on handover.',
        ar: 'احجز بـ 10% وادفع الباقي عند التسليم.',
      },
      ctaLabel: { en: 'See new projects', ar: 'تصفح المشاريع الجديدة' },
      link: { en: '/new-real-estate-projects', ar: '/مشاريع-عقارية-جديدة' },
      imageUrl: contentMediaUrl('banner-ad.svg'),
      imageUrlAr: null,
    },
    {
      placement: 'side',
      title: { en: 'Know your budget', ar: 'اعرف ميزانيتك' },
      subtitle: { en: 'Try the mortgage calculator.', ar: 'جرّب حاسبة التمويل العقاري.' },
      ctaLabel: { en: 'Calculate', ar: 'احسب' },
      link: {
        en: listingPagePath('mortgage-calculator', 'en'),
        ar: listingPagePath('mortgage-calculator', 'ar'),
      },
      imageUrl: contentMediaUrl('banner-side-1.svg'),
      imageUrlAr: null,
    },
    {
      placement: 'side',
      title: { en: 'Bid on property auctions', ar: 'زايد على العقارات في المزاد' },
      subtitle: { en: 'Live auctions every week.', ar: 'مزادات مباشرة كل أسبوع.' },
      ctaLabel: { en: 'View auctions', ar: 'عرض المزادات' },
      link: { en: '/properties-for-auction', ar: '/عقارات-في-المزاد' },
      imageUrl: contentMediaUrl('banner-side-2.svg'),
      imageUrlAr: null,
    },
  ];
}

const dubai = { en: 'Dubai', ar: 'دبي' };
const abuDhabi = { en: 'Abu Dhabi', ar: 'أبوظبي' };
const riyadh = { en: 'Riyadh', ar: 'الرياض' };
const jeddah = { en: 'Jeddah', ar: 'جدة' };

function community(
  slug: string,
  slugAr: string,
  name: { en: string; ar: string },
  city: { en: string; ar: string },
  citySlug: string,
  latitude: number,
  longitude: number,
  summary: { en: string; ar: string },
  highlights: { en: string; ar: string }[],
): Seed<CommunityInput> {
  return {
    slug,
    slugAr,
    name,
    city,
    citySlug,
    summary,
    description: {
      en: `## Living in ${name.en}\n\n${summary.en}\n\n## Getting around\n\n${name.en} is in ${city.en}; main roads and services are a short drive away.\n\n## Who it suits\n\n- Buyers looking for long-term value.\n- Tenants who want a settled community.`,
      ar: `## العيش في ${name.ar}\n\n${summary.ar}\n\n## التنقل\n\nتقع ${name.ar} في ${city.ar}، والطرق الرئيسية والخدمات على مسافة قصيرة بالسيارة.\n\n## لمن تناسب\n\n- المشترين الباحثين عن قيمة طويلة الأمد.\n- المستأجرين الراغبين في مجتمع مستقر.`,
    },
    highlights,
    coverImage: contentMediaUrl(`community-${slug}.svg`),
    latitude,
    longitude,
  };
}

export function seedCommunities(site: Site): Seed<CommunityInput>[] {
  if (site === 'ae') {
    return [
      community(
        'dubai-marina',
        'دبي-مارينا',
        { en: 'Dubai Marina', ar: 'دبي مارينا' },
        dubai,
        'dubai',
        25.0805,
        55.1403,
        {
          en: 'A waterfront district of towers around a 3 km canal, with the Marina Walk and JBR beach.',
          ar: 'حي على الواجهة المائية من الأبراج حول قناة بطول 3 كم، مع ممشى المارينا وشاطئ جي بي آر.',
        },
        [
          { en: 'Marina Walk and JBR beach', ar: 'ممشى المارينا وشاطئ جي بي آر' },
          { en: 'Tram and metro stations', ar: 'محطات الترام والمترو' },
          { en: 'High rental demand', ar: 'طلب مرتفع على الإيجار' },
        ],
      ),
      community(
        'downtown-dubai',
        'وسط-مدينة-دبي',
        { en: 'Downtown Dubai', ar: 'وسط مدينة دبي' },
        dubai,
        'dubai',
        25.1972,
        55.2744,
        {
          en: 'Home of Burj Khalifa and The Dubai Mall, with apartments overlooking the fountain.',
          ar: 'موطن برج خليفة ودبي مول، مع شقق تطل على النافورة.',
        },
        [
          { en: 'Burj Khalifa and The Dubai Mall', ar: 'برج خليفة ودبي مول' },
          { en: 'Boulevard dining', ar: 'مطاعم البوليفارد' },
          { en: 'Metro access', ar: 'قرب المترو' },
        ],
      ),
      community(
        'jumeirah-village-circle',
        'قرية-جميرا-الدائرية',
        { en: 'Jumeirah Village Circle', ar: 'قرية جميرا الدائرية' },
        dubai,
        'dubai',
        25.0607,
        55.2094,
        {
          en: 'A family community of apartments, townhouses and villas around parks, at accessible prices.',
          ar: 'مجتمع عائلي من الشقق والتاون هاوس والفلل حول الحدائق بأسعار مناسبة.',
        },
        [
          { en: 'Over 30 parks', ar: 'أكثر من 30 حديقة' },
          { en: 'Schools nearby', ar: 'مدارس قريبة' },
          { en: 'Good rental yields', ar: 'عوائد إيجار جيدة' },
        ],
      ),
      community(
        'palm-jumeirah',
        'نخلة-جميرا',
        { en: 'Palm Jumeirah', ar: 'نخلة جميرا' },
        dubai,
        'dubai',
        25.1124,
        55.139,
        {
          en: 'The palm-shaped island of beachfront villas, hotels and apartments.',
          ar: 'الجزيرة على شكل نخلة بفللها الشاطئية وفنادقها وشققها.',
        },
        [
          { en: 'Private beaches', ar: 'شواطئ خاصة' },
          { en: 'Luxury villas on the fronds', ar: 'فلل فاخرة على السعف' },
          { en: 'Monorail', ar: 'القطار الأحادي' },
        ],
      ),
      community(
        'al-reem-island',
        'جزيرة-الريم',
        { en: 'Al Reem Island', ar: 'جزيرة الريم' },
        abuDhabi,
        'abu-dhabi',
        24.4991,
        54.4058,
        {
          en: 'A residential island next to central Abu Dhabi with high-rise living and a waterfront promenade.',
          ar: 'جزيرة سكنية بجوار وسط أبوظبي بأبراج سكنية وممشى على الواجهة المائية.',
        },
        [
          { en: 'Freehold for expatriates', ar: 'تملك حر للمقيمين' },
          { en: 'Reem Central Park', ar: 'حديقة الريم المركزية' },
          { en: 'Minutes from downtown', ar: 'دقائق من وسط المدينة' },
        ],
      ),
      community(
        'saadiyat-island',
        'جزيرة-السعديات',
        { en: 'Saadiyat Island', ar: 'جزيرة السعديات' },
        abuDhabi,
        'abu-dhabi',
        24.5373,
        54.4343,
        {
          en: 'The cultural district of Abu Dhabi, with Louvre Abu Dhabi, beaches and villas.',
          ar: 'المنطقة الثقافية في أبوظبي، مع متحف اللوفر أبوظبي والشواطئ والفلل.',
        },
        [
          { en: 'Louvre Abu Dhabi', ar: 'متحف اللوفر أبوظبي' },
          { en: 'Saadiyat beach', ar: 'شاطئ السعديات' },
          { en: 'International schools', ar: 'مدارس دولية' },
        ],
      ),
    ];
  }
  return [
    community(
      'al-malqa',
      'الملقا',
      { en: 'Al Malqa', ar: 'الملقا' },
      riyadh,
      'riyadh',
      24.8118,
      46.6136,
      {
        en: 'A sought-after northern Riyadh district of villas and new apartments near King Fahd Road.',
        ar: 'حي مرغوب في شمال الرياض من الفلل والشقق الحديثة قرب طريق الملك فهد.',
      },
      [
        { en: 'Near King Fahd Road', ar: 'قرب طريق الملك فهد' },
        { en: 'Cafés and restaurants', ar: 'مقاهٍ ومطاعم' },
        { en: 'Family villas', ar: 'فلل عائلية' },
      ],
    ),
    community(
      'hittin',
      'حطين',
      { en: 'Hittin', ar: 'حطين' },
      riyadh,
      'riyadh',
      24.7649,
      46.5972,
      {
        en: 'A quiet, green district in north-west Riyadh with large villas and parks.',
        ar: 'حي هادئ وأخضر في شمال غرب الرياض بفلل واسعة وحدائق.',
      },
      [
        { en: 'Large plots', ar: 'أراضٍ واسعة' },
        { en: 'Parks and walking tracks', ar: 'حدائق وممرات مشي' },
        { en: 'Private schools', ar: 'مدارس خاصة' },
      ],
    ),
    community(
      'as-sahafa',
      'الصحافة',
      { en: 'As Sahafa', ar: 'الصحافة' },
      riyadh,
      'riyadh',
      24.8056,
      46.6377,
      {
        en: 'A central northern district close to the King Abdullah Financial District and metro.',
        ar: 'حي شمالي مركزي قريب من مركز الملك عبدالله المالي والمترو.',
      },
      [
        { en: 'Riyadh Metro', ar: 'مترو الرياض' },
        { en: 'Close to KAFD', ar: 'قرب المركز المالي' },
        { en: 'Apartments and offices', ar: 'شقق ومكاتب' },
      ],
    ),
    community(
      'al-shati',
      'الشاطئ',
      { en: 'Al Shati', ar: 'الشاطئ' },
      jeddah,
      'jeddah',
      21.5847,
      39.1139,
      {
        en: "Jeddah's seafront district along the Corniche, with villas and sea-view apartments.",
        ar: 'حي جدة البحري على الكورنيش بفلل وشقق مطلة على البحر.',
      },
      [
        { en: 'Jeddah Corniche', ar: 'كورنيش جدة' },
        { en: 'Sea views', ar: 'إطلالات بحرية' },
        { en: 'Waterfront dining', ar: 'مطاعم على الواجهة البحرية' },
      ],
    ),
    community(
      'al-rawdah',
      'الروضة',
      { en: 'Al Rawdah', ar: 'الروضة' },
      jeddah,
      'jeddah',
      21.5561,
      39.1551,
      {
        en: 'A well-established central Jeddah district with shops, schools and family homes.',
        ar: 'حي راسخ في وسط جدة بمحلات ومدارس ومنازل عائلية.',
      },
      [
        { en: 'Central location', ar: 'موقع مركزي' },
        { en: 'Shopping on Prince Sultan Road', ar: 'التسوق في شارع الأمير سلطان' },
        { en: 'Schools and clinics', ar: 'مدارس وعيادات' },
      ],
    ),
  ];
}

export function seedAdminInfo(site: Site): UpdateAdminInfo {
  if (site === 'ae') {
    return {
      email: 'hello@manzil.ae',
      mobile: '45551234',
      whatsapp: '971501234567',
      addresses: [
        {
          en: 'Office 1203, Marina Plaza, Dubai Marina, Dubai',
          ar: 'مكتب 1203، مارينا بلازا، دبي مارينا، دبي',
        },
        {
          en: 'Floor 8, Sky Tower, Al Reem Island, Abu Dhabi',
          ar: 'الطابق 8، سكاي تاور، جزيرة الريم، أبوظبي',
        },
      ],
      facebookUrl: 'https://www.facebook.com/manzil.ae',
      linkedinUrl: 'https://www.linkedin.com/company/manzil',
      twitterUrl: 'https://x.com/manzil_ae',
      youtubeUrl: 'https://www.youtube.com/@manzil',
      instgramUrl: 'https://www.instagram.com/manzil.ae',
      appStoreUrl: null,
      playStoreUrl: null,
      licenceCertificateUrl: null,
    };
  }
  return {
    email: 'hello@manzil.sa',
    mobile: '112345678',
    whatsapp: '966501234567',
    addresses: [
      { en: 'King Fahd Road, Al Olaya, Riyadh 12214', ar: 'طريق الملك فهد، العليا، الرياض 12214' },
      { en: 'Prince Sultan Road, Al Rawdah, Jeddah 23435', ar: 'شارع الأمير سلطان، الروضة، جدة 23435' },
    ],
    facebookUrl: 'https://www.facebook.com/manzil.sa',
    linkedinUrl: 'https://www.linkedin.com/company/manzil',
    twitterUrl: 'https://x.com/manzil_sa',
    youtubeUrl: 'https://www.youtube.com/@manzil',
    instgramUrl: 'https://www.instagram.com/manzil.sa',
    appStoreUrl: 'https://apps.apple.com/sa/app/manzil/id0000000000',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=sa.manzil.app',
    licenceCertificateUrl: contentMediaUrl('licence-certificate.svg'),
  };
}

export const MASTER_DATA = {
  propertyKinds: [
    ['apartment', 'Apartment', 'شقة'],
    ['villa', 'Villa', 'فيلا'],
    ['townhouse', 'Townhouse', 'تاون هاوس'],
    ['penthouse', 'Penthouse', 'بنتهاوس'],
    ['duplex', 'Duplex', 'دوبلكس'],
    ['land', 'Land', 'أرض'],
    ['hotel-apartment', 'Hotel apartment', 'شقة فندقية'],
    ['full-building', 'Full building', 'مبنى كامل'],
    ['office', 'Office', 'مكتب'],
  ],
  furnishing: [
    ['unfurnished', 'Unfurnished', 'غير مفروش'],
    ['semiFurnished', 'Semi furnished', 'مفروش جزئياً'],
    ['furnished', 'Furnished', 'مفروش'],
  ],
  amenities: [
    ['balcony', 'Balcony', 'شرفة'],
    ['built-in-wardrobes', 'Built-in wardrobes', 'خزائن مدمجة'],
    ['central-ac', 'Central A/C', 'تكييف مركزي'],
    ['covered-parking', 'Covered parking', 'موقف مغطى'],
    ['gym', 'Gym', 'نادٍ رياضي'],
    ['kids-play-area', "Children's play area", 'منطقة ألعاب للأطفال'],
    ['maids-room', "Maid's room", 'غرفة خادمة'],
    ['pets-allowed', 'Pets allowed', 'يسمح بالحيوانات الأليفة'],
    ['private-garden', 'Private garden', 'حديقة خاصة'],
    ['private-pool', 'Private pool', 'مسبح خاص'],
    ['security', '24-hour security', 'حراسة على مدار الساعة'],
    ['shared-pool', 'Shared pool', 'مسبح مشترك'],
    ['study', 'Study', 'غرفة مكتب'],
    ['view-of-water', 'View of water', 'إطلالة على الماء'],
  ],
} as const;

/**
 * Spec §9 limits (`MORTGAGE_LIMITS`); rates as the regulators publish them: Dubai
 * (`DUBAI_MORTGAGE_FEES`) and Saudi (real estate transaction tax 5%, brokerage 2.5%, VAT 15%).
 */
export function seedMortgageSettings(site: Site): MortgageSettings {
  if (site === 'ae') {
    return {
      ...MORTGAGE_LIMITS,
      currency: 'AED',
      minDownPaymentPercent: 20,
      defaultInterestRate: 4.25,
      defaultTermYears: 25,
      defaultDownPaymentPercent: 20,
      fees: DUBAI_MORTGAGE_FEES,
    };
  }
  return {
    ...MORTGAGE_LIMITS,
    currency: 'SAR',
    minDownPaymentPercent: 10,
    defaultInterestRate: 5.5,
    defaultTermYears: 25,
    defaultDownPaymentPercent: 10,
    fees: {
      landDepartmentPercent: 5,
      registrationFeeBelow: 0,
      registrationFeeAbove: 0,
      mortgageRegistrationPercent: 0,
      mortgageRegistrationFixed: 0,
      agencyPercentBelow: 2.5,
      agencyPercentAbove: 2.5,
      bankArrangementPercent: 1,
      valuationFee: 2500,
      vatPercent: 15,
    },
  };
}
