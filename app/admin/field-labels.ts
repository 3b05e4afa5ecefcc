import type { ErrorDetail } from '../../domain/shared/errors.ts';
import type { AdminTexts } from '../../domain/shared/fields.ts';
import { texts as l } from '../../domain/shared/texts.ts';
import { say } from './words.ts';
import type { AdminT } from './admin-context.tsx';

/* Form field labels in the admin's languages. */

const FIELD_LABELS: Record<string, AdminTexts> = {
  name: l('Name', 'Имя', 'Ism'),
  position: l('Position', 'Должность', 'Lavozim'),
  specialization: l('Specialization', 'Специализация', 'Ixtisoslik'),
  experience: l('Experience (years)', 'Опыт (лет)', 'Tajriba (yil)'),
  education: l('Education', 'Образование', 'Ma’lumoti'),
  bio: l('Bio', 'Биография', 'Tarjimai hol'),
  email: l('Email', 'Эл. почта', 'E-pochta'),
  phone: l('Phone', 'Телефон', 'Telefon'),
  linkedin: l('LinkedIn', 'LinkedIn', 'LinkedIn'),
  image: l('Image', 'Изображение', 'Rasm'),
  logo: l('Logo', 'Логотип', 'Logotip'),
  order: l('Position in the list', 'Место в списке', 'Ro‘yxatdagi o‘rni'),
  isActive: l('Active', 'Активен', 'Faol'),
  title: l('Title', 'Заголовок', 'Sarlavha'),
  slug: l('Page address', 'Адрес страницы', 'Sahifa manzili'),
  excerpt: l('Excerpt', 'Краткое описание', 'Qisqacha mazmuni'),
  content: l('Content', 'Текст', 'Matn'),
  category: l('Category', 'Категория', 'Turkum'),
  author: l('Author', 'Автор', 'Muallif'),
  date: l('Date', 'Дата', 'Sana'),
  publishedAt: l('Publication date', 'Дата публикации', 'Chop etilgan sana'),
  assignee: l('Ask', 'Кому отправить', 'Kimga yuborish'),
  dueAt: l('Due by', 'Срок', 'Muddat'),
  tags: l('Tags', 'Теги', 'Teglar'),
  featured: l('Featured', 'Избранное', 'Tanlangan'),
  published: l('Published', 'Опубликовано', 'Chop etilgan'),
  readTime: l('Read time', 'Время чтения', 'O‘qish vaqti'),
  type: l('Type', 'Тип', 'Turi'),
  location: l('Location', 'Местоположение', 'Joylashuvi'),
  description: l('Description', 'Описание', 'Tavsif'),
  specialties: l('Specialties', 'Специализации', 'Ixtisosliklar'),
  website: l('Website', 'Сайт', 'Veb-sayt'),
  partnershipType: l('Partnership type', 'Тип партнёрства', 'Hamkorlik turi'),
  establishedDate: l('Established', 'Год основания', 'Tashkil etilgan yili'),
  titleHighlight: l('Title Highlight', 'Выделенная часть заголовка', 'Ajratilgan sarlavha'),
  subtitle: l('Subtitle', 'Подзаголовок', 'Kichik sarlavha'),
  getConsultationText: l('Consultation Text', 'Текст кнопки консультации', 'Maslahat tugmasi matni'),
  meetTeamText: l('Meet Team Text', 'Текст кнопки «Команда»', '“Jamoa” tugmasi matni'),
  satisfiedClientsText: l('Satisfied Clients Text', 'Подпись к числу клиентов', 'Mijozlar soni yozuvi'),
  satisfiedClientsCount: l('Satisfied Clients Count', 'Число довольных клиентов', 'Mamnun mijozlar soni'),
  cardTitle: l('Card Title', 'Заголовок карточки', 'Karta sarlavhasi'),
  cardSubtitle: l('Card Subtitle', 'Подзаголовок карточки', 'Karta kichik sarlavhasi'),
  features: l('Features', 'Пункты', 'Bandlar'),
  pricing: l('Pricing', 'Стоимость', 'Narxi'),
  duration: l('Duration', 'Сроки', 'Muddati'),
  icon: l('Icon', 'Значок', 'Belgi'),
  number: l('Number', 'Число', 'Son'),
  suffix: l('Suffix (+, %)', 'Знак после числа (+, %)', 'Sondan keyingi belgi (+, %)'),
  label: l('Label', 'Подпись', 'Yozuv'),
  company: l('Company', 'Компания', 'Kompaniya'),
  rating: l('Rating', 'Оценка', 'Baho'),
  service: l('Service', 'Услуга', 'Xizmat'),
  primaryButtonText: l('Primary Button Text', 'Текст основной кнопки', 'Asosiy tugma matni'),
  primaryButtonLink: l('Primary Button Link', 'Ссылка основной кнопки', 'Asosiy tugma havolasi'),
  secondaryButtonText: l('Secondary Button Text', 'Текст второй кнопки', 'Ikkinchi tugma matni'),
  secondaryButtonLink: l('Secondary Button Link', 'Ссылка второй кнопки', 'Ikkinchi tugma havolasi'),
  backgroundColor: l('Background', 'Фон', 'Fon'),
  code: l('Language code', 'Код языка', 'Til kodi'),
  nativeName: l('Native name', 'Самоназвание', 'O‘z tilidagi nomi'),
  flag: l('Flag', 'Флаг', 'Bayroq'),
};

/** The icons' names in the admin's languages (a choice field declares its own choices' words). */
const OPTION_LABELS: Record<string, AdminTexts> = {
  // The icons a feature, a statistic or a service can show.
  Shield: l('Shield', 'Щит', 'Qalqon'),
  Users: l('People', 'Люди', 'Odamlar'),
  Award: l('Award', 'Награда', 'Mukofot'),
  Clock: l('Clock', 'Часы', 'Soat'),
  CheckCircle: l('Tick in a circle', 'Галочка в круге', 'Doiradagi belgi'),
  Star: l('Star', 'Звезда', 'Yulduz'),
  Quote: l('Quotation marks', 'Кавычки', 'Qo‘shtirnoq'),
  Scale: l('Scales of justice', 'Весы правосудия', 'Adolat tarozisi'),
  Gavel: l('Judge’s gavel', 'Судейский молоток', 'Sudya bolg‘achasi'),
  FileText: l('Document', 'Документ', 'Hujjat'),
  Phone: l('Phone', 'Телефон', 'Telefon'),
  Handshake: l('Handshake', 'Рукопожатие', 'Qo‘l siqish'),
  Target: l('Target', 'Мишень', 'Nishon'),
  Zap: l('Lightning', 'Молния', 'Chaqmoq'),
  Heart: l('Heart', 'Сердце', 'Yurak'),
  Globe: l('Globe', 'Глобус', 'Globus'),
};

/** The labels shared by every record type, for the texts editor (app/admin/words.ts). */
export const SHARED_LABELS = { fields: FIELD_LABELS, options: OPTION_LABELS };

/** A choice in the admin's language: the field's own words for it (declared with its options), else an icon's name. */
export function optionLabel(option: string, lang: string, own?: Readonly<Record<string, AdminTexts>>): string {
  const labels = own?.[option] ?? OPTION_LABELS[option];
  return labels ? say(labels, lang) : option;
}

/** A field's label in the admin's language: the record type's own, else the shared dictionary's. */
export function fieldLabel(name: string, lang: string, own?: Record<string, AdminTexts>): string {
  const labels = own?.[name] ?? FIELD_LABELS[name];
  return labels ? say(labels, lang) : name;
}

/**
 * A refused field in the admin's language, from its stable code and parameters (the English
 * message is the server's own, shown unchanged in the English interface).
 */
export function localizeIssue(detail: ErrorDetail, label: string, lang: string, t: AdminT): string {
  if (lang === 'en') return detail.message;
  const params = detail.params ?? {};
  const values = { label, ...params, lang: String(params.lang ?? '').toUpperCase() };
  switch (detail.code) {
    case 'required':
      return params.lang ? t('issue.requiredIn', values) : t('issue.required', values);
    case 'too_long':
      return t('issue.tooLong', values);
    case 'too_many':
      return t('issue.tooMany', values);
    case 'too_small':
      return t('issue.tooSmall', values);
    case 'too_big':
      return t('issue.tooBig', values);
    case 'not_whole_number':
      return t('issue.wholeNumber', values);
    case 'invalid_email':
      return t('issue.email', values);
    case 'invalid_url':
      return t('issue.url', values);
    case 'invalid_link':
      return t('issue.link', values);
    case 'invalid_date':
      return t('issue.date', values);
    case 'redirect_loop':
      return t('issue.redirectLoop', values);
    case 'live_page':
      return t('issue.livePage', values);
    case 'before_publish':
      return t('issue.afterPublish', values);
    case 'before_start':
      return t('issue.afterStart', values);
    case 'one_line':
      return t('issue.oneLine', values);
    case 'invalid_slug':
      return t('issue.slug', values);
    case 'one_of':
      return t('issue.oneOf', values);
    case 'unknown_node':
    case 'unknown_mark':
      return t('issue.documentUnknown', values);
    case 'unsafe_link':
      return t('issue.documentLink', values);
    case 'too_deep':
      return t('issue.documentDeep', values);
    case 'too_large':
      return t('issue.documentLarge', values);
    case 'missing_alt':
      return t('issue.documentAlt', values);
    case 'bad_reference':
      return t('issue.documentReference', values);
    case 'not_approver':
      return t('issue.notApprover', values);
    case 'in_past':
      return t('issue.inPast', values);
    default:
      return t('issue.invalid', values);
  }
}
