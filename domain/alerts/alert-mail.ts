import { uzbekScript, uzbekTextToCyrillic } from '../languages/uzbek-script.ts';

/*
 * The e-mails of the firm's alerts (API-3.md "Alerts"): the confirmation of a subscription, the
 * note to an address already subscribed, and an alert. Each is a text part and a plain HTML part
 * in the firm's style, in the subscriber's language; every value is escaped; no tracking pixel.
 */

interface Words {
  confirmSubject: string;
  confirmIntro: string;
  confirmButton: string;
  confirmIgnore: string;
  knownSubject: string;
  knownIntro: string;
  manage: string;
  read: string;
  why: string;
  unsubscribe: string;
}

const WORDS: Record<'uz' | 'ru' | 'en', Words> = {
  uz: {
    confirmSubject: '{site}: obunani tasdiqlang',
    confirmIntro: '{site} huquqiy yangiliklariga obuna bo‘lish so‘raldi: {topics}. Tasdiqlash uchun havolani oching va tugmani bosing (7 kun amal qiladi).',
    confirmButton: 'Obunani tasdiqlash',
    confirmIgnore: 'Agar buni siz so‘ramagan bo‘lsangiz, xatga javob bermang: tasdiqlanmagan manzil 7 kundan keyin o‘chiriladi.',
    knownSubject: '{site}: siz allaqachon obunasiz',
    knownIntro: 'Bu manzil {site} huquqiy yangiliklariga allaqachon obuna bo‘lgan. Mavzular va tilni shu yerda o‘zgartirishingiz mumkin:',
    manage: 'Obuna sozlamalari',
    read: 'To‘liq o‘qish',
    why: 'Siz bu xatni {site} huquqiy yangiliklariga obuna bo‘lganingiz uchun oldingiz ({topics}).',
    unsubscribe: 'Obunani bekor qilish',
  },
  ru: {
    confirmSubject: '{site}: подтвердите подписку',
    confirmIntro: 'Запрошена подписка на правовые новости {site}: {topics}. Чтобы подтвердить, откройте ссылку и нажмите кнопку (ссылка действует 7 дней).',
    confirmButton: 'Подтвердить подписку',
    confirmIgnore: 'Если вы этого не запрашивали, просто не отвечайте: неподтверждённый адрес будет удалён через 7 дней.',
    knownSubject: '{site}: вы уже подписаны',
    knownIntro: 'Этот адрес уже подписан на правовые новости {site}. Темы и язык можно изменить здесь:',
    manage: 'Настройки подписки',
    read: 'Читать полностью',
    why: 'Вы получили это письмо, потому что подписались на правовые новости {site} ({topics}).',
    unsubscribe: 'Отписаться',
  },
  en: {
    confirmSubject: '{site}: confirm your subscription',
    confirmIntro: 'A subscription to the legal alerts of {site} was asked for: {topics}. To confirm it, open the link and press the button (it works for 7 days).',
    confirmButton: 'Confirm the subscription',
    confirmIgnore: 'If you did not ask for this, do nothing: an address that is not confirmed is forgotten after 7 days.',
    knownSubject: '{site}: you are subscribed already',
    knownIntro: 'This address is subscribed to the legal alerts of {site} already. You can change its topics and language here:',
    manage: 'Subscription settings',
    read: 'Read it in full',
    why: 'You receive this because you subscribed to the legal alerts of {site} ({topics}).',
    unsubscribe: 'Unsubscribe',
  },
};

/** A mail's word table in this language: Uzbek in either script (Cyrillic transliterated), Russian, else English. */
export function wordsFor<W extends { [K in keyof W]: string }>(tables: Record<'uz' | 'ru' | 'en', W>, language: string): W {
  const script = uzbekScript(language);
  if (script === 'cyrillic') return Object.fromEntries(Object.entries(tables.uz).map(([key, value]) => [key, uzbekTextToCyrillic(String(value))])) as W;
  if (script === 'latin') return tables.uz;
  return language === 'ru' ? tables.ru : tables.en;
}
const wordsIn = (language: string) => wordsFor(WORDS, language);


export const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_all, name: string) => values[name] ?? '');
export const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
/** One line, no control characters: what goes into a mail header. */
export const headerText = (text: string) => text.replace(/[\r\n\t]+/g, ' ').slice(0, 200);

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Files sent with it (an event's calendar entry, text/calendar). */
  attachments?: Array<{ filename: string; contentType: string; content: string }>;
  /** The tokens in its links: the outbox never stores them with the message (outbox.ts). */
  secrets?: string[];
}

/** A short HTML page in the firm's colours: a heading, paragraphs, one button, a footer. */
export function page(lang: string, site: string, parts: { heading: string; paragraphs: string[]; button?: { label: string; url: string }; footer: string[] }): string {
  const paragraph = (text: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#1e293b">${escape(text)}</p>`;
  const button = parts.button
    ? `<p style="margin:24px 0"><a href="${escape(parts.button.url)}" style="display:inline-block;background:#1e3a5f;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escape(parts.button.label)}</a></p>`
    : '';
  return [
    `<!doctype html><html lang="${escape(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escape(parts.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f8fafc;font-family:Georgia,\'Times New Roman\',serif">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 16px">',
    `<p style="margin:0 0 24px;font-size:14px;letter-spacing:.08em;text-transform:uppercase;color:#1e3a5f">${escape(site)}</p>`,
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3;color:#0f172a">${escape(parts.heading)}</h1>`,
    ...parts.paragraphs.map(paragraph),
    button,
    `<div style="margin-top:32px;border-top:1px solid #cbd5e1;padding-top:16px;font-family:Arial,sans-serif;font-size:13px;line-height:1.5;color:#475569">${parts.footer.join('<br>')}</div>`,
    '</div></body></html>',
  ].join('');
}

const link = (label: string, url: string) => `<a href="${escape(url)}" style="color:#1e3a5f">${escape(label)}</a>`;

/** "Confirm your subscription": the link opens a page whose button confirms (a GET confirms nothing). */
export function confirmationMail(input: { to: string; language: string; site: string; topics: string[]; confirmUrl: string }): Mail {
  const words = wordsIn(input.language);
  const values = { site: input.site, topics: input.topics.join(', ') };
  const intro = fill(words.confirmIntro, values);
  return {
    to: input.to,
    subject: headerText(fill(words.confirmSubject, values)),
    text: [intro, '', `${words.confirmButton}: ${input.confirmUrl}`, '', words.confirmIgnore].join('\n'),
    html: page(input.language, input.site, { heading: fill(words.confirmSubject, values), paragraphs: [intro], button: { label: words.confirmButton, url: input.confirmUrl }, footer: [escape(words.confirmIgnore)] }),
  };
}

/** To an address that is subscribed already: the same answer on the site, and this note by mail. */
export function alreadySubscribedMail(input: { to: string; language: string; site: string; manageUrl: string }): Mail {
  const words = wordsIn(input.language);
  const values = { site: input.site };
  const intro = fill(words.knownIntro, values);
  return {
    to: input.to,
    subject: headerText(fill(words.knownSubject, values)),
    text: [intro, input.manageUrl].join('\n'),
    html: page(input.language, input.site, { heading: fill(words.knownSubject, values), paragraphs: [intro], button: { label: words.manage, url: input.manageUrl }, footer: [] }),
  };
}

/**
 * An alert: the title, the lead, the link (with `?source=email`), and at the end why it came, the
 * settings and the unsubscribe link; `List-Unsubscribe` (https and mailto) with one-click POST,
 * and `List-Id` (RFC 2919: `<alerts.{the site's host}>`, from PUBLIC_URL) that mail programs
 * and filters know the alerts by.
 */
export function alertMail(input: { to: string; language: string; site: string; title: string; lead: string; url: string; topics: string[]; manageUrl: string; unsubscribeUrl: string; unsubscribeMailto: string; listId: string }): Mail {
  const words = wordsIn(input.language);
  const why = fill(words.why, { site: input.site, topics: input.topics.join(', ') });
  return {
    to: input.to,
    subject: headerText(input.title),
    text: [input.title, '', input.lead, '', `${words.read}: ${input.url}`, '', '—', why, `${words.manage}: ${input.manageUrl}`, `${words.unsubscribe}: ${input.unsubscribeUrl}`].join('\n'),
    html: page(input.language, input.site, {
      heading: input.title,
      paragraphs: input.lead ? [input.lead] : [],
      button: { label: words.read, url: input.url },
      footer: [escape(why), `${link(words.manage, input.manageUrl)} · ${link(words.unsubscribe, input.unsubscribeUrl)}`],
    }),
    headers: {
      'List-Id': `<${input.listId}>`,
      'List-Unsubscribe': `<${input.unsubscribeUrl}>, <${input.unsubscribeMailto}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
