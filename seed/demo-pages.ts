import { t } from './demo-content.ts';

/*
 * The demo firm's questions and answers and its three legal pages, in Uzbek (Latin), Russian and
 * English. Bodies are plain text: a blank line starts a new paragraph.
 */

/** `service` names a demo service by its slug; questions without one are general. */
export const faqs = [
  {
    service: '',
    question: t('Birinchi maslahat qancha turadi?', 'Сколько стоит первая консультация?', 'How much does the first consultation cost?'),
    answer: t(
      'Birinchi 30 daqiqalik maslahat bepul. Unda vaziyatingizni tinglaymiz, qanday hujjatlar kerakligini aytamiz va ish hajmi hamda narxini oldindan yozma ravishda kelishib olamiz.',
      'Первая консультация продолжительностью 30 минут бесплатна. Мы выслушаем вас, скажем, какие документы понадобятся, и заранее письменно согласуем объём работы и её стоимость.',
      'The first 30-minute consultation is free. We listen to your situation, tell you which documents will be needed, and agree the scope and the fee with you in writing before any work starts.',
    ),
  },
  {
    service: '',
    question: t('Qaysi tillarda ishlaysiz?', 'На каких языках вы работаете?', 'Which languages do you work in?'),
    answer: t(
      'Advokatlarimiz o‘zbek, rus va ingliz tillarida maslahat beradi va hujjat tayyorlaydi. Sudda ish yuritish tili bo‘yicha tarjimani ham o‘zimiz tashkil qilamiz.',
      'Наши юристы консультируют и готовят документы на узбекском, русском и английском языках. Перевод для суда на язык судопроизводства мы организуем сами.',
      'Our lawyers advise and draft documents in Uzbek, Russian and English. Where a court works in another language, we arrange the translation ourselves.',
    ),
  },
  {
    service: '',
    question: t('Ma’lumotlarim sir saqlanadimi?', 'Сохраняется ли конфиденциальность моих данных?', 'Is what I tell you kept confidential?'),
    answer: t(
      'Ha. Advokatlik siri qonun bilan himoyalangan: siz aytgan hamma narsa, hatto shartnoma tuzilmasa ham, uchinchi shaxslarga oshkor qilinmaydi.',
      'Да. Адвокатская тайна защищена законом: всё, что вы нам сообщили, не раскрывается третьим лицам, даже если договор так и не был заключён.',
      'Yes. Legal professional privilege is protected by law: nothing you tell us is disclosed to third parties, even if you never instruct us.',
    ),
  },
  {
    service: 'corporate',
    question: t('MChJni ro‘yxatdan o‘tkazish qancha vaqt oladi?', 'Сколько времени занимает регистрация ООО?', 'How long does it take to register an LLC?'),
    answer: t(
      'Hujjatlar tayyor bo‘lsa, davlat ro‘yxatidan o‘tkazish odatda 1–2 ish kuni davom etadi. Ta’sis hujjatlari, bank hisob raqami va soliq ro‘yxatini qo‘shganda butun jarayon bir haftaga yaqin vaqt oladi.',
      'Если документы готовы, государственная регистрация обычно занимает 1–2 рабочих дня. Вместе с учредительными документами, открытием счёта и постановкой на налоговый учёт весь процесс занимает около недели.',
      'With the documents ready, state registration usually takes one or two working days. Including the founding documents, a bank account and tax registration, the whole process takes about a week.',
    ),
  },
  {
    service: 'real-estate',
    question: t('Kvartira sotib olishdan oldin nimani tekshirish kerak?', 'Что проверить перед покупкой квартиры?', 'What should be checked before buying a flat?'),
    answer: t(
      'Kadastr ma’lumotlari, mulk huquqi qanday asosda paydo bo‘lgani, garov va taqiqlar, ro‘yxatda turgan shaxslar hamda sotuvchi turmush o‘rtog‘ining roziligi. Biz bularni bir necha kunda tekshirib, yozma xulosa beramiz.',
      'Кадастровые данные, основание возникновения права собственности, залоги и запреты, прописанных лиц и согласие супруга продавца. Мы проверяем всё это за несколько дней и даём письменное заключение.',
      'The cadastral record, how the seller came to own it, any mortgages or bans, who is registered at the address, and the consent of the seller’s spouse. We check all of it within a few days and give you a written opinion.',
    ),
  },
  {
    service: 'family',
    question: t('Ajrashishda bolalar bilan bog‘liq masalalar qanday hal qilinadi?', 'Как решаются вопросы о детях при разводе?', 'How are questions about children settled in a divorce?'),
    answer: t(
      'Avvalo kelishuv orqali: bola kim bilan yashashi, ko‘rishish tartibi va aliment miqdori bo‘yicha bitim tuzishga yordam beramiz. Kelishib bo‘lmasa, sudda bolaning manfaatlarini birinchi o‘ringa qo‘yib himoya qilamiz.',
      'Прежде всего — договорённостью: мы помогаем заключить соглашение о месте жительства ребёнка, порядке общения и размере алиментов. Если договориться не удаётся, защищаем интересы ребёнка в суде.',
      'By agreement first: we help the parents settle where the child lives, how the other parent sees them and how much maintenance is paid. Where no agreement is possible, we represent you in court with the child’s interests first.',
    ),
  },
];

const privacy = {
  slug: 'privacy',
  title: t('Maxfiylik siyosati', 'Политика конфиденциальности', 'Privacy Policy'),
  body: t(
    `Ushbu siyosat Adliya Partners (keyingi o‘rinlarda — firma) saytidan foydalanganingizda va bizga murojaat qilganingizda shaxsiy ma’lumotlaringiz qanday yig‘ilishi, saqlanishi va ishlatilishini tushuntiradi. Biz O‘zbekiston Respublikasining “Shaxsga doir ma’lumotlar to‘g‘risida”gi Qonuniga amal qilamiz.

Aloqa shakli orqali ismingiz, elektron pochtangiz, telefon raqamingiz va xabaringizni olamiz. Ular faqat murojaatingizga javob berish va kerak bo‘lsa yuridik yordam ko‘rsatish uchun ishlatiladi. Saytda reklama kuzatuvchilari va uchinchi tomon tahlil xizmatlari yo‘q; sahifalar tashrif statistikasini cookie faylarisiz va IP manzilni saqlamasdan hisoblaydi.

Ma’lumotlar O‘zbekiston hududidagi serverlarda saqlanadi va faqat murojaatni ko‘rib chiqayotgan firma xodimlariga ochiq. Ular uchinchi shaxslarga sotilmaydi va berilmaydi, qonunda nazarda tutilgan hollar bundan mustasno.

Siz istalgan vaqtda ma’lumotlaringiz nusxasini olishni, ularni tuzatishni yoki o‘chirishni so‘rashingiz mumkin: info@adliya-partners.uz manziliga yozing. So‘rovingizga 10 ish kuni ichida javob beramiz.`,
    `Настоящая политика объясняет, как Адлия Партнерс (далее — фирма) собирает, хранит и использует ваши персональные данные, когда вы пользуетесь сайтом и обращаетесь к нам. Мы соблюдаем Закон Республики Узбекистан «О персональных данных».

Через форму обратной связи мы получаем ваше имя, адрес электронной почты, телефон и текст сообщения. Они используются только для ответа на ваше обращение и, при необходимости, для оказания юридической помощи. На сайте нет рекламных трекеров и сторонних систем аналитики; посещения считаются без cookie-файлов и без сохранения IP-адресов.

Данные хранятся на серверах на территории Узбекистана и доступны только сотрудникам фирмы, которые работают с вашим обращением. Мы не продаём и не передаём их третьим лицам, кроме случаев, прямо предусмотренных законом.

Вы в любой момент можете запросить копию своих данных, их исправление или удаление: напишите на info@adliya-partners.uz. Мы ответим в течение 10 рабочих дней.`,
    `This policy explains how Adliya Partners (the firm) collects, stores and uses your personal data when you use this website and contact us. We comply with the Law of the Republic of Uzbekistan “On Personal Data”.

Through the contact form we receive your name, e-mail address, phone number and message. We use them only to answer you and, where you instruct us, to provide legal services. The site has no advertising trackers and no third-party analytics; visits are counted without cookies and without storing IP addresses.

Your data is stored on servers in Uzbekistan and is open only to the firm’s staff who handle your enquiry. We do not sell it or pass it to third parties, except where the law requires us to.

You may at any time ask for a copy of your data, its correction or its deletion: write to info@adliya-partners.uz. We answer within 10 working days.`,
  ),
};

const terms = {
  slug: 'terms',
  title: t('Foydalanish shartlari', 'Условия использования', 'Terms of Service'),
  body: t(
    `Ushbu saytdan foydalanish orqali siz quyidagi shartlarga rozilik bildirasiz. Saytdagi matnlar, rasmlar va dizayn Adliya Partners firmasiga tegishli; ularni manbani ko‘rsatgan holda shaxsiy maqsadlarda iqtibos keltirish mumkin.

Aloqa shakli orqali yuborilgan xabar firma bilan shartnoma tuzilganini anglatmaydi. Yuridik yordam ko‘rsatish bo‘yicha munosabatlar faqat yozma shartnoma imzolanganidan keyin boshlanadi.

Saytdan firma, uning xodimlari yoki boshqa foydalanuvchilarga zarar yetkazadigan maqsadlarda foydalanish, avtomatik so‘rovlar bilan ishini buzishga urinish taqiqlanadi.

Biz ushbu shartlarni vaqti-vaqti bilan yangilashimiz mumkin; amaldagi tahrir har doim shu sahifada e’lon qilinadi. Shartlarga O‘zbekiston Respublikasi qonunchiligi qo‘llaniladi.`,
    `Пользуясь этим сайтом, вы соглашаетесь со следующими условиями. Тексты, изображения и оформление сайта принадлежат фирме «Адлия Партнерс»; их можно цитировать в личных целях со ссылкой на источник.

Сообщение, отправленное через форму обратной связи, не означает заключения договора с фирмой. Отношения по оказанию юридической помощи возникают только после подписания письменного договора.

Запрещается использовать сайт во вред фирме, её сотрудникам или другим посетителям, а также пытаться нарушить его работу автоматическими запросами.

Мы можем время от времени обновлять эти условия; действующая редакция всегда опубликована на этой странице. К условиям применяется законодательство Республики Узбекистан.`,
    `By using this website you accept the following terms. The texts, images and design of the site belong to Adliya Partners; you may quote them for personal purposes with a reference to the source.

A message sent through the contact form does not create a client relationship. The firm acts for you only once a written engagement agreement has been signed.

You may not use the site to harm the firm, its staff or other visitors, or try to disrupt it with automated requests.

We may update these terms from time to time; the version in force is always the one published on this page. These terms are governed by the laws of the Republic of Uzbekistan.`,
  ),
};

const disclaimer = {
  slug: 'disclaimer',
  title: t('Javobgarlikni cheklash', 'Отказ от ответственности', 'Disclaimer'),
  body: t(
    `Saytdagi maqolalar, yangiliklar va savol-javoblar umumiy ma’lumot uchun mo‘ljallangan va yuridik maslahat hisoblanmaydi. Har bir vaziyat o‘ziga xos: qaror qabul qilishdan oldin advokat bilan maslahatlashing.

Biz ma’lumotlarning to‘g‘ri va dolzarb bo‘lishiga harakat qilamiz, ammo qonunchilik tez-tez o‘zgaradi. Maqola e’lon qilingan sanadan keyin kuchga kirgan o‘zgarishlar unda aks etmagan bo‘lishi mumkin.

Saytdagi ma’lumotlarga asoslanib qilingan harakatlar uchun firma javobgar emas. Boshqa saytlarga havolalar qulaylik uchun berilgan; ularning mazmuni uchun javob bermaymiz.`,
    `Статьи, новости и ответы на вопросы на этом сайте носят общий информационный характер и не являются юридической консультацией. Каждая ситуация индивидуальна: прежде чем принимать решение, посоветуйтесь с юристом.

Мы стараемся, чтобы сведения были точными и актуальными, однако законодательство часто меняется. Изменения, вступившие в силу после публикации статьи, могут быть в ней не учтены.

Фирма не несёт ответственности за действия, совершённые на основании сведений с сайта. Ссылки на другие сайты даны для удобства; за их содержание мы не отвечаем.`,
    `The articles, news and answers on this website are general information and are not legal advice. Every situation is different: speak to a lawyer before you act.

We work to keep the information accurate and current, but legislation changes often. Changes that came into force after an article was published may not be reflected in it.

The firm accepts no liability for anything done on the strength of information on this site. Links to other websites are given for convenience; we are not responsible for their content.`,
  ),
};

export const pages = [privacy, terms, disclaimer];
