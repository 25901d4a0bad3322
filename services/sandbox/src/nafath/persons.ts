/** The person behind a national ID, as the sandbox's "civil registry" knows them. */
export interface NafathPerson {
  nationalId: string;
  englishFirstName: string;
  englishLastName: string;
  arabicFirstName: string;
  arabicLastName: string;
  /** Gregorian date of birth, YYYY-MM-DD. */
  dateOfBirthG: string;
  gender: 'M' | 'F';
  nationality: string;
}

/** Known demo people (the seed and the README use them). */
export const DEMO_PERSONS: NafathPerson[] = [
  {
    nationalId: '1000000001',
    englishFirstName: 'Mohammed',
    englishLastName: 'Al-Qahtani',
    arabicFirstName: 'محمد',
    arabicLastName: 'القحطاني',
    dateOfBirthG: '1988-03-14',
    gender: 'M',
    nationality: 'SA',
  },
  {
    nationalId: '1000000002',
    englishFirstName: 'Noura',
    englishLastName: 'Al-Otaibi',
    arabicFirstName: 'نورة',
    arabicLastName: 'العتيبي',
    dateOfBirthG: '1993-11-02',
    gender: 'F',
    nationality: 'SA',
  },
  {
    nationalId: '2000000001',
    englishFirstName: 'Omar',
    englishLastName: 'Haddad',
    arabicFirstName: 'عمر',
    arabicLastName: 'حداد',
    dateOfBirthG: '1985-07-21',
    gender: 'M',
    nationality: 'JO',
  },
];

const FIRST = [
  ['Abdullah', 'عبدالله', 'M'],
  ['Fatimah', 'فاطمة', 'F'],
  ['Khalid', 'خالد', 'M'],
  ['Sara', 'سارة', 'F'],
  ['Faisal', 'فيصل', 'M'],
  ['Reem', 'ريم', 'F'],
  ['Saud', 'سعود', 'M'],
  ['Lama', 'لمى', 'F'],
  ['Turki', 'تركي', 'M'],
  ['Hessa', 'حصة', 'F'],
] as const;
const LAST = [
  ['Al-Harbi', 'الحربي'],
  ['Al-Ghamdi', 'الغامدي'],
  ['Al-Zahrani', 'الزهراني'],
  ['Al-Dosari', 'الدوسري'],
  ['Al-Shehri', 'الشهري'],
  ['Al-Mutairi', 'المطيري'],
  ['Al-Anazi', 'العنزي'],
  ['Al-Subaie', 'السبيعي'],
  ['Al-Shammari', 'الشمري'],
  ['Al-Malki', 'المالكي'],
] as const;

/** A known demo person, or one made up from the digits (always the same for the same ID). */
export function personFor(nationalId: string): NafathPerson {
  const known = DEMO_PERSONS.find((person) => person.nationalId === nationalId);
  if (known) return known;
  const digit = (i: number) => Number(nationalId[i] ?? 0);
  const [englishFirstName, arabicFirstName, gender] = FIRST[digit(9)];
  const [englishLastName, arabicLastName] = LAST[digit(8)];
  const year = 1960 + ((digit(6) * 10 + digit(7)) % 45);
  const month = String(1 + (digit(5) % 12)).padStart(2, '0');
  const day = String(1 + ((digit(4) * 10 + digit(3)) % 28)).padStart(2, '0');
  return {
    nationalId,
    englishFirstName,
    englishLastName,
    arabicFirstName,
    arabicLastName,
    dateOfBirthG: `${year}-${month}-${day}`,
    gender,
    // A national ID starting with 1 is a citizen's, with 2 a resident's (iqama).
    nationality: nationalId.startsWith('1') ? 'SA' : 'EG',
  };
}
