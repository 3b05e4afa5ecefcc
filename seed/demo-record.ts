import type { DomainServices } from '../domain/app-services.ts';
import { t } from './demo-content.ts';

/*
 * The firm's record in the demo (API-3.md "The firm's record"): two industries, matters named with
 * consent, anonymous and confidential, and rankings of the firm and of one lawyer — one of an old
 * edition, which the site no longer shows.
 */

export async function seedFirmRecord(services: DomainServices, offered: Map<string, string>, lawyers: Array<{ _id: string }>): Promise<void> {
  const service = (slug: string) => offered.get(slug) ?? '';
  const energy = await services.records.industries.create({
    title: t('Energetika va infratuzilma', 'Энергетика и инфраструктура', 'Energy and infrastructure'),
    description: t(
      'Quyosh va shamol elektr stansiyalari, davlat-xususiy sheriklik loyihalari, elektr energiyasini sotib olish shartnomalari va ularni moliyalashtirish.',
      'Солнечные и ветровые электростанции, проекты государственно-частного партнёрства, договоры покупки электроэнергии и их финансирование.',
      'Solar and wind power plants, public–private partnership projects, power purchase agreements and their financing.',
    ),
    services: [service('corporate'), service('real-estate')].filter(Boolean),
    order: 0,
  });
  const agriculture = await services.records.industries.create({
    title: t('Qishloq xo‘jaligi va oziq-ovqat', 'Сельское хозяйство и пищевая промышленность', 'Agriculture and food'),
    description: t(
      'Klasterlar, yer ijarasi, eksport shartnomalari va sertifikatlash: fermerdan eksportchigacha.',
      'Кластеры, аренда земли, экспортные контракты и сертификация: от фермера до экспортёра.',
      'Clusters, land leases, export contracts and certification: from the farmer to the exporter.',
    ),
    services: [service('real-estate'), service('corporate')].filter(Boolean),
    order: 1,
  });
  const [managing, second] = lawyers;
  await services.records.matters.create({
    title: t('100 MVt quyosh elektr stansiyasi loyihasida investorga maslahat', 'Консультирование инвестора по проекту солнечной электростанции на 100 МВт', 'Advising the investor on a 100 MW solar power plant'),
    summary: t(
      'Davlat-xususiy sheriklik kelishuvi, yer uchastkasi va elektr energiyasini sotib olish shartnomasi bo‘yicha muzokaralar.',
      'Переговоры по соглашению о ГЧП, земельному участку и договору покупки электроэнергии.',
      'Negotiated the PPP agreement, the land plot and the power purchase agreement.',
    ),
    year: 2025,
    value: 'USD 95 mln',
    services: [service('corporate')].filter(Boolean),
    industries: [energy._id],
    lawyers: managing ? [managing._id] : [],
    anonymousClient: t('Yevropa energetika kompaniyasi', 'Европейская энергетическая компания', 'A European energy company'),
  });
  await services.records.matters.create({
    title: t('Meva-sabzavot klasteri uchun yer ijarasi nizosida g‘alaba', 'Победа в споре об аренде земли для плодоовощного кластера', 'Won a land lease dispute for a fruit and vegetable cluster'),
    summary: t(
      'Iqtisodiy sudda 1 200 gektar yer ijarasi shartnomasi bekor qilinishining oldi olindi.',
      'В экономическом суде предотвращено расторжение договора аренды 1 200 гектаров.',
      'Prevented the termination of a 1,200-hectare lease in the economic court.',
    ),
    year: 2024,
    services: [service('real-estate')].filter(Boolean),
    industries: [agriculture._id],
    lawyers: second ? [second._id] : [],
    client: t('“Toshkent Agro” MChJ', 'ООО «Ташкент Агро»', 'Toshkent Agro LLC'),
    clientConsent: true,
    opposingParties: ['Bo‘ka tumani hokimligi'],
  });
  await services.records.matters.create({
    title: t('Bank aksiyalarini sotib olish', 'Покупка акций банка', 'Acquisition of a bank’s shares'),
    summary: t('Maxfiy bitim.', 'Конфиденциальная сделка.', 'A confidential deal.'),
    year: 2025,
    services: [service('corporate')].filter(Boolean),
    // The real client and the other side, for the conflict check: never on the site (confidential, no consent).
    client: t('“Silk Road Capital” MChJ', 'ООО «Силк Роуд Капитал»', 'Silk Road Capital LLC'),
    clientConsent: false,
    opposingParties: ['“Turon Savdo Bank” ATB', 'Karimov Akmal Rustamovich'],
    confidential: true,
  });
  const edition = new Date().getFullYear();
  const rankings = [
    { guide: 'Chambers Global', edition, practice: t('Korporativ huquq va M&A', 'Корпоративное право и M&A', 'Corporate/M&A'), tier: 'Band 2', sourceUrl: 'https://chambers.com/guide/global' },
    { guide: 'The Legal 500', edition, practice: t('Bank va moliya', 'Банки и финансы', 'Banking and finance'), tier: 'Tier 1', team: managing?._id ?? '', sourceUrl: 'https://www.legal500.com/c/uzbekistan/' },
    { guide: 'IFLR1000', edition: edition - 3, practice: t('Loyihalarni moliyalashtirish', 'Проектное финансирование', 'Project finance'), tier: 'Notable', sourceUrl: 'https://www.iflr1000.com/' },
  ];
  for (const ranking of rankings) await services.records.rankings.create(ranking);
  await services.records.vacancies.create({
    title: t('Korporativ huquq bo‘yicha yurist', 'Юрист по корпоративному праву', 'Corporate lawyer'),
    description: t(
      'Bitimlarni tayyorlash va kuzatib borish, due diligence, mijozlar bilan muzokaralar. Kamida 3 yillik tajriba, o‘zbek, rus va ingliz tillari.',
      'Подготовка и сопровождение сделок, due diligence, переговоры с клиентами. Опыт от 3 лет, узбекский, русский и английский языки.',
      'Preparing and closing deals, due diligence, negotiating with clients. At least 3 years of experience; Uzbek, Russian and English.',
    ),
    practice: t('Korporativ huquq', 'Корпоративное право', 'Corporate law'),
    location: t('Toshkent', 'Ташкент', 'Tashkent'),
    employmentType: 'FULL_TIME',
    closesAt: new Date(Date.now() + 60 * 86_400_000).toISOString(),
  });
  const day = 86_400_000;
  // Ten in the morning, Tashkent time (UTC+5), some days from now.
  const morning = (days: number) => new Date(Math.floor(Date.now() / day) * day + days * day + 5 * 3600_000).toISOString();
  await services.records.events.create({
    title: t('Yangi Soliq kodeksi: biznes uchun seminar', 'Новый Налоговый кодекс: семинар для бизнеса', 'The new Tax Code: a seminar for business'),
    description: t(
      'Soliq kodeksidagi asosiy o‘zgarishlar, 2027-yilga tayyorgarlik va savol-javob. Seminar o‘zbek va rus tillarida o‘tadi.',
      'Главные изменения Налогового кодекса, подготовка к 2027 году и ответы на вопросы. Семинар пройдёт на узбекском и русском языках.',
      'The main changes of the Tax Code, getting ready for 2027, and questions and answers. In Uzbek and Russian.',
    ),
    startsAt: morning(21),
    endsAt: new Date(Date.parse(morning(21)) + 2 * 3600_000).toISOString(),
    mode: 'mixed',
    venue: t('Toshkent, Amir Temur shoh ko‘chasi, 107B, “Navoiy” biznes markazi', 'Ташкент, проспект Амира Темура, 107Б, бизнес-центр «Навои»', 'Tashkent, 107B Amir Temur Avenue, Navoi business centre'),
    onlineUrl: 'https://meet.adliya-partners.uz/soliq-seminar',
    capacity: 40,
    speakers: managing ? [managing._id] : [],
    topics: [service('corporate')].filter(Boolean),
  });
  await services.records.events.create({
    title: t('Xalqaro arbitraj: davra suhbati', 'Международный арбитраж: круглый стол', 'International arbitration: a round table'),
    description: t('ICC va LCIA amaliyoti, O‘zbekistonda hakamlik qarorlarini ijro etish.', 'Практика ICC и LCIA, исполнение арбитражных решений в Узбекистане.', 'ICC and LCIA practice, enforcing arbitral awards in Uzbekistan.'),
    startsAt: morning(-30),
    endsAt: new Date(Date.parse(morning(-30)) + 3 * 3600_000).toISOString(),
    mode: 'offline',
    venue: t('Toshkent, “Hyatt Regency” mehmonxonasi', 'Ташкент, отель «Hyatt Regency»', 'Tashkent, Hyatt Regency hotel'),
    speakers: second ? [second._id] : [],
    slidesUrl: 'https://adliya-partners.uz/files/arbitraj-2026.pdf',
  });
  // The newest published news article is about corporate work: the energy industry's page lists it.
  const newest = (await services.records.news.listPage({ lang: 'uz', admin: false, limit: 1 })).data[0];
  if (newest && service('corporate')) await services.records.news.update(newest._id, { topics: [service('corporate')], version: newest.version });
}
