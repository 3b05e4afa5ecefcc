import { escape, fill, headerText, page, wordsFor, type Mail } from '../alerts/alert-mail.ts';

/*
 * The e-mails of an event's registration: "you are registered" (with the calendar entry, and the
 * link to join online, which only these e-mails carry), "you are on the waiting list", and "a place
 * opened up" when someone cancels. Each has the link to cancel. Every value is escaped.
 */

interface Words {
  consent: string;
  registeredSubject: string;
  registeredIntro: string;
  waitlistedSubject: string;
  waitlistedIntro: string;
  movedUpSubject: string;
  movedUpIntro: string;
  when: string;
  where: string;
  join: string;
  page: string;
  cancel: string;
  cancelNote: string;
}

const WORDS: Record<'uz' | 'ru' | 'en', Words> = {
  uz: {
    consent: 'Tadbirga ro‘yxatdan o‘tishim uchun ismim, e-pochtam va kompaniyam saqlanishiga hamda shu tadbir bo‘yicha xat olishga roziman. Ma’lumotlarim tadbirdan keyin o‘chiriladi.',
    registeredSubject: 'Siz ro‘yxatdan o‘tdingiz: {title}',
    registeredIntro: '{name}, siz «{title}» tadbiriga ro‘yxatdan o‘tdingiz. Taqvimga qo‘shish uchun ilovadagi faylni oching.',
    waitlistedSubject: 'Kutish ro‘yxatidasiz: {title}',
    waitlistedIntro: '{name}, «{title}» tadbirida bo‘sh o‘rin qolmadi: siz kutish ro‘yxatidasiz. O‘rin bo‘shasa, darhol xat yuboramiz.',
    movedUpSubject: 'O‘rin bo‘shadi: {title}',
    movedUpIntro: '{name}, «{title}» tadbirida o‘rin bo‘shadi va u sizniki. Taqvimga qo‘shish uchun ilovadagi faylni oching.',
    when: 'Vaqti',
    where: 'Manzil',
    join: 'Onlayn qo‘shilish havolasi',
    page: 'Tadbir sahifasi',
    cancel: 'Ro‘yxatdan chiqish',
    cancelNote: 'Kela olmasangiz, ro‘yxatdan chiqing: o‘rningiz navbatdagi kishiga beriladi.',
  },
  ru: {
    consent: 'Я согласен(на) на хранение моего имени, почты и компании для регистрации на событие и на письма о нём. Данные удаляются после события.',
    registeredSubject: 'Вы зарегистрированы: {title}',
    registeredIntro: '{name}, вы зарегистрированы на событие «{title}». Чтобы добавить его в календарь, откройте файл во вложении.',
    waitlistedSubject: 'Вы в листе ожидания: {title}',
    waitlistedIntro: '{name}, свободных мест на событии «{title}» не осталось: вы в листе ожидания. Если место освободится, мы сразу напишем.',
    movedUpSubject: 'Освободилось место: {title}',
    movedUpIntro: '{name}, на событии «{title}» освободилось место, и оно ваше. Чтобы добавить событие в календарь, откройте файл во вложении.',
    when: 'Когда',
    where: 'Где',
    join: 'Ссылка для онлайн-участия',
    page: 'Страница события',
    cancel: 'Отменить регистрацию',
    cancelNote: 'Если не сможете прийти, отмените регистрацию: ваше место получит следующий в очереди.',
  },
  en: {
    consent: 'I agree to my name, e-mail and company being kept to register me for this event, and to e-mails about it. They are erased after the event.',
    registeredSubject: 'You are registered: {title}',
    registeredIntro: '{name}, you are registered for “{title}”. Open the attached file to add it to your calendar.',
    waitlistedSubject: 'You are on the waiting list: {title}',
    waitlistedIntro: '{name}, “{title}” is full: you are on the waiting list. If a place opens up, we will write at once.',
    movedUpSubject: 'A place opened up: {title}',
    movedUpIntro: '{name}, a place opened up at “{title}” and it is yours. Open the attached file to add it to your calendar.',
    when: 'When',
    where: 'Where',
    join: 'Link to join online',
    page: 'The event’s page',
    cancel: 'Cancel my registration',
    cancelNote: 'If you cannot come, cancel: your place goes to the next person waiting.',
  },
};

const wordsIn = (language: string) => wordsFor(WORDS, language);

/** The consent a registrant gives, in their language (shown by the form, kept with the registration). */
export const registrationConsent = (language: string) => wordsIn(language).consent;

/** What an e-mail says of the event, in the registrant's language. */
export interface EventFacts {
  id: string;
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  /** The venue's address; empty for an online event. */
  venue: string;
  /** The link to join (online and mixed events). */
  onlineUrl: string;
  /** The event's page, the cancel link, and when they happen as the firm's clock says it. */
  pageUrl: string;
  cancelUrl: string;
  when: string;
  /** The site's host name: the calendar entry's UID is `event-{id}@{host}`, the same for every registrant. */
  host: string;
}

/** An iCalendar text: escaped, its lines folded at 75 octets, CRLF between them (RFC 5545). */
const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const icsTime = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let limit = 75;
  while (start < bytes.length) {
    let end = Math.min(start + limit, bytes.length);
    // Never cut a UTF-8 character in two.
    while (end < bytes.length && (bytes[end] & 0xc0) === 0x80) end -= 1;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
    limit = 74;
  }
  return parts.join('\r\n ');
}

/** The calendar entry of an event (UTC times, a UID stable for the event), for a registered person. */
export function eventIcs(event: EventFacts, stamp = new Date().toISOString()): string {
  const location = event.venue || event.onlineUrl;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lexsite//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${event.host}`,
    `DTSTAMP:${icsTime(stamp)}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    `DTEND:${icsTime(event.endsAt)}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(location ? [`LOCATION:${icsText(location)}`] : []),
    `DESCRIPTION:${icsText([event.description, event.onlineUrl].filter(Boolean).join('\n\n').slice(0, 2000))}`,
    `URL:${event.pageUrl}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The e-mail for a registration: registered (or moved up from the waiting list) with the .ics, or waitlisted. */
export function registrationMail(input: { to: string; name: string; language: string; site: string; kind: 'registered' | 'waitlisted' | 'movedUp'; event: EventFacts }): Mail {
  const words = wordsIn(input.language);
  const { event } = input;
  const values = { title: event.title, name: input.name };
  const [subject, intro] =
    input.kind === 'registered' ? [words.registeredSubject, words.registeredIntro] : input.kind === 'movedUp' ? [words.movedUpSubject, words.movedUpIntro] : [words.waitlistedSubject, words.waitlistedIntro];
  const attending = input.kind !== 'waitlisted';
  const facts = [`${words.when}: ${event.when}`, ...(event.venue ? [`${words.where}: ${event.venue}`] : []), ...(attending && event.onlineUrl ? [`${words.join}: ${event.onlineUrl}`] : [])];
  const heading = fill(subject, values);
  return {
    to: input.to,
    subject: headerText(heading),
    text: [fill(intro, values), '', ...facts, '', `${words.page}: ${event.pageUrl}`, '', words.cancelNote, `${words.cancel}: ${event.cancelUrl}`].join('\n'),
    html: page(input.language, input.site, {
      heading,
      paragraphs: [fill(intro, values), ...facts],
      button: attending && event.onlineUrl ? { label: words.join, url: event.onlineUrl } : { label: words.page, url: event.pageUrl },
      footer: [escape(words.cancelNote), `<a href="${escape(event.cancelUrl)}" style="color:#1e3a5f">${escape(words.cancel)}</a>`],
    }),
    ...(attending ? { attachments: [{ filename: 'event.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: eventIcs(event) }] } : {}),
  };
}
