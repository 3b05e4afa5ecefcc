import type { StoredContact } from '../contacts/contact-service.ts';
import { conflictCount, conflictLine } from '../intake/conflict-words.ts';
import type { Conflict } from '../intake/conflicts.ts';
import { contactLabels } from './contact-message.ts';

/*
 * The e-mails to the firm's own address (a new request, a new matter, an application, a client's
 * documents arrived), in the site's default language: the office works in it (Uzbek by default,
 * or Russian), and the admin's language is each browser's own choice, known to no server. Every
 * link is absolute, made from PUBLIC_URL (never from a request's Host), so that it can be clicked.
 */

interface Words {
  message: string;
  matter: string;
  application: string;
  replyToAnswer: string;
  noReplyYet: string;
  documents: string;
  documentsText: string;
  files: string;
  open: string;
}

const WORDS: Record<string, Words> = {
  uz: {
    message: 'Saytdan yangi murojaat: {subject}',
    matter: 'Yangi ish: {company} — {conflicts}',
    application: 'Vakansiyaga ariza: {subject}',
    replyToAnswer: 'Murojaat qilgan kishiga javob berish uchun shu xatga javob yozing.',
    noReplyYet: 'Bu xatga javob yozmang: manfaatlar to‘qnashuvi tekshiruvi yakunlanmaguncha bo‘lajak mijozga hech narsa yozilmaydi. Avval tekshiruvni boshqaruv panelida yakunlang.',
    documents: 'Mijoz hujjatlarni yubordi: {subject}',
    documentsText: 'Bir martalik havola orqali {count} ta fayl keldi. Fayllar shifrlangan holda saqlanadi; ularni faqat boshqaruv panelidan yuklab olish mumkin.',
    files: 'Fayllar',
    open: 'Boshqaruv panelida ochish',
  },
  ru: {
    message: 'Новое обращение с сайта: {subject}',
    matter: 'Новое дело: {company} — {conflicts}',
    application: 'Отклик на вакансию: {subject}',
    replyToAnswer: 'Чтобы ответить обратившемуся, ответьте на это письмо.',
    noReplyYet: 'Не отвечайте на это письмо: пока проверка конфликта интересов не завершена, потенциальному клиенту ничего не пишут. Сначала завершите проверку в панели управления.',
    documents: 'Клиент прислал документы: {subject}',
    documentsText: 'По одноразовой ссылке пришло файлов: {count}. Файлы хранятся в зашифрованном виде; скачать их можно только в панели управления.',
    files: 'Файлы',
    open: 'Открыть в панели управления',
  },
  en: {
    message: 'New contact request: {subject}',
    matter: 'New matter: {company} — {conflicts}',
    application: 'Application: {subject}',
    replyToAnswer: 'Reply to this e-mail to answer the visitor.',
    noReplyYet: 'Do not reply to this e-mail: nothing is written to a prospective client until the conflict check is cleared. Clear it in the admin area first.',
    documents: 'A client sent documents: {subject}',
    documentsText: '{count} files arrived through a one-time link. They are kept encrypted and can be downloaded only in the admin area.',
    files: 'Files',
    open: 'Open it in the admin area',
  },
};

const wordsOf = (language: string): Words => WORDS[language] ?? WORDS[language.split('-')[0]] ?? WORDS.en;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** The request's own place in the admin area (the inbox opens it). */
const requestLink = (publicUrl: string, id: string) => `${publicUrl.replace(/\/+$/, '')}/admin/contacts?open=${encodeURIComponent(id)}`;

export interface FirmMail {
  subject: string;
  text: string;
  /** The visitor may be answered by replying (never a new matter before its conflict check is cleared). */
  replyToVisitor: boolean;
}

/** The e-mail about a new request; a new matter's with its possible conflicts, the most serious first. */
export function requestMail(request: StoredContact, conflicts: Conflict[], options: { language: string; publicUrl: string }): FirmMail {
  const { language } = options;
  const words = wordsOf(language);
  const labels = contactLabels(language);
  const kind = request.kind === 'matter' ? 'matter' : request.kind === 'application' ? 'application' : 'message';
  const line = (label: string, value: string | undefined) => `${label}: ${value || '—'}`;
  const count = conflictCount(conflicts.length, language);
  const subject = kind === 'matter' ? fill(words.matter, { company: request.subject, conflicts: count }) : fill(words[kind], { subject: request.subject });
  const title = kind === 'matter' ? labels.matter : kind === 'application' ? labels.application : labels.title;
  const text = [
    title,
    '',
    line(labels.name, request.name),
    line(labels.email, request.email),
    line(labels.phone, request.phone),
    ...(kind === 'application' ? [] : [line(labels.service, request.service)]),
    line(kind === 'matter' ? labels.company : kind === 'application' ? labels.vacancy : labels.subject, request.subject),
    ...(kind === 'matter' ? [line(labels.counterparties, request.counterparties?.join('; '))] : []),
    ...(request.message ? ['', request.message] : []),
    ...(kind === 'matter' ? ['', `${count}${conflicts.length ? ':' : '.'}`, ...conflicts.map((conflict, index) => `${index + 1}. ${conflictLine(conflict, language)}`)] : []),
    '',
    kind === 'matter' ? words.noReplyYet : words.replyToAnswer,
    `${words.open}: ${requestLink(options.publicUrl, request._id)}`,
  ].join('\n');
  return { subject, text, replyToVisitor: kind !== 'matter' };
}

/**
 * A name as the e-mail may show it: letters, digits, spaces and . _ - ( ) only, at most 80
 * characters (a file's name is the sender's words: no link, no markup, no line of its own).
 */
const safeName = (name: string) => name.normalize('NFC').replace(/[^\p{L}\p{N} ._()-]+/gu, '_').replace(/\.{2,}/g, '.').slice(0, 80) || '_';

/** The notice that a client's documents arrived through their link: how many, their names made safe, the link to the request; no contents. */
export function documentsMail(request: { _id: string; subject: string }, files: Array<{ name: string; size: number }>, options: { language: string; publicUrl: string }): FirmMail {
  const words = wordsOf(options.language);
  const text = [
    fill(words.documentsText, { count: String(files.length) }),
    '',
    `${words.files}:`,
    ...files.map((file) => `- ${safeName(file.name)} (${Math.max(1, Math.round(file.size / 1024))} KB)`),
    '',
    `${words.open}: ${requestLink(options.publicUrl, request._id)}`,
  ].join('\n');
  return { subject: fill(words.documents, { subject: safeName(request.subject) }), text, replyToVisitor: false };
}
