import { contentMediaUrl, type BlogInput } from '@manzil/contracts';
import type { SeedFacts } from './site-facts.js';

type SeedBlog = Omit<BlogInput, 'published' | 'publishedAt'> & { daysAgo: number };

const AUTHORS = [
  { en: 'Sara Al Mansoori', ar: 'سارة المنصوري' },
  { en: 'Omar Haddad', ar: 'عمر حداد' },
  { en: 'Lina Qasim', ar: 'لينا قاسم' },
];

/** Twelve articles per site; the site's words (city, currency, regulator) are put in. */
export function seedBlogs(f: SeedFacts, site: 'ae' | 'sa'): SeedBlog[] {
  const tag = (en: string, ar: string) => ({ en, ar });
  const blogs: Omit<SeedBlog, 'coverImage' | 'author' | 'daysAgo'>[] = [
    {
      slug: `first-time-buyers-guide-${site}`,
      slugAr: `دليل-المشتري-لأول-مرة-${site}`,
      title: {
        en: `A first-time buyer's guide to ${f.country.en}`,
        ar: `دليل المشتري لأول مرة في ${f.country.ar}`,
      },
      excerpt: {
        en: `From budget to keys: the steps, fees and documents of buying your first home in ${f.country.en}.`,
        ar: `من الميزانية إلى استلام المفاتيح: خطوات شراء منزلك الأول في ${f.country.ar} ورسومها ومستنداتها.`,
      },
      body: {
        en: `Buying your first home in ${f.country.en} is simpler when you know the order of things.\n\n## Set your budget\n\nBanks lend up to ${100 - f.minDown}% of the value to first-time buyers, so plan a down payment of at least ${f.minDown}% plus fees such as the ${f.transferFee.en}.\n\n## The steps\n\n1. Get a mortgage pre-approval.\n2. Shortlist homes and book viewings with a licensed agent.\n3. Sign the sale agreement and pay the deposit.\n4. Transfer the title and collect your keys.\n\nUse our [mortgage calculator](/mortgage-calculator) to see your monthly payment.`,
        ar: `يصبح شراء منزلك الأول في ${f.country.ar} أسهل عندما تعرف ترتيب الخطوات.\n\n## حدد ميزانيتك\n\nتموّل البنوك حتى ${100 - f.minDown}% من قيمة العقار للمشترين لأول مرة، لذا خطط لدفعة أولى لا تقل عن ${f.minDown}% إضافة إلى الرسوم مثل ${f.transferFee.ar}.\n\n## الخطوات\n\n1. احصل على موافقة مبدئية على التمويل.\n2. اختر العقارات واحجز المعاينات مع وسيط مرخّص.\n3. وقّع اتفاقية البيع وادفع العربون.\n4. انقل الملكية واستلم المفاتيح.\n\nاستخدم [حاسبة التمويل العقاري](/حاسبة-التمويل-العقاري) لمعرفة قسطك الشهري.`,
      },
      tags: [tag('Buying', 'شراء'), tag('Guides', 'أدلة')],
    },
    {
      slug: `renting-in-${f.city.en.toLowerCase()}-checklist`,
      slugAr: `قائمة-الاستئجار-في-${f.city.ar.replace(/ /g, '-')}`,
      title: {
        en: `Renting in ${f.city.en}: what to check before you sign`,
        ar: `الاستئجار في ${f.city.ar}: ما يجب التحقق منه قبل التوقيع`,
      },
      excerpt: {
        en: `Contracts, deposits, cheques and ${f.tenancyRegister.en} registration explained for tenants.`,
        ar: `شرح العقود والتأمين والدفعات والتسجيل في ${f.tenancyRegister.ar} للمستأجرين.`,
      },
      body: {
        en: `A good tenancy starts with a clear contract.\n\n## Before you sign\n\n- Check the landlord's title deed or the agent's licence.\n- Agree the number of payments and the security deposit in writing.\n- Register the contract on ${f.tenancyRegister.en}.\n\n## When you move in\n\nTake dated photos of every room. They settle most disputes about the deposit when you leave.`,
        ar: `يبدأ الإيجار الجيد بعقد واضح.\n\n## قبل التوقيع\n\n- تحقق من صك ملكية المالك أو ترخيص الوسيط.\n- اتفق كتابياً على عدد الدفعات ومبلغ التأمين.\n- سجّل العقد في ${f.tenancyRegister.ar}.\n\n## عند الانتقال\n\nالتقط صوراً مؤرخة لكل غرفة، فهي تحسم معظم الخلافات حول التأمين عند المغادرة.`,
      },
      tags: [tag('Renting', 'إيجار'), tag('Guides', 'أدلة')],
    },
    {
      slug: `how-mortgages-work-${site}`,
      slugAr: `كيف-يعمل-التمويل-العقاري-${site}`,
      title: {
        en: `How home finance works in ${f.country.en}`,
        ar: `كيف يعمل التمويل العقاري في ${f.country.ar}`,
      },
      excerpt: {
        en: 'Fixed or variable, term, down payment and the fees nobody mentions.',
        ar: 'ثابت أم متغير، المدة، الدفعة الأولى والرسوم التي لا يذكرها أحد.',
      },
      body: {
        en: `A home loan is a long commitment: compare more than the rate.\n\n## What to compare\n\n- **Rate**: fixed for an initial period, then variable.\n- **Term**: from 2 to 25 years. Longer terms lower the instalment but cost more in total.\n- **Fees**: arrangement, valuation and registration.\n\nThe rates we show range from 0.45% to 10.55% a year.`,
        ar: `التمويل العقاري التزام طويل: قارن أكثر من نسبة الربح.\n\n## ما الذي تقارنه\n\n- **النسبة**: ثابتة لفترة أولى ثم متغيرة.\n- **المدة**: من 2 إلى 25 سنة. المدة الأطول تخفض القسط لكنها تكلف أكثر إجمالاً.\n- **الرسوم**: رسوم الترتيب والتقييم والتسجيل.\n\nتتراوح النسب التي نعرضها بين 0.45% و10.55% سنوياً.`,
      },
      tags: [tag('Finance', 'تمويل'), tag('Buying', 'شراء')],
    },
    {
      slug: 'off-plan-or-ready',
      slugAr: 'على-الخارطة-أم-جاهز',
      title: { en: 'Off-plan or ready: which one suits you?', ar: 'على الخارطة أم جاهز: أيهما يناسبك؟' },
      excerpt: {
        en: 'Payment plans against immediate rent: how to weigh the two.',
        ar: 'خطط السداد مقابل الإيجار الفوري: كيف توازن بين الخيارين.',
      },
      body: {
        en: 'Off-plan homes are sold before completion, often with a payment plan split into booking, construction and handover.\n\n## Off-plan\n\n- Lower entry price and staged payments.\n- You wait for handover and rely on the developer.\n\n## Ready\n\n- Move in or rent it out at once.\n- A larger amount is due at transfer.',
        ar: 'تُباع العقارات على الخارطة قبل اكتمالها، غالباً بخطة سداد مقسمة على الحجز والإنشاء والتسليم.\n\n## على الخارطة\n\n- سعر دخول أقل ودفعات مرحلية.\n- تنتظر التسليم وتعتمد على المطوّر.\n\n## جاهز\n\n- تسكن فيه أو تؤجره فوراً.\n- يُستحق مبلغ أكبر عند نقل الملكية.',
      },
      tags: [tag('New projects', 'مشاريع جديدة'), tag('Investing', 'استثمار')],
    },
    {
      slug: `family-communities-${f.city.en.toLowerCase()}`,
      slugAr: `أحياء-عائلية-في-${f.city.ar.replace(/ /g, '-')}`,
      title: {
        en: `Family-friendly communities in ${f.city.en}`,
        ar: `أحياء مناسبة للعائلات في ${f.city.ar}`,
      },
      excerpt: {
        en: `Schools, parks and space: why families pick ${f.family.en} and its neighbours.`,
        ar: `مدارس وحدائق ومساحات: لماذا تختار العائلات ${f.family.ar} وما حولها.`,
      },
      body: {
        en: `Families weigh schools and commute before anything else.\n\n## Our picks\n\n- **${f.family.en}**: villas and townhouses, parks within walking distance.\n- **${f.waterfront.en}**: apartments by the water, busy and central.\n\nBrowse the [area guides](/) for prices and photos.`,
        ar: `تضع العائلات المدارس ووقت التنقل في المقدمة.\n\n## اختياراتنا\n\n- **${f.family.ar}**: فلل وتاون هاوس وحدائق على مسافة قريبة.\n- **${f.waterfront.ar}**: شقق على الواجهة المائية في موقع مركزي.\n\nتصفح [أدلة المناطق](/) للأسعار والصور.`,
      },
      tags: [tag('Communities', 'مجتمعات'), tag('Family', 'عائلة')],
    },
    {
      slug: 'service-charges-explained',
      slugAr: 'رسوم-الخدمات-بالتفصيل',
      title: { en: 'Service charges explained', ar: 'رسوم الخدمات بالتفصيل' },
      excerpt: {
        en: `What the yearly charge per ${site === 'ae' ? 'square foot' : 'square metre'} pays for, and how to check it.`,
        ar: `ماذا تغطي الرسوم السنوية لكل ${site === 'ae' ? 'قدم مربع' : 'متر مربع'} وكيف تتحقق منها.`,
      },
      body: {
        en: `Service charges pay for the shared parts of a building: security, cleaning, lifts, pools and the sinking fund.\n\n## Before you buy\n\n- Ask for the last two years of charges.\n- Compare with similar buildings nearby.\n- Check how the owners' association is run under ${f.regulator.en}.`,
        ar: `تغطي رسوم الخدمات الأجزاء المشتركة من المبنى: الأمن والنظافة والمصاعد والمسابح وصندوق الصيانة.\n\n## قبل الشراء\n\n- اطلب رسوم آخر سنتين.\n- قارنها بمبانٍ مشابهة قريبة.\n- تحقق من طريقة إدارة جمعية الملاك وفق ${f.regulator.ar}.`,
      },
      tags: [tag('Ownership', 'ملكية')],
    },
    {
      slug: 'working-with-a-licensed-agent',
      slugAr: 'التعامل-مع-وسيط-مرخص',
      title: { en: 'Why work with a licensed agent', ar: 'لماذا تتعامل مع وسيط مرخّص' },
      excerpt: {
        en: `Every agent on Manzil is licensed by ${f.regulator.en}. Here is what that protects.`,
        ar: `كل وسيط على منزل مرخّص من ${f.regulator.ar}. إليك ما يحميه ذلك.`,
      },
      body: {
        en: `A licensed agent is accountable to ${f.regulator.en}.\n\n## What you get\n\n- Listings with verified permits.\n- A written agreement on the commission.\n- Someone to handle viewings, offers and paperwork.\n\nFind one on [Find agent](/find-real-estate-agent).`,
        ar: `الوسيط المرخّص مسؤول أمام ${f.regulator.ar}.\n\n## ما الذي تحصل عليه\n\n- إعلانات بتصاريح موثقة.\n- اتفاق مكتوب على العمولة.\n- من يتولى المعاينات والعروض والأوراق.\n\nابحث عن وسيط في [ابحث عن وسيط](/find-real-estate-agent).`,
      },
      tags: [tag('Agents', 'وسطاء')],
    },
    {
      slug: 'commercial-property-basics',
      slugAr: 'أساسيات-العقار-التجاري',
      title: {
        en: 'Commercial property: offices, shops and warehouses',
        ar: 'العقار التجاري: مكاتب ومحلات ومستودعات',
      },
      excerpt: {
        en: 'Fit-out, zoning and lease terms differ from homes. A primer.',
        ar: 'التجهيز والتصنيف وشروط الإيجار تختلف عن السكني. مقدمة سريعة.',
      },
      body: {
        en: 'Commercial units are often let as **shell and core**, so budget for the fit-out.\n\n## Check\n\n- Permitted use of the unit.\n- Parking and access for customers.\n- Lease length and rent reviews.',
        ar: 'تؤجر الوحدات التجارية غالباً **على الهيكل**، لذا خصص ميزانية للتجهيز.\n\n## تحقق من\n\n- الاستخدام المسموح للوحدة.\n- المواقف وسهولة وصول العملاء.\n- مدة الإيجار ومراجعات القيمة.',
      },
      tags: [tag('Commercial', 'تجاري')],
    },
    {
      slug: 'property-auctions-how-bidding-works',
      slugAr: 'مزادات-العقار-كيف-تعمل',
      title: { en: 'Property auctions: how bidding works', ar: 'مزادات العقار: كيف تتم المزايدة' },
      excerpt: {
        en: 'Upcoming, live and closed auctions, bid fees and withdrawing a bid.',
        ar: 'المزادات القادمة والمباشرة والمنتهية ورسوم المزايدة وسحب العرض.',
      },
      body: {
        en: 'Auctions on Manzil move from **upcoming** to **live** to **closed**.\n\n## Bidding\n\n1. Log in and open a live auction.\n2. Enter a bid above the current price and pay the bid fee.\n3. You may withdraw a bid while its payment is not pending.',
        ar: 'تنتقل المزادات على منزل من **قادمة** إلى **مباشرة** ثم **منتهية**.\n\n## المزايدة\n\n1. سجّل الدخول وافتح مزاداً مباشراً.\n2. أدخل عرضاً أعلى من السعر الحالي وادفع رسوم المزايدة.\n3. يمكنك سحب العرض ما لم تكن دفعته قيد المعالجة.',
      },
      tags: [tag('Auctions', 'مزادات')],
    },
    {
      slug: 'moving-day-checklist',
      slugAr: 'قائمة-يوم-الانتقال',
      title: { en: 'Your moving-day checklist', ar: 'قائمة يوم الانتقال' },
      excerpt: {
        en: 'Utilities, internet, address changes and the first week in a new home.',
        ar: 'الخدمات والإنترنت وتغيير العنوان وأسبوعك الأول في المنزل الجديد.',
      },
      body: {
        en: 'Two weeks before you move:\n\n- Book the movers.\n- Connect electricity and water in your name.\n- Order internet installation.\n\nOn the day, read the meters and keep the photos.',
        ar: 'قبل الانتقال بأسبوعين:\n\n- احجز شركة النقل.\n- اربط الكهرباء والمياه باسمك.\n- اطلب تركيب الإنترنت.\n\nفي يوم الانتقال سجّل قراءات العدادات واحتفظ بالصور.',
      },
      tags: [tag('Renting', 'إيجار'), tag('Lifestyle', 'أسلوب حياة')],
    },
    {
      slug: 'upgrades-that-add-value',
      slugAr: 'تحسينات-ترفع-القيمة',
      title: { en: 'Home upgrades that add value', ar: 'تحسينات منزلية ترفع القيمة' },
      excerpt: {
        en: 'Kitchens, shading and smart thermostats: what pays back in a hot climate.',
        ar: 'المطابخ والتظليل وأجهزة التحكم الذكية: ما الذي يستحق في مناخ حار.',
      },
      body: {
        en: 'Buyers pay for what saves them money.\n\n- **Shading and glazing** cut cooling bills.\n- **A modern kitchen** photographs well and sells.\n- **Smart thermostats** are cheap and noticed.',
        ar: 'يدفع المشترون مقابل ما يوفر عليهم.\n\n- **التظليل والزجاج العازل** يخفضان فواتير التبريد.\n- **المطبخ الحديث** يظهر جيداً في الصور ويبيع.\n- **منظمات الحرارة الذكية** رخيصة وملفتة.',
      },
      tags: [tag('Ownership', 'ملكية'), tag('Investing', 'استثمار')],
    },
    {
      slug: `market-outlook-${f.city.en.toLowerCase()}`,
      slugAr: `توقعات-السوق-${f.city.ar.replace(/ /g, '-')}`,
      title: { en: `${f.city.en} market outlook`, ar: `توقعات سوق ${f.city.ar}` },
      excerpt: {
        en: `Prices, rents and new supply in ${f.city.en}, and what they mean for buyers.`,
        ar: `الأسعار والإيجارات والمعروض الجديد في ${f.city.ar} وما تعنيه للمشترين.`,
      },
      body: {
        en: `Demand in ${f.city.en} stays strong, led by families and first-time buyers.\n\n## What we watch\n\n- New supply handed over this year.\n- Rents against prices (gross yields).\n- Financing rates.\n\nPrices are quoted in ${f.currency.en}.`,
        ar: `يبقى الطلب في ${f.city.ar} قوياً بقيادة العائلات والمشترين لأول مرة.\n\n## ما نراقبه\n\n- المعروض الجديد المسلّم هذا العام.\n- الإيجارات مقارنة بالأسعار (العائد الإجمالي).\n- نسب التمويل.\n\nالأسعار معروضة بال${f.currency.ar}.`,
      },
      tags: [tag('Market', 'السوق'), tag('Investing', 'استثمار')],
    },
  ];
  return blogs.map((blog, index) => ({
    ...blog,
    coverImage: contentMediaUrl(`blog-${String(index + 1).padStart(2, '0')}.svg`),
    author: AUTHORS[index % AUTHORS.length],
    daysAgo: 3 + index * 9,
  }));
}
