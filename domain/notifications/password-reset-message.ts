import { headerText, wordsFor } from '../alerts/alert-mail.ts';

/* The "Forgot password?" e-mail, in the site's default language (the office works in it). */

const WORDS: Record<'uz' | 'ru' | 'en', { subject: string; text: string; ignore: string }> = {
  uz: {
    subject: '{site}: yangi parol o‘rnatish',
    text: 'Admin bo‘limiga kirish uchun yangi parol o‘rnatishni so‘radingiz. Havolani oching va yangi parolni kiriting (havola bir soat ishlaydi va bir marta ishlatiladi):',
    ignore: 'Agar buni siz so‘ramagan bo‘lsangiz, bu xatni e’tiborsiz qoldiring: parolingiz o‘zgarmaydi.',
  },
  ru: {
    subject: '{site}: новый пароль',
    text: 'Вы запросили новый пароль для входа в админ-панель. Откройте ссылку и введите новый пароль (ссылка действует час и только один раз):',
    ignore: 'Если вы этого не запрашивали, просто не обращайте внимания на письмо: пароль не изменится.',
  },
  en: {
    subject: '{site}: set a new password',
    text: 'You asked to set a new password for the admin area. Open the link and enter the new password (it works for an hour, once):',
    ignore: 'If you did not ask for this, ignore this e-mail: your password stays as it is.',
  },
};

export function passwordResetMessage(input: { site: string; url: string }, language: string): { subject: string; text: string } {
  const words = wordsFor(WORDS, language);
  return {
    subject: headerText(words.subject.replace('{site}', input.site)),
    text: [words.text, input.url, '', words.ignore].join('\n'),
  };
}
