import type { Site } from './site.js';

/**
 * The people the demo listings belong to: a few companies per site with their agents, and
 * freelancers, every name in English and Arabic. Written once here because two services seed
 * them: identity creates the accounts with these fixed ids (so the directory shows them), and
 * listings gives them the seeded listings (so a listing's advertiser is a real account, with
 * its Arabic name on the Arabic pages). Data, not a schema: nothing outside the seeds uses it.
 */
export interface DemoCompany {
  id: string;
  name: { en: string; ar: string };
  orn: string;
  headOffice: string;
  mobile: string;
}

export interface DemoAgent {
  id: string;
  name: { en: string; ar: string };
  /** null: a freelancer. */
  companyId: string | null;
  mobile: string;
  designation: string;
  languages: string[];
}

const SITE_HEX: Record<Site, string> = { ae: 'ae00', sa: '5a00' };

/** A fixed uuid (version 7 layout) per site, kind (c company, a agent) and number. */
function rosterId(site: Site, kind: 'c' | 'a', n: number): string {
  return `0193a000-0000-7000-8000-${SITE_HEX[site]}${kind}${String(n).padStart(7, '0')}`;
}

type CompanyRow = [string, string, string];
type AgentRow = [string, string];

const COMPANIES: Record<Site, CompanyRow[]> = {
  ae: [
    ['Gulf Crest Properties', 'جلف كريست العقارية', 'Business Bay, Dubai'],
    ['Palm Gate Real Estate', 'بوابة النخلة للعقارات', 'Palm Jumeirah, Dubai'],
    ['Emirates Horizon Realty', 'أفق الإمارات العقارية', 'Al Reem Island, Abu Dhabi'],
    ['Corniche Key Properties', 'مفتاح الكورنيش العقارية', 'Al Majaz, Sharjah'],
  ],
  sa: [
    ['Najd Homes Real Estate', 'منازل نجد العقارية', 'Al Olaya, Riyadh'],
    ['Red Sea Realty', 'البحر الأحمر العقارية', 'Al Shati, Jeddah'],
    ['Eastern Gate Real Estate', 'البوابة الشرقية للعقارات', 'Al Rakah, Khobar'],
    ['Haramain Properties', 'الحرمين العقارية', 'Al Aziziyah, Makkah'],
  ],
};

/** Three agents per company, in the order of the companies, then the freelancers. */
const AGENTS: Record<Site, AgentRow[]> = {
  ae: [
    ['Aisha Al Mansoori', 'عائشة المنصوري'],
    ['Omar Haddad', 'عمر حداد'],
    ['Priya Nair', 'بريا ناير'],
    ['Khalifa Al Suwaidi', 'خليفة السويدي'],
    ['Mariam Al Falasi', 'مريم الفلاسي'],
    ['Daniel Brooks', 'دانيال بروكس'],
    ['Hamdan Al Nuaimi', 'حمدان النعيمي'],
    ['Fatima Al Hammadi', 'فاطمة الحمادي'],
    ['Rashid Al Ketbi', 'راشد الكتبي'],
    ['Layla Al Shamsi', 'ليلى الشامسي'],
    ['Tariq Qureshi', 'طارق قريشي'],
    ['Noor Al Zaabi', 'نور الزعابي'],
  ],
  sa: [
    ['Faisal Al Qahtani', 'فيصل القحطاني'],
    ['Noura Al Harbi', 'نورة الحربي'],
    ['Khalid Al Otaibi', 'خالد العتيبي'],
    ['Abdullah Al Ghamdi', 'عبدالله الغامدي'],
    ['Reem Al Zahrani', 'ريم الزهراني'],
    ['Sultan Al Dosari', 'سلطان الدوسري'],
    ['Mohammed Al Shehri', 'محمد الشهري'],
    ['Hessa Al Mutairi', 'حصة المطيري'],
    ['Turki Al Anazi', 'تركي العنزي'],
    ['Lama Al Subaie', 'لمى السبيعي'],
    ['Bandar Al Shammari', 'بندر الشمري'],
    ['Amal Al Juhani', 'أمل الجهني'],
  ],
};

const FREELANCERS: Record<Site, AgentRow[]> = {
  ae: [
    ['Yasmin Kareem', 'ياسمين كريم'],
    ['Saeed Al Marri', 'سعيد المري'],
  ],
  sa: [
    ['Majed Al Maliki', 'ماجد المالكي'],
    ['Ghada Al Rashid', 'غادة الراشد'],
  ],
};

const DESIGNATIONS = ['Senior Property Consultant', 'Property Consultant', 'Sales Manager'];

/** Mobiles of the roster: 50/55 then 2 (the demo logins use 1), company or agent, number. */
const mobile = (site: Site, kind: 'c' | 'a', n: number) =>
  `${site === 'ae' ? '50' : '55'}2${kind === 'c' ? '0' : '1'}${String(n).padStart(5, '0')}`;

export function demoCompanies(site: Site): DemoCompany[] {
  return COMPANIES[site].map(([en, ar, headOffice], i) => ({
    id: rosterId(site, 'c', i + 1),
    name: { en, ar },
    orn: String((site === 'ae' ? 20_000 : 1_100_200_000) + i + 1),
    headOffice,
    mobile: mobile(site, 'c', i + 1),
  }));
}

export function demoAgents(site: Site): DemoAgent[] {
  const companies = demoCompanies(site);
  const employed = AGENTS[site].map(([en, ar], i) => ({
    en,
    ar,
    companyId: companies[Math.floor(i / 3)].id,
  }));
  const free = FREELANCERS[site].map(([en, ar]) => ({ en, ar, companyId: null }));
  return [...employed, ...free].map((agent, i) => ({
    id: rosterId(site, 'a', i + 1),
    name: { en: agent.en, ar: agent.ar },
    companyId: agent.companyId,
    mobile: mobile(site, 'a', i + 1),
    designation: DESIGNATIONS[i % DESIGNATIONS.length],
    languages: i % 2 ? ['Arabic', 'English'] : ['English', 'Arabic'],
  }));
}
