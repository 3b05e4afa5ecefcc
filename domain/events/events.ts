import { z } from 'zod';
import { choice, custom, documentText, localizedText, references, slug, webAddress, yesNo } from '../shared/fields.ts';
import { defineRecordType } from '../shared/record-type.ts';
import { dateTime, wholeNumber } from '../shared/schema-helpers.ts';
import { texts } from '../shared/texts.ts';

const EVENT_MODES = ['offline', 'online', 'mixed'] as const;

const moment = (label: string) => dateTime(label).pipe(z.string({ error: `${label} is required: a date and time with its time zone` }));
const capacity = wholeNumber({ invalid: 'Places must be a whole number (0: no limit)', min: 'Places cannot be negative', max: 'Places: at most 100,000' }, { min: 0, max: 100_000 });

/** The link to join online: an https address, given only to people who registered (in their confirmation). */
const joinLink = z
  .string({ error: 'Online link must be an https:// address' })
  .trim()
  .max(2000, 'Online link is too long')
  .refine((value) => value === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(value), { message: 'Online link must be an https:// address', params: { code: 'invalid_url' } });

/**
 * A seminar, a webinar or a round table of the firm (API-3.md "The firm's record"): upcoming ones
 * first on `/events`, past ones kept as an archive (with slides or a recording when added); people
 * register without an account, up to its places, then on a waiting list.
 */
export const events = defineRecordType({
  name: 'events',
  table: 'events',
  label: 'Event',
  fields: {
    title: localizedText('Title', { required: true, search: true }),
    slug: slug({ from: 'title' }),
    description: documentText('Description', { required: true, search: true }),
    startsAt: custom({ storage: 'time', schema: () => moment('Starts at'), widget: 'datetime', required: 'always', label: texts('Starts at', 'Начало', 'Boshlanishi') }),
    endsAt: custom({ storage: 'time', schema: () => moment('Ends at'), widget: 'datetime', required: 'always', label: texts('Ends at', 'Окончание', 'Tugashi') }),
    mode: choice('Mode', EVENT_MODES, { default: 'offline', label: texts('Attendance', 'Формат участия', 'Ishtirok shakli'), labels: { offline: texts('In person', 'Очно', 'Yuzma-yuz'), online: texts('Online', 'Онлайн', 'Onlayn'), mixed: texts('In person and online', 'Очно и онлайн', 'Yuzma-yuz va onlayn') } }),
    venue: localizedText('Venue', { max: 300, label: texts('Venue (address)', 'Место (адрес)', 'Manzil') }),
    onlineUrl: custom({ storage: 'text', schema: () => joinLink, widget: 'url', default: () => '', label: texts('Online link (sent only to people who registered)', 'Ссылка для онлайн-участия (только зарегистрированным)', 'Onlayn havola (faqat ro‘yxatdan o‘tganlarga yuboriladi)') }),
    capacity: custom({ storage: 'int', schema: () => capacity, widget: 'number', default: () => 0, label: texts('Places (0: no limit)', 'Мест (0 — без ограничений)', 'O‘rinlar (0 — cheklanmagan)') }),
    registrationClosesAt: custom({ storage: 'time', schema: () => dateTime('Registration closes at'), widget: 'datetime', default: () => null, label: texts('Registration closes at (empty: when it starts)', 'Регистрация до (пусто — до начала)', 'Ro‘yxatdan o‘tish muddati (bo‘sh — boshlanguncha)') }),
    speakers: references('Speakers', 'team', { filter: 'speaker', label: texts('Speakers', 'Спикеры', 'Ma’ruzachilar') }),
    topics: references('Topics', 'services', { filter: 'topic', label: texts('Topics (practice areas)', 'Темы (практики)', 'Mavzular (amaliyot sohalari)') }),
    slidesUrl: webAddress('Slides', { label: texts('Slides (link, after the event)', 'Презентация (ссылка, после события)', 'Taqdimot (havola, tadbirdan keyin)') }),
    recordingUrl: webAddress('Recording', { label: texts('Recording (link, after the event)', 'Запись (ссылка, после события)', 'Yozuv (havola, tadbirdan keyin)') }),
    isActive: yesNo('Active', { default: true, filter: 'active', toggle: true }),
  },
  publicWhen: { field: 'isActive' },
  // Its page closes the registration, then becomes part of the archive, by the clock alone.
  moments: ['registrationClosesAt', 'startsAt', 'endsAt'],
  // Nobody receives the link to join but the people who registered (their confirmation e-mail).
  visitorView: () => ({ onlineUrl: '' }),
  rules: (values) => {
    const problems = [];
    const { startsAt, endsAt, registrationClosesAt, mode, venue, onlineUrl } = values;
    if (typeof startsAt === 'string' && typeof endsAt === 'string' && endsAt <= startsAt) problems.push({ path: 'endsAt', message: 'Ends at must be later than Starts at', code: 'before_start' as const });
    if (typeof registrationClosesAt === 'string' && typeof endsAt === 'string' && registrationClosesAt > endsAt) problems.push({ path: 'registrationClosesAt', message: 'Registration must close before the event ends', code: 'invalid' as const });
    if (mode !== 'offline' && !onlineUrl) problems.push({ path: 'onlineUrl', message: 'Online link is required for an online or mixed event', code: 'required' as const });
    const hasVenue = typeof venue === 'object' && venue !== null && Object.values(venue).some((text) => typeof text === 'string' && text.trim());
    if (mode !== 'online' && !hasVenue) problems.push({ path: 'venue', message: 'Venue is required for an event people attend in person', code: 'required' as const });
    return problems;
  },
  sort: ['startsAt', '-createdAt'],
  publicPath: '/events',
  site: { list: 'routes/site/events.tsx', detail: 'routes/site/event.tsx', search: true, cover: true, jsonLd: 'Event', preview: true },
  snippet: { title: ['title'] },
  admin: {
    icon: 'calendar',
    title: texts('Events', 'События', 'Tadbirlar'),
    one: texts('event', 'событие', 'tadbir'),
    confirmDelete: texts('Delete this event and its registrations?', 'Удалить это событие и его регистрации?', 'Bu tadbir va uning ro‘yxatlarini o‘chirasizmi?'),
    deleteFailed: texts('Failed to delete event', 'Не удалось удалить событие', 'Tadbirni o‘chirib bo‘lmadi'),
    titleField: 'title',
    subtitleField: 'startsAt',
    placement: 'page',
  },
});
