import type { SiteConfig } from './site-config-schema.ts';

const t = (en: string, uz: string, ru: string) => ({ uz, ru, en });

/** The configuration a new site starts with; stored values replace these part by part. */
export function siteConfigDefaults(): SiteConfig {
  return {
    companyName: t('Law Firm', 'Yuridik firma', 'Юридическая фирма'),
    companyDescription: t(
      'Legal services for businesses and individuals: corporate law, disputes, real estate and family matters.',
      'Biznes va jismoniy shaxslar uchun yuridik xizmatlar: korporativ huquq, nizolar, ko‘chmas mulk va oilaviy masalalar.',
      'Юридические услуги для бизнеса и частных лиц: корпоративное право, споры, недвижимость и семейные дела.',
    ),
    seo: {
      title: t('Law Firm — Legal Services for Business', 'Yuridik firma — biznes uchun huquqiy xizmatlar', 'Юридическая фирма — правовые услуги для бизнеса'),
      description: t(
        'Experienced lawyers for companies and families. Free first consultation; we reply within 24 hours.',
        'Kompaniyalar va oilalar uchun tajribali yuristlar. Birinchi maslahat bepul, 24 soat ichida javob beramiz.',
        'Опытные юристы для компаний и семей. Первая консультация бесплатно, отвечаем в течение 24 часов.',
      ),
      keywords: t('lawyer, law firm, legal services', 'yurist, advokat, yuridik xizmatlar', 'юрист, адвокат, юридические услуги'),
    },
    contactInfo: {
      phone: '+998 71 200 00 00',
      email: 'info@example.uz',
      address: t('Tashkent, Uzbekistan', 'Toshkent, O‘zbekiston', 'Ташкент, Узбекистан'),
      workingHours: t('Mon - Fri: 9:00 AM - 6:00 PM', 'Dush – Jum: 9:00 – 18:00', 'Пн – Пт: 9:00 – 18:00'),
      emergencyPhone: '',
    },
    socialMedia: {
      facebook: 'https://facebook.com',
      twitter: 'https://twitter.com',
      linkedin: 'https://linkedin.com',
      instagram: 'https://instagram.com',
      telegram: '',
    },
    primaryButton: { text: t('Free Consultation', 'Bepul maslahat', 'Бесплатная консультация'), link: '/contact' },
    footerLinks: [],
    // Consent off by default, so that POST /api/contact stays as API.md has it until the firm turns it on.
    // The operator is filled in by the firm (the demo has a Tashkent firm's): its consents name it (docs/privacy-uz.md).
    privacy: { requireConsent: false, policyVersion: '1', retentionDays: 365, emailRequests: true, telegramRequests: true, telegramPersonalData: true, operator: { name: {}, tin: '', address: {}, registerNumber: '' }, crossBorder: { transfer: false, basis: null, countries: [] } },
    security: { requireTwoFactor: false },
    publishing: { requireApproval: false, defaultLanguageFirst: true },
    telegram: { channels: {} },
    legal: {
      mattersDisclaimer: t(
        'Past results do not guarantee a similar outcome. Clients are named only with their consent.',
        'Oldingi natijalar shunga o‘xshash natijani kafolatlamaydi. Mijozlar faqat ularning roziligi bilan nomlanadi.',
        'Прошлые результаты не гарантируют такого же исхода. Клиенты названы только с их согласия.',
      ),
    },
    legalPages: {
      privacyPolicy: t('Privacy Policy', 'Maxfiylik siyosati', 'Политика конфиденциальности'),
      termsOfService: t('Terms of Service', 'Foydalanish shartlari', 'Условия использования'),
      disclaimer: t('Disclaimer', 'Javobgarlikni cheklash', 'Отказ от ответственности'),
      privacyPolicyUrl: '#',
      termsOfServiceUrl: '#',
      disclaimerUrl: '#',
    },
    offices: [],
    sections: {
      navigation: {
        homeText: t('Home', 'Bosh sahifa', 'Главная'),
        servicesText: t('Services', 'Xizmatlar', 'Услуги'),
        teamText: t('Team', 'Jamoa', 'Команда'),
        partnersText: t('Partners', 'Hamkorlar', 'Партнёры'),
        newsText: t('News', 'Yangiliklar', 'Новости'),
        blogText: t('Blog', 'Blog', 'Блог'),
        contactText: t('Contact', 'Aloqa', 'Контакты'),
      },
      footer: {
        quickLinksTitle: t('Quick Links', 'Tezkor havolalar', 'Быстрые ссылки'),
        homeText: t('Home', 'Bosh sahifa', 'Главная'),
        teamText: t('Our Team', 'Jamoamiz', 'Наша команда'),
        partnersText: t('Partners', 'Hamkorlar', 'Партнёры'),
        newsText: t('News', 'Yangiliklar', 'Новости'),
        blogText: t('Blog', 'Blog', 'Блог'),
        servicesTitle: t('Our Services', 'Xizmatlarimiz', 'Наши услуги'),
        noServicesText: t('No services available', 'Hozircha xizmatlar yo‘q', 'Услуги пока не добавлены'),
        contactTitle: t('Contact Info', 'Bog‘lanish', 'Контакты'),
      },
      team: {
        title: t('Our Legal Team', 'Yuristlar jamoamiz', 'Наша команда юристов'),
        subtitle: t(
          'Experienced attorneys dedicated to protecting your interests',
          'Manfaatlaringizni himoya qilishga sodiq tajribali advokatlar',
          'Опытные адвокаты, которые защищают ваши интересы',
        ),
      },
      partners: {
        title: t('Our Partners', 'Hamkorlarimiz', 'Наши партнёры'),
        subtitle: t(
          'Trusted firms we work with in Uzbekistan and abroad',
          'O‘zbekistonda va xorijda birga ishlaydigan ishonchli firmalar',
          'Надёжные фирмы, с которыми мы работаем в Узбекистане и за рубежом',
        ),
        benefits: [
          {
            icon: 'Globe',
            title: t('International Reach', 'Xalqaro qamrov', 'Международный охват'),
            description: t(
              'Clients get help in other jurisdictions through firms we know and trust.',
              'Mijozlar boshqa yurisdiksiyalarda ham biz biladigan va ishonadigan firmalar orqali yordam oladi.',
              'Клиенты получают помощь в других юрисдикциях через фирмы, которых мы знаем и которым доверяем.',
            ),
          },
          {
            icon: 'Users',
            title: t('Shared Expertise', 'Umumiy tajriba', 'Общая экспертиза'),
            description: t(
              'Specialists from several firms work on complex cases as one team.',
              'Murakkab ishlar ustida bir nechta firmalarning mutaxassislari yagona jamoa bo‘lib ishlaydi.',
              'Над сложными делами специалисты нескольких фирм работают как одна команда.',
            ),
          },
          {
            icon: 'Handshake',
            title: t('Mutual Referrals', 'O‘zaro tavsiyalar', 'Взаимные рекомендации'),
            description: t(
              'We refer clients to each other when a matter needs another specialty.',
              'Ish boshqa mutaxassislikni talab qilsa, mijozlarni bir-birimizga tavsiya qilamiz.',
              'Если делу нужна другая специализация, мы рекомендуем клиентов друг другу.',
            ),
          },
          {
            icon: 'Award',
            title: t('Quality Standards', 'Sifat standartlari', 'Стандарты качества'),
            description: t(
              'Every partner firm shares our standards of ethics and client service.',
              'Har bir hamkor firma odob-axloq va mijozlarga xizmat ko‘rsatish bo‘yicha standartlarimizga amal qiladi.',
              'Каждая фирма-партнёр разделяет наши стандарты этики и обслуживания клиентов.',
            ),
          },
        ],
      },
      news: {
        title: t('Latest News', 'So‘nggi yangiliklar', 'Последние новости'),
        subtitle: t(
          'Changes in legislation, firm news and legal commentary',
          'Qonunchilikdagi o‘zgarishlar, firma yangiliklari va huquqiy sharhlar',
          'Изменения в законодательстве, новости фирмы и правовые комментарии',
        ),
      },
      blog: {
        title: t('Legal Blog', 'Huquqiy blog', 'Юридический блог'),
        subtitle: t('Practical articles from our lawyers', 'Yuristlarimizning amaliy maqolalari', 'Практические статьи наших юристов'),
      },
      contact: {
        title: t('Contact Us', 'Biz bilan bog‘laning', 'Свяжитесь с нами'),
        subtitle: t(
          'Ask for a free consultation: we respond within 24 hours',
          'Bepul maslahat so‘rang: 24 soat ichida javob beramiz',
          'Запишитесь на бесплатную консультацию: ответим в течение 24 часов',
        ),
      },
      services: {
        title: t('Our Services', 'Xizmatlarimiz', 'Наши услуги'),
        subtitle: t(
          'Legal help for companies and individuals, from first advice to court',
          'Kompaniyalar va jismoniy shaxslar uchun birinchi maslahatdan sudgacha yuridik yordam',
          'Юридическая помощь компаниям и частным лицам: от первой консультации до суда',
        ),
        loadingText: t('Loading services…', 'Xizmatlar yuklanmoqda…', 'Загрузка услуг…'),
        errorText: t('Failed to load services.', 'Xizmatlarni yuklab bo‘lmadi.', 'Не удалось загрузить услуги.'),
        retryText: t('Try again', 'Qayta urinish', 'Повторить'),
        learnMoreText: t('Learn more →', 'Batafsil →', 'Подробнее →'),
        noResultsText: t('No services found.', 'Xizmatlar topilmadi.', 'Услуги не найдены.'),
      },
      home: {
        services: {
          title: t('Practice Areas', 'Faoliyat yo‘nalishlari', 'Направления практики'),
          subtitle: t('Legal help wherever your business needs it', 'Biznesingizga kerak bo‘lgan har bir sohada huquqiy yordam', 'Правовая помощь во всех вопросах вашего бизнеса'),
        },
        whyChoose: {
          title: t('Why Choose Us', 'Nega aynan biz', 'Почему выбирают нас'),
          subtitle: t('What clients value in working with us', 'Mijozlar biz bilan ishlashda nimani qadrlaydi', 'Что клиенты ценят в работе с нами'),
        },
        testimonialsSection: {
          title: t('What Our Clients Say', 'Mijozlarimiz fikri', 'Отзывы клиентов'),
          subtitle: t('Companies and families who trusted us', 'Bizga ishongan kompaniyalar va oilalar', 'Компании и семьи, которые нам доверились'),
        },
        process: {
          title: t('How We Work', 'Qanday ishlaymiz', 'Как мы работаем'),
          subtitle: t('A clear path from the first call to the result', 'Birinchi qo‘ng‘iroqdan natijagacha aniq yo‘l', 'Понятный путь от первого звонка до результата'),
          steps: [
            { step: '01', icon: 'Phone', order: 0, title: t('Consultation', 'Maslahat', 'Консультация'),
              description: t('We listen, study your documents and explain your options.', 'Sizni tinglaymiz, hujjatlaringizni o‘rganamiz va imkoniyatlaringizni tushuntiramiz.', 'Выслушаем, изучим документы и объясним ваши варианты.') },
            { step: '02', icon: 'Target', order: 1, title: t('Strategy', 'Strategiya', 'Стратегия'),
              description: t('We agree on a plan, timeline and transparent fee.', 'Reja, muddatlar va shaffof narx bo‘yicha kelishib olamiz.', 'Согласуем план, сроки и прозрачную стоимость.') },
            { step: '03', icon: 'Gavel', order: 2, title: t('Action', 'Harakat', 'Работа'),
              description: t('Our lawyers negotiate, draft and represent you.', 'Yuristlarimiz muzokara olib boradi, hujjatlarni tayyorlaydi va sizni himoya qiladi.', 'Наши юристы ведут переговоры, готовят документы и представляют вас.') },
            { step: '04', icon: 'CheckCircle', order: 3, title: t('Result', 'Natija', 'Результат'),
              description: t('We close the matter and stay available for what comes next.', 'Ishni yakunlaymiz va keyingi savollar uchun doim aloqadamiz.', 'Завершаем дело и остаёмся на связи для следующих вопросов.') },
          ],
        },
        recentCases: {
          title: t('Recent Cases', 'So‘nggi ishlar', 'Недавние дела'),
          subtitle: t('Results we have achieved for our clients', 'Mijozlarimiz uchun erishgan natijalarimiz', 'Результаты, которых мы добились для клиентов'),
          learnMoreText: t('Learn More', 'Batafsil', 'Подробнее'),
          items: [],
        },
      },
    },
  };
}
