import type { Site } from '@manzil/contracts';

/**
 * Master data of the location hierarchy (city > community > sub-community > building), real
 * places of both countries with their names in English and Arabic. A node is
 * `[slug, English, Arabic, latitude?, longitude?, children?]`; its id is its parent's id and
 * its slug joined by a dot (`ae.dubai.dubai-marina`). Arabic names follow docs/GLOSSARY.md
 * (a community is «المنطقة», a sub-community «الحي» — the names themselves are the places' own).
 */
export type LocationNode = [string, string, string, number?, number?, LocationNode[]?];

export const LOCATION_TREE: Record<Site, LocationNode[]> = {
  ae: [
    [
      'dubai',
      'Dubai',
      'دبي',
      25.2048,
      55.2708,
      [
        [
          'dubai-marina',
          'Dubai Marina',
          'دبي مارينا',
          25.0805,
          55.1403,
          [
            [
              'marina-promenade',
              'Marina Promenade',
              'مارينا بروميناد',
              25.0776,
              55.1391,
              [
                ['delphine-tower', 'Delphine Tower', 'برج دلفين'],
                ['aurora-tower', 'Aurora Tower', 'برج أورورا'],
              ],
            ],
            [
              'marina-gate',
              'Marina Gate',
              'مارينا جيت',
              25.0857,
              55.1466,
              [
                ['marina-gate-1', 'Marina Gate 1', 'مارينا جيت 1'],
                ['marina-gate-2', 'Marina Gate 2', 'مارينا جيت 2'],
              ],
            ],
            [
              'jbr',
              'Jumeirah Beach Residence',
              'مساكن شاطئ جميرا',
              25.0781,
              55.1336,
              [
                ['sadaf-1', 'Sadaf 1', 'صدف 1'],
                ['rimal-2', 'Rimal 2', 'رمال 2'],
              ],
            ],
          ],
        ],
        [
          'downtown-dubai',
          'Downtown Dubai',
          'وسط مدينة دبي',
          25.1972,
          55.2744,
          [
            [
              'opera-district',
              'Opera District',
              'حي الأوبرا',
              25.1955,
              55.2717,
              [
                ['act-one-act-two', 'Act One | Act Two', 'آكت ون آكت تو'],
                ['grande', 'Grande', 'جراندي'],
              ],
            ],
            [
              'the-old-town',
              'The Old Town',
              'المدينة القديمة',
              25.1939,
              55.2769,
              [
                ['yansoon-1', 'Yansoon 1', 'ينسون 1'],
                ['reehan-3', 'Reehan 3', 'ريحان 3'],
              ],
            ],
            [
              'burj-khalifa-district',
              'Burj Khalifa District',
              'حي برج خليفة',
              25.1975,
              55.2712,
              [
                ['burj-vista-1', 'Burj Vista 1', 'برج فيستا 1'],
                ['boulevard-point', 'Boulevard Point', 'بوليفارد بوينت'],
              ],
            ],
          ],
        ],
        [
          'palm-jumeirah',
          'Palm Jumeirah',
          'نخلة جميرا',
          25.1124,
          55.139,
          [
            [
              'shoreline-apartments',
              'Shoreline Apartments',
              'شقق شورلاين',
              25.1105,
              55.1428,
              [
                ['al-haseer', 'Al Haseer', 'الحصير'],
                ['al-nabat', 'Al Nabat', 'النبات'],
              ],
            ],
            ['garden-homes', 'Garden Homes', 'جاردن هومز', 25.1193, 55.1296],
            ['signature-villas', 'Signature Villas', 'سيجنتشر فيلاز', 25.1058, 55.1197],
          ],
        ],
        [
          'business-bay',
          'Business Bay',
          'الخليج التجاري',
          25.1857,
          55.265,
          [
            [
              'executive-towers',
              'Executive Towers',
              'الأبراج التنفيذية',
              25.1867,
              55.2629,
              [
                ['executive-tower-b', 'Executive Tower B', 'البرج التنفيذي B'],
                ['executive-tower-j', 'Executive Tower J', 'البرج التنفيذي J'],
              ],
            ],
            ['bay-square', 'Bay Square', 'باي سكوير', 25.1893, 55.2795],
          ],
        ],
        [
          'jumeirah-village-circle',
          'Jumeirah Village Circle',
          'قرية جميرا الدائرية',
          25.0607,
          55.2094,
          [
            ['jvc-district-12', 'District 12', 'المنطقة 12', 25.0563, 55.2148],
            ['jvc-district-15', 'District 15', 'المنطقة 15', 25.0645, 55.2071],
          ],
        ],
        [
          'jumeirah-lake-towers',
          'Jumeirah Lake Towers',
          'أبراج بحيرات جميرا',
          25.0693,
          55.1413,
          [
            [
              'lake-almas-west',
              'Lake Almas West',
              'بحيرة الماس الغربية',
              25.0686,
              55.1392,
              [['almas-tower', 'Almas Tower', 'برج الماس']],
            ],
            ['lake-elucio', 'Lake Elucio', 'بحيرة إلوسيو', 25.0719, 55.1447],
          ],
        ],
        [
          'dubai-hills-estate',
          'Dubai Hills Estate',
          'دبي هيلز استيت',
          25.1137,
          55.2476,
          [
            ['maple', 'Maple', 'مابل', 25.1101, 55.2556],
            ['park-heights', 'Park Heights', 'بارك هايتس', 25.1166, 55.2472],
          ],
        ],
        [
          'arabian-ranches',
          'Arabian Ranches',
          'المرابع العربية',
          25.0554,
          55.2699,
          [
            ['alvorada', 'Alvorada', 'ألفورادا', 25.0523, 55.2737],
            ['saheel', 'Saheel', 'سهيل', 25.0491, 55.2671],
          ],
        ],
        ['al-barsha', 'Al Barsha', 'البرشاء', 25.1036, 55.1968],
        ['deira', 'Deira', 'ديرة', 25.2697, 55.3095],
        ['jumeirah', 'Jumeirah', 'جميرا', 25.2084, 55.2472],
        ['dubai-silicon-oasis', 'Dubai Silicon Oasis', 'واحة دبي للسيليكون', 25.1185, 55.3821],
        ['mirdif', 'Mirdif', 'مردف', 25.2225, 55.4207],
      ],
    ],
    [
      'abu-dhabi',
      'Abu Dhabi',
      'أبوظبي',
      24.4539,
      54.3773,
      [
        [
          'al-reem-island',
          'Al Reem Island',
          'جزيرة الريم',
          24.4977,
          54.4051,
          [
            [
              'shams-abu-dhabi',
              'Shams Abu Dhabi',
              'شمس أبوظبي',
              24.4946,
              54.4021,
              [
                ['sun-tower', 'Sun Tower', 'برج الشمس'],
                ['sky-tower', 'Sky Tower', 'برج السماء'],
              ],
            ],
            ['marina-square', 'Marina Square', 'مارينا سكوير', 24.4992, 54.4088],
          ],
        ],
        [
          'saadiyat-island',
          'Saadiyat Island',
          'جزيرة السعديات',
          24.5423,
          54.4337,
          [
            ['saadiyat-beach', 'Saadiyat Beach', 'شاطئ السعديات', 24.5459, 54.4265],
            ['mamsha-al-saadiyat', 'Mamsha Al Saadiyat', 'ممشى السعديات', 24.5343, 54.4174],
          ],
        ],
        [
          'yas-island',
          'Yas Island',
          'جزيرة ياس',
          24.4989,
          54.6068,
          [
            ['yas-acres', 'Yas Acres', 'ياس إيكرز', 24.4797, 54.6219],
            ['ansam', 'Ansam', 'أنسام', 24.4937, 54.6082],
          ],
        ],
        ['al-raha-beach', 'Al Raha Beach', 'شاطئ الراحة', 24.4512, 54.6071],
        ['khalifa-city', 'Khalifa City', 'مدينة خليفة', 24.4194, 54.5777],
        ['al-khalidiyah', 'Al Khalidiyah', 'الخالدية', 24.4697, 54.3477],
      ],
    ],
    [
      'sharjah',
      'Sharjah',
      'الشارقة',
      25.3463,
      55.4209,
      [
        ['al-majaz', 'Al Majaz', 'المجاز', 25.3249, 55.3836],
        ['al-nahda-sharjah', 'Al Nahda', 'النهدة', 25.3001, 55.3734],
        ['aljada', 'Aljada', 'الجادة', 25.3105, 55.4717],
        ['al-khan', 'Al Khan', 'الخان', 25.3314, 55.3742],
        ['muwaileh', 'Muwaileh', 'مويلح', 25.2895, 55.4561],
      ],
    ],
    [
      'ajman',
      'Ajman',
      'عجمان',
      25.4052,
      55.5136,
      [
        ['al-nuaimiya', 'Al Nuaimiya', 'النعيمية', 25.3947, 55.4533],
        ['al-rashidiya', 'Al Rashidiya', 'الراشدية', 25.4105, 55.4356],
        ['ajman-downtown', 'Ajman Downtown', 'وسط مدينة عجمان', 25.4043, 55.4471],
        ['emirates-city', 'Emirates City', 'مدينة الإمارات', 25.4431, 55.5491],
      ],
    ],
    [
      'ras-al-khaimah',
      'Ras Al Khaimah',
      'رأس الخيمة',
      25.8007,
      55.9762,
      [
        ['al-hamra-village', 'Al Hamra Village', 'قرية الحمراء', 25.6953, 55.7853],
        ['mina-al-arab', 'Mina Al Arab', 'ميناء العرب', 25.7235, 55.8354],
        ['al-marjan-island', 'Al Marjan Island', 'جزيرة المرجان', 25.6634, 55.7439],
        ['al-nakheel-rak', 'Al Nakheel', 'النخيل', 25.7907, 55.9479],
      ],
    ],
  ],
  sa: [
    [
      'riyadh',
      'Riyadh',
      'الرياض',
      24.7136,
      46.6753,
      [
        ['al-malqa', 'Al Malqa', 'الملقا', 24.812, 46.62],
        ['al-yasmin', 'Al Yasmin', 'الياسمين', 24.826, 46.64],
        [
          'al-olaya',
          'Al Olaya',
          'العليا',
          24.69,
          46.685,
          [
            [
              'king-fahd-road',
              'King Fahd Road',
              'طريق الملك فهد',
              24.7,
              46.68,
              [
                ['kingdom-centre', 'Kingdom Centre', 'برج المملكة'],
                ['al-faisaliah-tower', 'Al Faisaliah Tower', 'برج الفيصلية'],
              ],
            ],
          ],
        ],
        ['kafd', 'King Abdullah Financial District', 'مركز الملك عبدالله المالي', 24.7627, 46.6403],
        ['hittin', 'Hittin', 'حطين', 24.7625, 46.6011],
        ['al-nakheel-riyadh', 'Al Nakheel', 'النخيل', 24.7468, 46.6383],
        ['al-sahafa', 'Al Sahafa', 'الصحافة', 24.8038, 46.6402],
        ['al-narjis', 'Al Narjis', 'النرجس', 24.8607, 46.6616],
        ['al-rabwa', 'Al Rabwa', 'الربوة', 24.6924, 46.7597],
      ],
    ],
    [
      'jeddah',
      'Jeddah',
      'جدة',
      21.5433,
      39.1728,
      [
        ['al-shati', 'Al Shati', 'الشاطئ', 21.581, 39.108],
        ['al-rawdah', 'Al Rawdah', 'الروضة', 21.563, 39.162],
        ['al-andalus', 'Al Andalus', 'الأندلس', 21.548, 39.151],
        ['al-hamra-jeddah', 'Al Hamra', 'الحمراء', 21.5189, 39.1617],
        ['obhur-al-shamaliyah', 'Obhur Al Shamaliyah', 'أبحر الشمالية', 21.7405, 39.1097],
        ['al-zahra', 'Al Zahra', 'الزهراء', 21.5938, 39.1436],
        ['al-salamah', 'Al Salamah', 'السلامة', 21.5918, 39.1621],
      ],
    ],
    [
      'dammam',
      'Dammam',
      'الدمام',
      26.4207,
      50.0888,
      [
        ['al-faisaliyah-dammam', 'Al Faisaliyah', 'الفيصلية', 26.4118, 50.0501],
        ['al-shati-al-gharbi', 'Al Shati Al Gharbi', 'الشاطئ الغربي', 26.4597, 50.0963],
        ['al-nakheel-dammam', 'Al Nakheel', 'النخيل', 26.4034, 50.0682],
        ['al-mazruiyah', 'Al Mazruiyah', 'المزروعية', 26.4353, 50.0876],
      ],
    ],
    [
      'khobar',
      'Khobar',
      'الخبر',
      26.2172,
      50.1971,
      [
        ['al-aqrabiyah', 'Al Aqrabiyah', 'العقربية', 26.2948, 50.1938],
        ['al-rakah', 'Al Rakah', 'الراكة', 26.3536, 50.1971],
        ['al-olaya-khobar', 'Al Olaya', 'العليا', 26.2738, 50.1953],
        ['al-khobar-al-shamalia', 'Al Khobar Al Shamalia', 'الخبر الشمالية', 26.2986, 50.2094],
        ['al-hizam-al-akhdar', 'Al Hizam Al Akhdar', 'الحزام الأخضر', 26.2617, 50.2027],
      ],
    ],
    [
      'makkah',
      'Makkah',
      'مكة المكرمة',
      21.3891,
      39.8579,
      [
        ['al-aziziyah-makkah', 'Al Aziziyah', 'العزيزية', 21.4075, 39.8906],
        ['al-awali', 'Al Awali', 'العوالي', 21.3556, 39.8816],
        ['al-shawqiyah', 'Al Shawqiyah', 'الشوقية', 21.3801, 39.7794],
        ['al-naseem-makkah', 'Al Naseem', 'النسيم', 21.3923, 39.8813],
      ],
    ],
    [
      'madinah',
      'Madinah',
      'المدينة المنورة',
      24.4686,
      39.6142,
      [
        ['quba', 'Quba', 'قباء', 24.4392, 39.6174],
        ['al-aziziyah-madinah', 'Al Aziziyah', 'العزيزية', 24.4283, 39.5852],
        ['al-khalidiyah-madinah', 'Al Khalidiyah', 'الخالدية', 24.5074, 39.6203],
        ['shuran', 'Shuran', 'شوران', 24.4128, 39.6556],
      ],
    ],
  ],
};

const LEVELS = ['city', 'community', 'subCommunity', 'building'] as const;

export interface LocationRow {
  id: string;
  site: Site;
  level: (typeof LEVELS)[number];
  parentId: string | null;
  nameEn: string;
  nameAr: string;
  latitude: number | null;
  longitude: number | null;
}

/** The tree as rows, parents before children. */
export function locationRows(): LocationRow[] {
  const rows: LocationRow[] = [];
  const walk = (site: Site, nodes: LocationNode[], parentId: string | null, depth: number) => {
    for (const [slug, en, ar, latitude, longitude, children] of nodes) {
      const id = `${parentId ?? site}.${slug}`;
      rows.push({
        id,
        site,
        level: LEVELS[depth],
        parentId,
        nameEn: en,
        nameAr: ar,
        latitude: latitude ?? null,
        longitude: longitude ?? null,
      });
      if (children) walk(site, children, id, depth + 1);
    }
  };
  for (const site of ['ae', 'sa'] as const) walk(site, LOCATION_TREE[site], null, 0);
  return rows;
}
