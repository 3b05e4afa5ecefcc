import type { PrivacyNow, StoredContact } from '../contacts/contact-service.ts';

type Label = 'title' | 'matter' | 'application' | 'name' | 'email' | 'phone' | 'service' | 'subject' | 'company' | 'counterparties' | 'vacancy' | 'open' | 'noData';
const LABELS: Record<string, Record<Label, string>> = {
  uz: {
    title: 'Saytdan yangi murojaat',
    matter: 'Yangi ish bo‘yicha murojaat: avval manfaatlar to‘qnashuvini tekshiring',
    application: 'Vakansiyaga yangi ariza',
    name: 'Ism',
    email: 'E-pochta',
    phone: 'Telefon',
    service: 'Xizmat',
    subject: 'Mavzu',
    company: 'Kompaniya',
    counterparties: 'Boshqa tomonlar',
    vacancy: 'Vakansiya',
    open: 'Ochish',
    noData: 'Tafsilotlar boshqaruv panelida',
  },
  ru: {
    title: 'Новое обращение с сайта',
    matter: 'Заявка на новое дело: сначала проверьте конфликт интересов',
    application: 'Новый отклик на вакансию',
    name: 'Имя',
    email: 'Эл. почта',
    phone: 'Телефон',
    service: 'Услуга',
    subject: 'Тема',
    company: 'Компания',
    counterparties: 'Другие стороны',
    vacancy: 'Вакансия',
    open: 'Открыть',
    noData: 'Подробности в панели управления',
  },
  en: {
    title: 'New contact request from the website',
    matter: 'Request for a new matter: check for conflicts first',
    application: 'New application for a vacancy',
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    service: 'Service',
    subject: 'Subject',
    company: 'Company',
    counterparties: 'Other parties',
    vacancy: 'Vacancy',
    open: 'Open',
    noData: 'Details in the admin area',
  },
};

/** The labels of a request's fields in `language` (Uzbek Cyrillic reads the Latin ones, others English). */
export const contactLabels = (language: string): Record<Label, string> => LABELS[language] ?? LABELS[language.split('-')[0]] ?? LABELS.en;

/**
 * The chat message about a new request, labelled in the site's default language. Without personal
 * data it says only that a request came and where to read it.
 */
export function contactMessage(request: StoredContact, options: { language: string; personalData: boolean; publicUrl: string }): string {
  const labels = contactLabels(options.language);
  const link = `${options.publicUrl}/admin/contacts`;
  const title = request.kind === 'matter' ? labels.matter : request.kind === 'application' ? labels.application : labels.title;
  if (!options.personalData) return `${title}\n${labels.noData}: ${link}`;
  const line = (label: string, value: string | undefined) => (value ? `${label}: ${value}` : undefined);
  const subject = request.kind === 'matter' ? labels.company : request.kind === 'application' ? labels.vacancy : labels.subject;
  return [
    title,
    '',
    line(labels.name, request.name),
    line(labels.email, request.email),
    line(labels.phone, request.phone),
    line(labels.service, request.service),
    line(subject, request.subject),
    line(labels.counterparties, request.counterparties?.join('; ')),
    '',
    request.message.slice(0, 3000),
    '',
    `${labels.open}: ${link}`,
  ]
    .filter((part) => part !== undefined)
    .join('\n');
}

/**
 * The chat message of a new request when one goes to the firm's Telegram chat: the server is set
 * up for it (`server`: with the visitor's data or without) and the firm's switches (site
 * configuration) allow it; they narrow what the server is set up for, never widen it.
 */
export function contactTelegramText(request: StoredContact, settings: PrivacyNow, server: { personalData: boolean } | undefined, publicUrl: string): string | undefined {
  if (!server || !settings.telegramRequests) return undefined;
  return contactMessage(request, { language: settings.defaultLanguage, personalData: server.personalData && settings.telegramPersonalData, publicUrl });
}
