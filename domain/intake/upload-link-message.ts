import { headerText, wordsFor } from '../alerts/alert-mail.ts';

/* The e-mail that brings a client the one-time link for their documents, in the request's language. */

const WORDS: Record<'uz' | 'ru' | 'en', { subject: string; text: string; until: string; safe: string }> = {
  uz: {
    subject: '{site}: hujjatlaringizni yuborish uchun havola',
    text: 'Hujjatlaringizni xavfsiz yuborish uchun havola. Uni oching va 10 tagacha faylni (PDF, Word, Excel, JPEG, PNG; har biri 25 MB gacha) bir marta yuboring:',
    until: 'Havola {date} gacha amal qiladi va faqat bir marta ishlaydi.',
    safe: 'Fayllar shifrlangan holda saqlanadi va ularni faqat firma xodimlari ko‘radi. Hujjatlarni oddiy e-pochta orqali yubormang.',
  },
  ru: {
    subject: '{site}: ссылка для отправки документов',
    text: 'Ссылка для безопасной отправки ваших документов. Откройте её и отправьте до 10 файлов (PDF, Word, Excel, JPEG, PNG; до 25 МБ каждый) один раз:',
    until: 'Ссылка действует до {date} и срабатывает только один раз.',
    safe: 'Файлы хранятся в зашифрованном виде, их видят только сотрудники фирмы. Не отправляйте документы обычной почтой.',
  },
  en: {
    subject: '{site}: a link to send your documents',
    text: 'A link to send your documents safely. Open it and send up to 10 files (PDF, Word, Excel, JPEG, PNG; 25 MB each), once:',
    until: 'The link works until {date}, once.',
    safe: 'The files are kept encrypted and only the firm’s staff see them. Please do not send documents by ordinary e-mail.',
  },
};

export function uploadLinkMessage(input: { site: string; url: string; until: string }, language: string): { subject: string; text: string } {
  const words = wordsFor(WORDS, language);
  return {
    subject: headerText(words.subject.replace('{site}', input.site)),
    text: [words.text, input.url, '', words.until.replace('{date}', input.until), '', words.safe].join('\n'),
  };
}
