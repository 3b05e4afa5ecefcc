/*
 * The demo law firm "Adliya Partners" of Tashkent, in Uzbek (Latin), Russian and English.
 * Everything here passes through the same services and validation as an admin's input.
 */

export const t = (uz: string, ru: string, en: string) => ({ uz, ru, en });

export const firm = {
  companyName: t('Adliya Partners', 'Адлия Партнерс', 'Adliya Partners'),
  companyDescription: t(
    'Adliya Partners — 2001-yildan beri O‘zbekiston bizneslari va oilalariga yuridik yordam ko‘rsatib kelayotgan mustaqil yuridik firma. Korporativ huquq, nizolar, ko‘chmas mulk va oilaviy masalalar bo‘yicha ishonchli maslahatchingiz.',
    'Адлия Партнерс — независимая юридическая фирма, с 2001 года помогающая бизнесу и семьям Узбекистана. Надёжный советник в корпоративном праве, спорах, недвижимости и семейных делах.',
    'Adliya Partners is an independent law firm that has served businesses and families in Uzbekistan since 2001: a trusted adviser in corporate law, disputes, real estate and family matters.',
  ),
  seo: {
    title: t('Adliya Partners — Toshkentdagi yuridik firma', 'Адлия Партнерс — юридическая фирма в Ташкенте', 'Adliya Partners — Law Firm in Tashkent'),
    description: t(
      'Biznes va oilalar uchun tajribali advokatlar: korporativ huquq, sud nizolari, ko‘chmas mulk, oilaviy va jinoiy ishlar. Birinchi maslahat bepul.',
      'Опытные адвокаты для бизнеса и семей: корпоративное право, судебные споры, недвижимость, семейные и уголовные дела. Первая консультация бесплатно.',
      'Experienced lawyers for businesses and families: corporate law, litigation, real estate, family and criminal matters. First consultation free.',
    ),
    keywords: t(
      'yurist Toshkent, advokat, korporativ huquq, yuridik maslahat',
      'юрист Ташкент, адвокат, корпоративное право, юридическая консультация',
      'lawyer Tashkent, attorney Uzbekistan, corporate law, legal advice',
    ),
  },
  contactInfo: {
    phone: '+998 71 205 40 40',
    email: 'info@adliya-partners.uz',
    address: t(
      'Toshkent, Amir Temur shoh ko‘chasi, 107B, “Navoiy” biznes markazi, 5-qavat',
      'Ташкент, проспект Амира Темура, 107Б, бизнес-центр «Навои», 5 этаж',
      'Business Centre “Navoi”, 5th floor, 107B Amir Temur Avenue, Tashkent',
    ),
    workingHours: t('Dush – Jum: 9:00 – 18:00', 'Пн – Пт: 9:00 – 18:00', 'Mon - Fri: 9:00 AM - 6:00 PM'),
    emergencyPhone: '+998 90 940 40 40',
  },
  socialMedia: {
    facebook: 'https://facebook.com/adliyapartners',
    twitter: 'https://twitter.com/adliyapartners',
    linkedin: 'https://linkedin.com/company/adliya-partners',
    instagram: 'https://instagram.com/adliyapartners',
    telegram: 'https://t.me/adliyapartners',
  },
  // The operator of personal data every consent names (docs/privacy-uz.md); a made-up STIR.
  privacy: {
    operator: {
      name: t('“Adliya Partners” MChJ', 'ООО «Адлия Партнерс»', 'Adliya Partners LLC'),
      tin: '301234567',
      address: t(
        'Toshkent, Amir Temur shoh ko‘chasi, 107B, 100084',
        'Ташкент, проспект Амира Темура, 107Б, 100084',
        '107B Amir Temur Avenue, Tashkent 100084',
      ),
      registerNumber: '2024-0417',
    },
    crossBorder: { transfer: false, basis: null, countries: [] },
  },
};

export const offices = [
  {
    name: t('Toshkent bosh ofisi', 'Головной офис в Ташкенте', 'Tashkent Head Office'),
    address: firm.contactInfo.address,
    workingHours: t('Dush – Jum: 9:00 – 18:00, Shan: 10:00 – 14:00', 'Пн – Пт: 9:00 – 18:00, Сб: 10:00 – 14:00', 'Mon - Fri: 9:00 AM - 6:00 PM, Sat: 10:00 AM - 2:00 PM'),
    phone: '+998 71 205 40 40',
    email: 'info@adliya-partners.uz',
    mapUrl: 'https://yandex.uz/maps/?text=Tashkent%20Amir%20Temur%20107B',
    isActive: true,
    order: 0,
  },
  {
    name: t('Samarqand filiali', 'Филиал в Самарканде', 'Samarkand Branch'),
    address: t('Samarqand, Registon ko‘chasi, 12', 'Самарканд, улица Регистан, 12', '12 Registan Street, Samarkand'),
    workingHours: t('Dush – Jum: 9:00 – 18:00', 'Пн – Пт: 9:00 – 18:00', 'Mon - Fri: 9:00 AM - 6:00 PM'),
    phone: '+998 66 233 40 40',
    email: 'samarkand@adliya-partners.uz',
    mapUrl: 'https://yandex.uz/maps/?text=Samarkand%20Registan%2012',
    isActive: true,
    order: 1,
  },
];

export const recentCases = [
  {
    title: t('Xorijiy investor bilan qo‘shma korxona', 'Совместное предприятие с иностранным инвестором', 'Joint venture with a foreign investor'),
    category: t('Korporativ huquq', 'Корпоративное право', 'Corporate law'),
    description: t(
      'Toshkentdagi ishlab chiqaruvchi va Turkiya investori o‘rtasidagi bitimni tuzilmalashtirdik va ro‘yxatdan o‘tkazdik.',
      'Структурировали и зарегистрировали сделку между ташкентским производителем и инвестором из Турции.',
      'We structured and registered the deal between a Tashkent manufacturer and a Turkish investor.',
    ),
    result: t('12 mln dollarlik investitsiya 4 oyda yopildi', 'Инвестиция 12 млн долларов закрыта за 4 месяца', 'USD 12 million investment closed in 4 months'),
    icon: 'Handshake',
    order: 0,
  },
  {
    title: t('Soliq nizosida yutuq', 'Победа в налоговом споре', 'Tax dispute won'),
    category: t('Sud nizolari', 'Судебные споры', 'Litigation'),
    description: t(
      'Logistika kompaniyasiga qo‘shimcha hisoblangan soliqni iqtisodiy sudda bekor qildirdik.',
      'Добились в экономическом суде отмены доначисленного налога для логистической компании.',
      'We had additional tax assessed on a logistics company annulled by the economic court.',
    ),
    result: t('2,4 mlrd so‘m qaytarildi', 'Возвращено 2,4 млрд сумов', 'UZS 2.4 billion recovered'),
    icon: 'Scale',
    order: 1,
  },
  {
    title: t('Meros bo‘yicha kelishuv', 'Мировое соглашение по наследству', 'Inheritance settlement'),
    category: t('Oila huquqi', 'Семейное право', 'Family law'),
    description: t(
      'Uch merosxo‘r o‘rtasidagi uzoq davom etgan nizoni sudgacha bo‘lgan kelishuv bilan hal qildik.',
      'Урегулировали давний спор трёх наследников мировым соглашением до суда.',
      'We resolved a long-running dispute between three heirs with a pre-trial settlement.',
    ),
    result: t('Oila munosabatlari saqlab qolindi', 'Семейные отношения сохранены', 'Family relations preserved'),
    icon: 'Heart',
    order: 2,
  },
];

export const footerLinks = [
  { title: t('Xizmatlar', 'Услуги', 'Services'), url: '/services', category: 'main', order: 0 },
  { title: t('Aloqa', 'Контакты', 'Contact'), url: '/contact', category: 'main', order: 1 },
];

export const heroSection = {
  title: t('Biznesingiz uchun', 'Надёжная правовая защита', 'Reliable legal protection'),
  titleHighlight: t('ishonchli huquqiy himoya', 'для вашего бизнеса', 'for your business'),
  subtitle: t(
    'Adliya Partners yuristlari 2001-yildan beri kompaniyalar va oilalarga murakkab huquqiy masalalarni hal qilishda yordam beradi.',
    'Юристы Адлия Партнерс с 2001 года помогают компаниям и семьям решать сложные правовые вопросы.',
    'Since 2001 the lawyers of Adliya Partners have helped companies and families solve difficult legal problems.',
  ),
  getConsultationText: t('Bepul maslahat olish', 'Получить бесплатную консультацию', 'Get Free Consultation'),
  meetTeamText: t('Jamoamiz bilan tanishing', 'Познакомиться с командой', 'Meet Our Team'),
  satisfiedClientsText: t('mamnun mijozlar', 'довольных клиентов', 'satisfied clients'),
  satisfiedClientsCount: '1200+',
  cardTitle: t('Nega bizni tanlashadi', 'Почему выбирают нас', 'Why clients choose us'),
  cardSubtitle: t('Har bir ishda aniq reja va ochiq narx', 'Чёткий план и открытая цена в каждом деле', 'A clear plan and an open price in every case'),
  features: [
    t('Birinchi maslahat bepul', 'Первая консультация бесплатно', 'Free initial consultation'),
    t('Tajribali yuristlar jamoasi', 'Команда опытных юристов', 'Experienced legal team'),
    t('Har bir mijozga alohida yondashuv', 'Индивидуальный подход', 'Personalized approach'),
    t('Shaffof narxlar', 'Прозрачные цены', 'Transparent pricing'),
    t('24/7 mijozlarni qo‘llab-quvvatlash', 'Поддержка клиентов 24/7', '24/7 client support'),
    t('Isbotlangan natijalar', 'Подтверждённые результаты', 'Proven track record'),
  ].map((text, order) => ({ text, order })),
  isActive: true,
  order: 0,
};

/** What the demo's drawn picture on the home page shows (seed/demo-images.ts). */
export const heroImageAlt = t(
  'Kechki Toshkent: madrasa, minora va teleminora tasviri',
  'Ташкент на закате: медресе, минарет и телебашня, рисунок',
  'Tashkent at dusk: a madrasa, a minaret and the TV tower, an illustration',
);

export const services = [
  {
    slug: 'corporate', category: 'corporate', icon: 'Scale', featured: true,
    title: t('Korporativ huquq', 'Корпоративное право', 'Corporate Law'),
    description: t(
      'Kompaniya ochish, ustav va aksiyadorlar kelishuvlari, qo‘shib olish va birlashish, korporativ boshqaruv hamda tekshiruvlarga hamrohlik.',
      'Регистрация компаний, уставы и акционерные соглашения, слияния и поглощения, корпоративное управление и сопровождение проверок.',
      'Company formation, charters and shareholder agreements, mergers and acquisitions, corporate governance and support during inspections.',
    ),
    pricing: t('Soatiga 500 000 so‘mdan', 'От 500 000 сумов в час', 'From UZS 500,000 per hour'),
    duration: t('1–4 hafta', '1–4 недели', '1–4 weeks'),
    features: [
      t('Kompaniyani ro‘yxatdan o‘tkazish', 'Регистрация компании', 'Company registration'),
      t('Aksiyadorlar kelishuvi', 'Акционерное соглашение', 'Shareholder agreements'),
      t('Bitimlarni huquqiy tekshirish (due diligence)', 'Юридическая проверка сделок (due diligence)', 'Legal due diligence'),
      t('Korporativ nizolar', 'Корпоративные споры', 'Corporate disputes'),
    ],
  },
  {
    slug: 'real-estate', category: 'realEstate', icon: 'FileText', featured: true,
    title: t('Ko‘chmas mulk huquqi', 'Право недвижимости', 'Real Estate Law'),
    description: t(
      'Ko‘chmas mulkni sotib olish va ijaraga berish, hujjatlarni tekshirish, yer uchastkalari va qurilish bo‘yicha nizolar.',
      'Покупка и аренда недвижимости, проверка документов, споры по земельным участкам и строительству.',
      'Buying and leasing property, checking title documents, and disputes over land plots and construction.',
    ),
    pricing: t('Bitim uchun 3 mln so‘mdan', 'От 3 млн сумов за сделку', 'From UZS 3 million per transaction'),
    duration: t('2–6 hafta', '2–6 недель', '2–6 weeks'),
    features: [
      t('Mulk hujjatlarini tekshirish', 'Проверка правоустанавливающих документов', 'Title checks'),
      t('Oldi-sotdi va ijara shartnomalari', 'Договоры купли-продажи и аренды', 'Sale and lease agreements'),
      t('Kadastr va ro‘yxatdan o‘tkazish', 'Кадастр и регистрация', 'Cadastre and registration'),
    ],
  },
  {
    slug: 'family', category: 'family', icon: 'Heart', featured: true,
    title: t('Oila huquqi', 'Семейное право', 'Family Law'),
    description: t(
      'Nikohni bekor qilish, mol-mulkni bo‘lish, aliment va bolalar bilan bog‘liq masalalar — xotirjam va maxfiy tarzda.',
      'Развод, раздел имущества, алименты и вопросы, связанные с детьми, — спокойно и конфиденциально.',
      'Divorce, division of property, maintenance and matters concerning children, handled calmly and in confidence.',
    ),
    pricing: t('Qat’iy narx: 2,5 mln so‘mdan', 'Фиксированная цена: от 2,5 млн сумов', 'Fixed fee: from UZS 2.5 million'),
    duration: t('1–3 oy', '1–3 месяца', '1–3 months'),
    features: [
      t('Nikoh shartnomasi', 'Брачный договор', 'Prenuptial agreements'),
      t('Mol-mulkni bo‘lish', 'Раздел имущества', 'Division of property'),
      t('Aliment undirish', 'Взыскание алиментов', 'Child maintenance'),
    ],
  },
  {
    slug: 'criminal', category: 'criminal', icon: 'Gavel', featured: false,
    title: t('Jinoiy ishlar bo‘yicha himoya', 'Защита по уголовным делам', 'Criminal Defense'),
    description: t(
      'Tergovning birinchi soatidan boshlab himoya, iqtisodiy jinoyatlar bo‘yicha ishlar va sudda vakillik.',
      'Защита с первого часа следствия, дела об экономических преступлениях и представительство в суде.',
      'Defence from the first hour of an investigation, economic crime cases and representation in court.',
    ),
    pricing: t('Kelishuv asosida', 'По договорённости', 'By agreement'),
    duration: t('Ish hajmiga qarab', 'Зависит от дела', 'Depends on the case'),
    features: [
      t('Tergovda hamrohlik', 'Сопровождение на следствии', 'Support during investigation'),
      t('Iqtisodiy jinoyatlar', 'Экономические преступления', 'Economic crimes'),
      t('Apellyatsiya', 'Апелляция', 'Appeals'),
    ],
  },
  {
    slug: 'personal-injury', category: 'personalInjury', icon: 'Shield', featured: false,
    title: t('Zararni qoplash', 'Возмещение вреда', 'Personal Injury'),
    description: t(
      'Yo‘l-transport hodisalari, ishlab chiqarishdagi jarohatlar va tibbiy xatolar uchun kompensatsiya undirish.',
      'Взыскание компенсации за ДТП, производственные травмы и врачебные ошибки.',
      'Compensation claims for road accidents, workplace injuries and medical errors.',
    ),
    pricing: t('Natijaga qarab haq olish', 'Гонорар по результату', 'Success-based fee'),
    duration: t('2–6 oy', '2–6 месяцев', '2–6 months'),
    features: [
      t('Sug‘urta kompaniyalari bilan muzokara', 'Переговоры со страховыми компаниями', 'Negotiating with insurers'),
      t('Ekspertiza tashkil etish', 'Организация экспертизы', 'Arranging expert assessment'),
      t('Sudda vakillik', 'Представительство в суде', 'Court representation'),
    ],
  },
  {
    slug: 'estate', category: 'estate', icon: 'Award', featured: false,
    title: t('Meros va vasiyat', 'Наследство и завещания', 'Estate Planning'),
    description: t(
      'Vasiyatnoma tuzish, merosni rasmiylashtirish va merosxo‘rlar o‘rtasidagi nizolarni hal qilish.',
      'Составление завещаний, оформление наследства и разрешение споров между наследниками.',
      'Drafting wills, registering inheritance and resolving disputes between heirs.',
    ),
    pricing: t('1,5 mln so‘mdan', 'От 1,5 млн сумов', 'From UZS 1.5 million'),
    duration: t('2–8 hafta', '2–8 недель', '2–8 weeks'),
    features: [
      t('Vasiyatnoma tuzish', 'Составление завещания', 'Drafting wills'),
      t('Merosni rasmiylashtirish', 'Оформление наследства', 'Registering inheritance'),
      t('Meros nizolari', 'Наследственные споры', 'Inheritance disputes'),
    ],
  },
];

export const stats = [
  // The firm's age as its founding year: a count of years ("25 years") would be wrong a year later.
  { number: 2001, suffix: '', icon: 'Clock', category: 'experience', label: t('tashkil topgan yil', 'год основания', 'year founded') },
  { number: 1200, suffix: '+', icon: 'Users', category: 'clients', label: t('mamnun mijozlar', 'довольных клиентов', 'satisfied clients') },
  { number: 98, suffix: '%', icon: 'Star', category: 'clients', label: t('mijozlar mamnunligi', 'клиентов довольны', 'client satisfaction') },
  { number: 24, suffix: '/7', icon: 'Phone', category: 'general', label: t('shoshilinch yordam', 'экстренная помощь', 'emergency support') },
];

export const features = [
  {
    icon: 'Award', featured: true,
    title: t('2001-yildan beri tajriba', 'Опыт с 2001 года', 'Experience since 2001'),
    description: t(
      'Biz minglab ishlarni yuritganmiz va O‘zbekiston sud amaliyotini ichidan bilamiz.',
      'Мы провели тысячи дел и знаем судебную практику Узбекистана изнутри.',
      'We have handled thousands of cases and know Uzbekistan’s court practice from the inside.',
    ),
  },
  {
    icon: 'Clock', featured: true,
    title: t('24 soat ichida javob', 'Ответ в течение 24 часов', 'Reply within 24 hours'),
    description: t(
      'Har bir murojaatga bir ish kuni ichida javob beramiz, shoshilinch holatlarda — darhol.',
      'Отвечаем на каждое обращение в течение рабочего дня, в срочных случаях — сразу.',
      'We answer every request within one working day, and urgent ones at once.',
    ),
  },
  {
    icon: 'CheckCircle', featured: true,
    title: t('Shaffof narxlar', 'Прозрачные цены', 'Transparent pricing'),
    description: t(
      'Narx ish boshlanishidan oldin yozma kelishiladi — kutilmagan to‘lovlar bo‘lmaydi.',
      'Стоимость согласуется письменно до начала работы — без неожиданных платежей.',
      'The fee is agreed in writing before work starts, with no surprise charges.',
    ),
  },
  {
    icon: 'Users', featured: true,
    title: t('Uch tilda xizmat', 'Работаем на трёх языках', 'Service in three languages'),
    description: t(
      'O‘zbek, rus va ingliz tillarida maslahat beramiz va hujjatlar tayyorlaymiz.',
      'Консультируем и готовим документы на узбекском, русском и английском языках.',
      'We advise and draft documents in Uzbek, Russian and English.',
    ),
  },
];

export const testimonials = [
  {
    name: 'Dilshod Karimov', rating: 5, featured: true, service: 'corporate',
    position: t('Bosh direktor', 'Генеральный директор', 'Chief Executive'),
    company: t('“Silk Road Logistics” MChJ', 'ООО «Silk Road Logistics»', 'Silk Road Logistics LLC'),
    content: t(
      'Soliq tekshiruvi paytida Adliya Partners jamoasi har bir qadamni tushuntirib berdi va nizoni kompaniyamiz foydasiga hal qildi.',
      'Во время налоговой проверки команда Адлия Партнерс объясняла каждый шаг и решила спор в пользу нашей компании.',
      'During a tax inspection the Adliya Partners team explained every step and resolved the dispute in our company’s favour.',
    ),
  },
  {
    name: 'Елена Смирнова', rating: 5, featured: true, service: 'family',
    position: t('Xususiy mijoz', 'Частный клиент', 'Private client'),
    content: t(
      'Og‘ir vaziyatda menga xotirjamlik va aniq reja berishdi. Meros masalasi sudsiz hal bo‘ldi.',
      'В трудной ситуации мне дали спокойствие и понятный план. Вопрос с наследством решился без суда.',
      'In a hard situation they gave me calm and a clear plan. The inheritance question was settled without going to court.',
    ),
    company: t('Toshkent', 'Ташкент', 'Tashkent'),
  },
  {
    name: 'Aziza Rahimova', rating: 5, featured: true, service: 'real-estate',
    position: t('Asoschi', 'Основатель', 'Founder'),
    company: t('“Mehr Textile” MChJ', 'ООО «Mehr Textile»', 'Mehr Textile LLC'),
    content: t(
      'Ishlab chiqarish binosini sotib olishda hujjatlardagi xavflarni o‘z vaqtida aniqlashdi. Bitim bir oyda yopildi.',
      'При покупке производственного здания вовремя нашли риски в документах. Сделка закрыта за месяц.',
      'When we bought a factory building they found the risks in the documents in time. The deal closed within a month.',
    ),
  },
  {
    name: 'James Whitfield', rating: 4, featured: false, service: 'corporate',
    position: t('Mintaqaviy menejer', 'Региональный менеджер', 'Regional Manager'),
    company: t('Caspian Trade Ltd', 'Caspian Trade Ltd', 'Caspian Trade Ltd'),
    content: t(
      'O‘zbekistonda filial ochishda ingliz tilida aniq va tez maslahat oldik.',
      'При открытии филиала в Узбекистане получили чёткие и быстрые консультации на английском.',
      'Opening our branch in Uzbekistan, we got clear and quick advice in English.',
    ),
  },
];

export const cta = {
  title: t('Huquqiy savolingiz bormi?', 'Есть правовой вопрос?', 'Have a legal question?'),
  subtitle: t(
    'Bugun yozing — yuristimiz 24 soat ichida bog‘lanadi va birinchi maslahat bepul bo‘ladi.',
    'Напишите сегодня — юрист свяжется с вами в течение 24 часов, первая консультация бесплатно.',
    'Write to us today: a lawyer will contact you within 24 hours, and the first consultation is free.',
  ),
  primaryButtonText: t('Bepul maslahat olish', 'Получить консультацию', 'Get Free Consultation'),
  secondaryButtonText: t('Jamoamiz', 'Наша команда', 'Our Team'),
  primaryButtonLink: '/contact',
  secondaryButtonLink: '/team',
  backgroundColor: 'primary',
  category: 'home',
  isActive: true,
  order: 0,
};

export const team = [
  {
    name: t('Rustam Aliyev', 'Рустам Алиев', 'Rustam Aliyev'),
    position: t('Boshqaruvchi hamkor', 'Управляющий партнёр', 'Managing Partner'),
    specialization: t('Korporativ huquq va investitsiyalar', 'Корпоративное право и инвестиции', 'Corporate law and investment'),
    education: t('Toshkent davlat yuridik universiteti; LL.M., London universiteti', 'Ташкентский государственный юридический университет; LL.M., Лондонский университет', 'Tashkent State University of Law; LL.M., University of London'),
    bio: t(
      'Rustam firmaga 2001-yilda asos solgan. U xorijiy investorlarning O‘zbekistondagi 200 dan ortiq loyihasiga hamrohlik qilgan.',
      'Рустам основал фирму в 2001 году. Он сопровождал более 200 проектов иностранных инвесторов в Узбекистане.',
      'Rustam founded the firm in 2001. He has advised on more than 200 projects of foreign investors in Uzbekistan.',
    ),
    experience: '25+',
    email: 'r.aliyev@adliya-partners.uz',
    phone: '+998 71 205 40 41',
    linkedin: 'https://linkedin.com/in/rustam-aliyev-law',
  },
  {
    name: t('Nodira Yusupova', 'Нодира Юсупова', 'Nodira Yusupova'),
    position: t('Hamkor, sud nizolari', 'Партнёр, судебные споры', 'Partner, Litigation'),
    specialization: t('Iqtisodiy va soliq nizolari', 'Экономические и налоговые споры', 'Commercial and tax disputes'),
    education: t('Jahon iqtisodiyoti va diplomatiya universiteti', 'Университет мировой экономики и дипломатии', 'University of World Economy and Diplomacy'),
    bio: t(
      'Nodira iqtisodiy sudlarda 400 dan ortiq ishni yuritgan va soliq nizolari bo‘yicha mamlakatdagi yetakchi advokatlardan biri hisoblanadi.',
      'Нодира провела более 400 дел в экономических судах и считается одним из ведущих адвокатов страны по налоговым спорам.',
      'Nodira has argued more than 400 cases before economic courts and is one of the country’s leading advocates in tax disputes.',
    ),
    experience: '18',
    email: 'n.yusupova@adliya-partners.uz',
    phone: '+998 71 205 40 42',
    linkedin: '',
  },
  {
    name: t('Sardor To‘xtayev', 'Сардор Тухтаев', 'Sardor Tukhtayev'),
    position: t('Katta yurist', 'Старший юрист', 'Senior Associate'),
    specialization: t('Ko‘chmas mulk va qurilish', 'Недвижимость и строительство', 'Real estate and construction'),
    education: t('Toshkent davlat yuridik universiteti', 'Ташкентский государственный юридический университет', 'Tashkent State University of Law'),
    bio: t(
      'Sardor ko‘chmas mulk bitimlari va qurilish shartnomalarida mijozlarning manfaatlarini himoya qiladi.',
      'Сардор защищает интересы клиентов в сделках с недвижимостью и строительных контрактах.',
      'Sardor protects clients’ interests in property transactions and construction contracts.',
    ),
    experience: '11',
    email: 's.tukhtayev@adliya-partners.uz',
    phone: '+998 71 205 40 43',
    linkedin: '',
  },
  {
    name: t('Malika Ergasheva', 'Малика Эргашева', 'Malika Ergasheva'),
    position: t('Yurist', 'Юрист', 'Associate'),
    specialization: t('Oila huquqi va meros', 'Семейное право и наследство', 'Family law and inheritance'),
    education: t('Samarqand davlat universiteti, yuridik fakultet', 'Самаркандский государственный университет, юридический факультет', 'Samarkand State University, Faculty of Law'),
    bio: t(
      'Malika oilaviy nizolarni iloji boricha sudsiz, muzokaralar yo‘li bilan hal qilishga intiladi.',
      'Малика стремится решать семейные споры по возможности без суда, путём переговоров.',
      'Malika aims to settle family disputes through negotiation, without court wherever possible.',
    ),
    experience: '7',
    email: 'm.ergasheva@adliya-partners.uz',
    phone: '+998 66 233 40 41',
    linkedin: '',
  },
];

export const partners = [
  {
    name: t('Caspian Legal Group', 'Caspian Legal Group', 'Caspian Legal Group'),
    type: t('Xalqaro yuridik firma', 'Международная юридическая фирма', 'International law firm'),
    location: t('Boku, Ozarbayjon', 'Баку, Азербайджан', 'Baku, Azerbaijan'),
    description: t(
      'Kaspiy mintaqasida energetika va savdo bo‘yicha transchegaraviy bitimlarda hamkorlik qilamiz.',
      'Сотрудничаем в трансграничных сделках в сфере энергетики и торговли в Каспийском регионе.',
      'We work together on cross-border energy and trade transactions in the Caspian region.',
    ),
    specialties: [t('Energetika', 'Энергетика', 'Energy'), t('Xalqaro savdo', 'Международная торговля', 'International trade')],
    website: 'https://example.com/caspian-legal',
    email: 'office@caspian-legal.example',
    phone: '+994 12 400 00 00',
    partnershipType: 'strategic',
    establishedDate: '2009',
  },
  {
    name: t('Almaty Tax Advisors', 'Almaty Tax Advisors', 'Almaty Tax Advisors'),
    type: t('Soliq maslahatchilari', 'Налоговые консультанты', 'Tax advisers'),
    location: t('Olmaota, Qozog‘iston', 'Алматы, Казахстан', 'Almaty, Kazakhstan'),
    description: t(
      'Qozog‘istonda faoliyat yuritayotgan mijozlarimizga soliq rejalashtirish bo‘yicha yordam beradi.',
      'Помогают нашим клиентам, работающим в Казахстане, с налоговым планированием.',
      'They help our clients who do business in Kazakhstan with tax planning.',
    ),
    specialties: [t('Soliq rejalashtirish', 'Налоговое планирование', 'Tax planning'), t('Transfer narxlar', 'Трансфертное ценообразование', 'Transfer pricing')],
    website: 'https://example.com/almaty-tax',
    email: 'info@almaty-tax.example',
    phone: '+7 727 300 00 00',
    partnershipType: 'referral',
    establishedDate: '2012',
  },
  {
    name: t('Istanbul Trade Law', 'Istanbul Trade Law', 'Istanbul Trade Law'),
    type: t('Savdo huquqi firmasi', 'Фирма торгового права', 'Commercial law firm'),
    location: t('Istanbul, Turkiya', 'Стамбул, Турция', 'Istanbul, Turkey'),
    description: t(
      'Turkiya investorlari bilan qo‘shma korxonalar va eksport shartnomalarida birga ishlaymiz.',
      'Работаем вместе над совместными предприятиями и экспортными контрактами с турецкими инвесторами.',
      'We work together on joint ventures and export contracts with Turkish investors.',
    ),
    specialties: [t('Qo‘shma korxonalar', 'Совместные предприятия', 'Joint ventures'), t('Eksport', 'Экспорт', 'Export'), t('Arbitraj', 'Арбитраж', 'Arbitration')],
    website: 'https://example.com/istanbul-trade',
    email: 'contact@istanbul-trade.example',
    phone: '+90 212 500 00 00',
    partnershipType: 'collaboration',
    establishedDate: '2015',
  },
];

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const NEWS_CATEGORY = {
  law: t('Qonunchilik', 'Законодательство', 'Legislation'),
  firm: t('Firma yangiliklari', 'Новости фирмы', 'Firm news'),
  events: t('Tadbirlar', 'События', 'Events'),
};

/** What a profile adds to each lawyer above (same order): languages spoken, bar licence, services they lead. */
export const teamProfiles = [
  { languages: t('O‘zbek, rus, ingliz', 'Узбекский, русский, английский', 'Uzbek, Russian, English'), licence: '00123', leads: ['corporate'] },
  { languages: t('O‘zbek, rus, ingliz, turk', 'Узбекский, русский, английский, турецкий', 'Uzbek, Russian, English, Turkish'), licence: '00457', leads: ['criminal', 'personal-injury'] },
  { languages: t('O‘zbek, rus', 'Узбекский, русский', 'Uzbek, Russian'), licence: '01189', leads: ['real-estate'] },
  { languages: t('O‘zbek, rus, nemis', 'Узбекский, русский, немецкий', 'Uzbek, Russian, German'), licence: '02034', leads: ['family', 'estate'] },
];

export const news = [
  {
    featured: true, date: daysAgo(2), category: NEWS_CATEGORY.law,
    title: t('Yangi Soliq kodeksi: biznes nimalarga tayyorlanishi kerak', 'Новый Налоговый кодекс: к чему готовиться бизнесу', 'The new Tax Code: what businesses should prepare for'),
    excerpt: t(
      '2027-yildan kuchga kiradigan o‘zgarishlar QQS, aylanmadan olinadigan soliq va tekshiruvlar tartibiga ta’sir qiladi.',
      'Изменения, вступающие в силу с 2027 года, затронут НДС, налог с оборота и порядок проверок.',
      'Changes taking effect in 2027 affect VAT, turnover tax and the rules for tax inspections.',
    ),
    content: t(
      'Soliq kodeksiga kiritilgan o‘zgartishlar kichik va o‘rta biznes uchun muhim.\n\nBirinchidan, aylanmadan olinadigan soliq chegarasi o‘zgaradi. Ikkinchidan, sayyor tekshiruvlar faqat xavf tahlili asosida o‘tkaziladi.\n\nYuristlarimiz kompaniyangiz uchun o‘zgarishlarning ta’sirini bepul baholab beradi.',
      'Поправки в Налоговый кодекс важны для малого и среднего бизнеса.\n\nВо-первых, меняется порог для налога с оборота. Во-вторых, выездные проверки будут назначаться только на основе анализа рисков.\n\nНаши юристы бесплатно оценят, как изменения повлияют на вашу компанию.',
      'The amendments to the Tax Code matter for small and medium businesses.\n\nFirst, the threshold for turnover tax changes. Second, field inspections will be ordered only on the basis of risk analysis.\n\nOur lawyers will assess the impact on your company free of charge.',
    ),
    tags: [t('soliq', 'налоги', 'tax'), t('biznes', 'бизнес', 'business')],
    author: { name: t('Nodira Yusupova', 'Нодира Юсупова', 'Nodira Yusupova') },
  },
  {
    featured: false, date: daysAgo(9), category: NEWS_CATEGORY.firm,
    title: t('Adliya Partners Samarqandda filial ochdi', 'Адлия Партнерс открыла филиал в Самарканде', 'Adliya Partners opens a branch in Samarkand'),
    excerpt: t(
      'Endi Samarqand viloyati mijozlari yuristlarimiz bilan shaxsan uchrashishi mumkin.',
      'Теперь клиенты из Самаркандской области могут встретиться с нашими юристами лично.',
      'Clients in the Samarkand region can now meet our lawyers in person.',
    ),
    content: t(
      'Yangi ofis Registon ko‘chasida joylashgan va dushanbadan jumagacha ishlaydi.\n\nFilialga oila huquqi va meros bo‘yicha mutaxassisimiz Malika Ergasheva rahbarlik qiladi.',
      'Новый офис находится на улице Регистан и работает с понедельника по пятницу.\n\nФилиал возглавляет наш специалист по семейному праву и наследству Малика Эргашева.',
      'The new office is on Registan Street and is open Monday to Friday.\n\nThe branch is led by our family and inheritance law specialist Malika Ergasheva.',
    ),
    tags: [t('Samarqand', 'Самарканд', 'Samarkand')],
    author: { name: t('Matbuot xizmati', 'Пресс-служба', 'Press office') },
  },
  {
    featured: false, date: daysAgo(16), category: NEWS_CATEGORY.law,
    title: t('Ijara shartnomalarini davlat ro‘yxatidan o‘tkazish soddalashtirildi', 'Упрощена госрегистрация договоров аренды', 'Registration of lease agreements simplified'),
    excerpt: t(
      'Bir yildan ortiq muddatga tuzilgan ijara shartnomalarini endi onlayn ro‘yxatdan o‘tkazish mumkin.',
      'Договоры аренды сроком более года теперь можно зарегистрировать онлайн.',
      'Leases of more than one year can now be registered online.',
    ),
    content: t(
      'Yangi tartib bo‘yicha ariza Yagona interaktiv davlat xizmatlari portali orqali topshiriladi.\n\nRo‘yxatdan o‘tkazish muddati 10 kundan 3 kunga qisqardi.',
      'По новому порядку заявление подаётся через Единый портал интерактивных госуслуг.\n\nСрок регистрации сокращён с 10 до 3 дней.',
      'Under the new rules the application is filed through the Single Portal of Interactive Public Services.\n\nThe registration period is cut from 10 days to 3.',
    ),
    tags: [t('ko‘chmas mulk', 'недвижимость', 'real estate'), t('ijara', 'аренда', 'lease')],
    author: { name: t('Sardor To‘xtayev', 'Сардор Тухтаев', 'Sardor Tukhtayev') },
  },
  {
    featured: false, date: daysAgo(30), category: NEWS_CATEGORY.events,
    title: t('Tadbirkorlar uchun bepul seminar: shartnoma nizolari', 'Бесплатный семинар для предпринимателей: договорные споры', 'Free seminar for entrepreneurs: contract disputes'),
    excerpt: t(
      'Yuristlarimiz shartnomalardagi eng ko‘p uchraydigan xatolar haqida gapirib berdi.',
      'Наши юристы рассказали о самых частых ошибках в договорах.',
      'Our lawyers talked about the most common mistakes in contracts.',
    ),
    content: t(
      'Seminarda 80 dan ortiq tadbirkor ishtirok etdi.\n\nTaqdimot materiallarini so‘rov bo‘yicha elektron pochta orqali yuboramiz.',
      'В семинаре приняли участие более 80 предпринимателей.\n\nМатериалы презентации пришлём по запросу на электронную почту.',
      'More than 80 entrepreneurs took part in the seminar.\n\nWe will e-mail the presentation on request.',
    ),
    tags: [t('seminar', 'семинар', 'seminar')],
    author: { name: t('Matbuot xizmati', 'Пресс-служба', 'Press office') },
  },
  {
    featured: false, published: false, date: daysAgo(0), category: NEWS_CATEGORY.firm,
    title: t('Yangi hamkor jamoaga qo‘shildi (qoralama)', 'К команде присоединился новый партнёр (черновик)', 'A new partner joins the team (draft)'),
    excerpt: t('E’lon tayyorlanmoqda.', 'Объявление готовится.', 'Announcement in preparation.'),
    content: t('Matn tayyorlanmoqda.', 'Текст готовится.', 'Text in preparation.'),
    tags: [],
    author: { name: t('Matbuot xizmati', 'Пресс-служба', 'Press office') },
  },
];

const BLOG_CATEGORY = {
  business: t('Biznes uchun', 'Для бизнеса', 'For business'),
  people: t('Fuqarolar uchun', 'Для граждан', 'For individuals'),
};

export const blogPosts = [
  {
    featured: true, author: 0, readTime: '7 min', daysAgo: 3, category: BLOG_CATEGORY.business,
    title: t('Xorijiy investor bilan qo‘shma korxona: 7 ta muhim qadam', 'Совместное предприятие с иностранным инвестором: 7 важных шагов', 'A joint venture with a foreign investor: 7 key steps'),
    excerpt: t(
      'Ustav kapitalidan nizolarni hal qilish tartibigacha — bitimdan oldin nimalarni kelishib olish kerak.',
      'От уставного капитала до порядка разрешения споров — что согласовать до сделки.',
      'From share capital to dispute resolution: what to agree on before the deal.',
    ),
    content: t(
      '1. Ulushlar va boshqaruv huquqlarini aniq belgilang.\n2. Qarorlar qabul qilish tartibini yozib qo‘ying.\n3. Nizolarni hal qilish joyini oldindan tanlang.\n\nBatafsil maslahat uchun bizga yozing.',
      '1. Чётко определите доли и права управления.\n2. Пропишите порядок принятия решений.\n3. Заранее выберите место разрешения споров.\n\nЗа подробной консультацией обращайтесь к нам.',
      '1. Define the shares and control rights clearly.\n2. Write down how decisions are taken.\n3. Choose where disputes will be resolved in advance.\n\nWrite to us for detailed advice.',
    ),
    tags: [t('investitsiya', 'инвестиции', 'investment'), t('korporativ', 'корпоративное', 'corporate'), t('shartnoma', 'договор', 'contract')],
  },
  {
    featured: false, author: 1, readTime: '5 min', daysAgo: 12, category: BLOG_CATEGORY.business,
    title: t('Soliq tekshiruvi keldi: birinchi soatda nima qilish kerak', 'Пришла налоговая проверка: что делать в первый час', 'A tax inspection arrives: what to do in the first hour'),
    excerpt: t(
      'Tekshiruvchilarning vakolatlarini qanday tekshirish va qaysi hujjatlarni berish shart.',
      'Как проверить полномочия проверяющих и какие документы вы обязаны предоставить.',
      'How to check the inspectors’ authority and which documents you must provide.',
    ),
    content: t(
      'Avvalo, tekshiruv to‘g‘risidagi buyruqni so‘rang va nusxasini oling.\n\nHujjatlarni faqat ro‘yxat asosida topshiring va yuristingizni chaqiring.',
      'Прежде всего попросите приказ о проверке и снимите с него копию.\n\nПередавайте документы только по описи и вызовите своего юриста.',
      'First, ask for the inspection order and take a copy.\n\nHand over documents only against a list, and call your lawyer.',
    ),
    tags: [t('soliq', 'налоги', 'tax'), t('tekshiruv', 'проверка', 'inspection')],
  },
  {
    featured: false, author: 3, readTime: '6 min', daysAgo: 20, category: BLOG_CATEGORY.people,
    title: t('Merosni qanday rasmiylashtirish mumkin', 'Как оформить наследство', 'How to register an inheritance'),
    excerpt: t(
      'Muddatlar, hujjatlar va notarius bilan ishlash — oddiy tilda.',
      'Сроки, документы и работа с нотариусом — простым языком.',
      'Deadlines, documents and working with a notary, in plain words.',
    ),
    content: t(
      'Merosni qabul qilish uchun olti oy muddat beriladi.\n\nNotariusga o‘lim to‘g‘risidagi guvohnoma, qarindoshlikni tasdiqlovchi hujjatlar va mulk hujjatlarini taqdim eting.',
      'Для принятия наследства даётся шесть месяцев.\n\nПредставьте нотариусу свидетельство о смерти, документы о родстве и документы на имущество.',
      'You have six months to accept an inheritance.\n\nGive the notary the death certificate, proof of kinship and the property documents.',
    ),
    tags: [t('meros', 'наследство', 'inheritance'), t('notarius', 'нотариус', 'notary')],
  },
  {
    featured: false, author: 2, readTime: '4 min', daysAgo: 35, category: BLOG_CATEGORY.people,
    title: t('Kvartira sotib olishdan oldin tekshiriladigan 5 hujjat', '5 документов, которые нужно проверить перед покупкой квартиры', '5 documents to check before buying a flat'),
    excerpt: t(
      'Kadastr pasportidan taqiqlar yo‘qligi haqidagi ma’lumotnomagacha.',
      'От кадастрового паспорта до справки об отсутствии запретов.',
      'From the cadastral passport to the certificate of no encumbrances.',
    ),
    content: t(
      'Kadastr pasporti, mulk huquqini tasdiqlovchi hujjat, taqiq yo‘qligi haqida ma’lumotnoma, ro‘yxatdagi shaxslar va kommunal qarzlar — barchasini bitimdan oldin tekshiring.',
      'Кадастровый паспорт, правоустанавливающий документ, справка об отсутствии запретов, прописанные лица и коммунальные долги — проверьте всё до сделки.',
      'The cadastral passport, the title document, the certificate of no encumbrances, registered residents and utility debts: check them all before the deal.',
    ),
    tags: [t('ko‘chmas mulk', 'недвижимость', 'real estate')],
  },
];

export const contactRequests = [
  { name: 'Bekzod Nurmatov', email: 'bekzod.n@example.com', phone: '+998 90 123 45 67', subject: 'MChJ ro‘yxatdan o‘tkazish', message: 'Assalomu alaykum! Ikki ta’sischi bilan MChJ ochmoqchimiz. Narxi va muddatini bilsak bo‘ladimi?', service: 'Korporativ huquq', status: 'new' },
  { name: 'Ольга Ким', email: 'olga.kim@example.org', phone: '+998 93 555 11 22', subject: 'Раздел имущества', message: 'Здравствуйте, нужна консультация по разделу квартиры после развода.', service: 'Семейное право', status: 'read' },
  { name: 'Thomas Berger', email: 't.berger@example.com', phone: '', subject: 'Branch registration', message: 'We plan to open a representative office in Tashkent next quarter. Could you send your terms?', service: 'Corporate Law', status: 'replied' },
  // A new matter whose other side is the firm's client (Toshkent Agro, in Cyrillic): its conflict check finds it.
  { kind: 'matter', name: 'Jasur Aliyev', email: 'j.aliyev@example.com', phone: '', company: 'Samarqand Meva Eksport MChJ', tin: '', counterparties: ['ООО «Ташкент Агро»'], service: 'Ko‘chmas mulk', acknowledged: true, status: 'conflict_check' },
];
