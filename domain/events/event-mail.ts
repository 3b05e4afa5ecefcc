import { escape, fill, headerText, page, wordsFor, type Mail } from '../alerts/alert-mail.ts';

/*
 * The e-mails of an event's registration: "confirm your registration" (to an address nobody has
 * confirmed yet: it says nothing the visitor typed, no name, only the firm's event and the link),
 * then "you are registered" (with the calendar entry, and the link to join online, which only these
 * e-mails carry), "you are on the waiting list", and "a place opened up" when someone cancels. Each
 * of these three has the link to cancel. Every value is escaped.
 */

interface Words {
  confirmSubject: string;
  confirmIntro: string;
  confirmWaitlist: string;
  confirmButton: string;
  confirmIgnore: string;
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
    confirmSubject: 'Ro‘yxatdan o‘tishni tasdiqlang: {title}',
    confirmIntro: 'Shu manzil bilan «{title}» tadbiriga ro‘yxatdan o‘tish so‘raldi. O‘rningiz {minutes} daqiqa saqlanadi: tasdiqlash uchun havolani oching va sahifadagi tugmani bosing.',
    confirmWaitlist: 'Shu manzil bilan «{title}» tadbiriga ro‘yxatdan o‘tish so‘raldi. Hozir bo‘sh o‘rin yo‘q: kutish ro‘yxatiga yozilish uchun havolani oching va sahifadagi tugmani bosing.',
    confirmButton: 'Ro‘yxatdan o‘tishni tasdiqlash',
    confirmIgnore: 'Agar buni siz so‘ramagan bo‘lsangiz, hech narsa qilmang: tasdiqlanmagan ro‘yxat o‘rin egallamaydi.',
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
    confirmSubject: 'Подтвердите регистрацию: {title}',
    confirmIntro: 'С этим адресом запрошена регистрация на событие «{title}». Место за вами держится {minutes} минут: чтобы подтвердить, откройте ссылку и нажмите кнопку на странице.',
    confirmWaitlist: 'С этим адресом запрошена регистрация на событие «{title}». Свободных мест сейчас нет: чтобы встать в лист ожидания, откройте ссылку и нажмите кнопку на странице.',
    confirmButton: 'Подтвердить регистрацию',
    confirmIgnore: 'Если вы этого не запрашивали, ничего не делайте: неподтверждённая регистрация места не занимает.',
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
    confirmSubject: 'Confirm your registration: {title}',
    confirmIntro: 'A registration for “{title}” was asked for with this address. A place is held for you for {minutes} minutes: to confirm, open the link and press the button on the page.',
    confirmWaitlist: 'A registration for “{title}” was asked for with this address. There are no places left now: to join the waiting list, open the link and press the button on the page.',
    confirmButton: 'Confirm the registration',
    confirmIgnore: 'If you did not ask for this, do nothing: a registration nobody confirms takes no place.',
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
  /** The calendar entry's SEQUENCE: the event record's version less one, so it grows with every saved change. */
  sequence: number;
  /** Who publishes the entry (RFC 5546 §3.2.1 wants an ORGANIZER with METHOD:PUBLISH): the firm's name and e-mail. */
  organizer: { name: string; email: string };
}

/** Every line break (CRLF, CR, LF, the Unicode separators) as one LF; every other control character dropped. */
const plainText = (text: string) =>
  text
    .replace(/\r\n|[\r\n\u2028\u2029\u0085]/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, '');
/** An iCalendar TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, a line break as \n. */
const icsText = (text: string) => plainText(text).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n');
/** A parameter value (CN): quoted, so it holds no DQUOTE and no control character (RFC 5545 §3.1). */
const icsParameter = (text: string) => `"${plainText(text).replace(/\n/g, ' ').replace(/"/g, "'")}"`;
/** A URI value: nothing that could end the line or the value. */
const icsUri = (uri: string) => plainText(uri).replace(/[\s"]/g, '');
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

/**
 * The calendar entry of an event (UTC times, a UID stable for the event, the firm as ORGANIZER, a
 * SEQUENCE that grows with each change so a calendar takes a resent entry as the newer), for a registered person.
 */
export function eventIcs(event: EventFacts, stamp = new Date().toISOString()): string {
  const location = event.venue || event.onlineUrl;
  const organizer = event.organizer.email && /^[^\s@"<>]+@[^\s@"<>]+$/.test(event.organizer.email) ? event.organizer : undefined;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Lexsite//Events//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${event.id}@${icsUri(event.host)}`,
    `DTSTAMP:${icsTime(stamp)}`,
    `SEQUENCE:${Math.max(0, Math.floor(event.sequence))}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    `DTEND:${icsTime(event.endsAt)}`,
    `SUMMARY:${icsText(event.title)}`,
    ...(organizer ? [`ORGANIZER;CN=${icsParameter(organizer.name)}:mailto:${icsUri(organizer.email)}`] : []),
    ...(location ? [`LOCATION:${icsText(location)}`] : []),
    `DESCRIPTION:${icsText([event.description, event.onlineUrl].filter(Boolean).join('\n\n').slice(0, 2000))}`,
    `URL:${icsUri(event.pageUrl)}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** How long a place is held for a registration nobody confirmed yet (docs/operations.md "Events"). */
export const HOLD_MINUTES = 30;

/** "Confirm your registration": to an address nobody confirmed, so it carries nothing the visitor typed; the link opens a page whose button confirms. */
export function confirmRegistrationMail(input: { to: string; language: string; site: string; held: boolean; event: Pick<EventFacts, 'title' | 'when' | 'pageUrl'>; confirmUrl: string }): Mail {
  const words = wordsIn(input.language);
  const values = { title: input.event.title, minutes: String(HOLD_MINUTES) };
  const heading = fill(words.confirmSubject, values);
  const intro = fill(input.held ? words.confirmIntro : words.confirmWaitlist, values);
  const facts = [`${words.when}: ${input.event.when}`];
  return {
    to: input.to,
    subject: headerText(heading),
    text: [intro, '', ...facts, '', `${words.confirmButton}: ${input.confirmUrl}`, '', words.confirmIgnore].join('\n'),
    html: page(input.language, input.site, {
      heading,
      paragraphs: [intro, ...facts],
      button: { label: words.confirmButton, url: input.confirmUrl },
      footer: [escape(words.confirmIgnore)],
    }),
  };
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
