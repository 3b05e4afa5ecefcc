import type { StoredContact } from '../contacts/contact-service.ts';

const LABELS: Record<string, Record<'title' | 'name' | 'email' | 'phone' | 'service' | 'subject' | 'open' | 'noData', string>> = {
  uz: { title: 'Saytdan yangi murojaat', name: 'Ism', email: 'E-pochta', phone: 'Telefon', service: 'Xizmat', subject: 'Mavzu', open: 'Ochish', noData: 'Tafsilotlar boshqaruv panelida' },
  ru: { title: 'Новое обращение с сайта', name: 'Имя', email: 'Эл. почта', phone: 'Телефон', service: 'Услуга', subject: 'Тема', open: 'Открыть', noData: 'Подробности в панели управления' },
  en: { title: 'New contact request from the website', name: 'Name', email: 'E-mail', phone: 'Phone', service: 'Service', subject: 'Subject', open: 'Open', noData: 'Details in the admin area' },
};

/**
 * The chat message about a new request, labelled in the site's default language. Without personal
 * data it says only that a request came and where to read it.
 */
export function contactMessage(request: StoredContact, options: { language: string; personalData: boolean; publicUrl: string }): string {
  const labels = LABELS[options.language] ?? LABELS.en;
  const link = `${options.publicUrl}/admin/contacts`;
  if (!options.personalData) return `${labels.title}\n${labels.noData}: ${link}`;
  const line = (label: string, value: string | undefined) => (value ? `${label}: ${value}` : undefined);
  return [
    labels.title,
    '',
    line(labels.name, request.name),
    line(labels.email, request.email),
    line(labels.phone, request.phone),
    line(labels.service, request.service),
    line(labels.subject, request.subject),
    '',
    request.message.slice(0, 3000),
    '',
    `${labels.open}: ${link}`,
  ]
    .filter((part) => part !== undefined)
    .join('\n');
}
