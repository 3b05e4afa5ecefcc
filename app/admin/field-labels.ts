/* Form field labels in the admin's languages. */
const l = (en: string, ru: string, uz: string) => ({ en, ru, uz });

export const FIELD_LABELS: Record<string, Record<string, string>> = {
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
  order: l('Order', 'Порядок', 'Tartib raqami'),
  isActive: l('Active', 'Активен', 'Faol'),
  title: l('Title', 'Заголовок', 'Sarlavha'),
  slug: l('Slug (address)', 'Адрес (slug)', 'Manzil (slug)'),
  excerpt: l('Excerpt', 'Краткое описание', 'Qisqacha mazmuni'),
  content: l('Content', 'Текст', 'Matn'),
  category: l('Category', 'Категория', 'Turkum'),
  author: l('Author', 'Автор', 'Muallif'),
  date: l('Date', 'Дата', 'Sana'),
  publishedAt: l('Publication date', 'Дата публикации', 'Chop etilgan sana'),
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
};

export function fieldLabel(name: string, lang: string): string {
  const labels = FIELD_LABELS[name];
  return labels?.[lang] ?? labels?.en ?? name;
}

/** The schema's English messages ('Title (UZ) is required') in the admin's language. */
export function localizeMessage(message: string, lang: string): string {
  if (lang === 'en') return message;
  const required = /^(.*?)(?: \(([A-Z-]+)\))? is required$/.exec(message);
  if (required) {
    const [, , code] = required;
    const text = lang === 'ru' ? 'обязательное поле' : 'to‘ldirilishi shart';
    return code ? `${text} (${code})` : text[0].toUpperCase() + text.slice(1);
  }
  if (/Email is invalid/.test(message)) return lang === 'ru' ? 'Неверный адрес эл. почты' : 'E-pochta manzili noto‘g‘ri';
  if (/must be a URL/.test(message)) return lang === 'ru' ? 'Укажите ссылку, начинающуюся с http:// или https://' : 'http:// yoki https:// bilan boshlanadigan havolani kiriting';
  const max = /at most (\d+) characters/.exec(message);
  if (max) return lang === 'ru' ? `Не более ${max[1]} символов` : `Ko‘pi bilan ${max[1]} ta belgi`;
  return message;
}
