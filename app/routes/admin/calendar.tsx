import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Link, useNavigation, useSearchParams } from 'react-router';
import type { CalendarEntry, CalendarKind } from '../../../domain/calendar/calendar.ts';
import { RECORD_TYPES } from '../../../domain/registry.ts';
import { dayIn } from '../../../domain/shared/days.ts';
import { storedAdminLanguage, useAdmin } from '../../admin/admin-context.tsx';
import { uzbekScript } from '../../../domain/languages/uzbek-script.ts';
import { isAdminTextKey } from '../../admin/admin-texts.ts';
import { api, loadScreen } from '../../admin/api.ts';
import { resourceByKey } from '../../admin/resources.ts';
import { zoneOffsetLabel } from '../../admin/time-zone.ts';
import { buttonClass, ErrorNotice, inputClass, Loading, PageTitle } from '../../admin/ui.tsx';
import { say } from '../../admin/words.ts';
import type { Route } from './+types/calendar';

/*
 * The calendar (API-4.md): every dated thing of a month or a week on the firm's clock — scheduled
 * publishing, releases, events, deadlines, laws coming into force — each linking to its record.
 * A grid of days from a tablet up, a list of the days that hold something on a phone.
 */

type View = 'month' | 'week';
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const addDays = (day: string, count: number) => new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);
/** Monday 0 … Sunday 6. */
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
const lastOfMonth = (day: string) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 0)).toISOString().slice(0, 10);
const addMonths = (day: string, count: number) => new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + count, 1)).toISOString().slice(0, 10);

/** The days a view shows around `date`: whole weeks from Monday, a month's (up to 42 days) or one. */
function rangeOf(view: View, date: string): { from: string; to: string } {
  if (view === 'week') {
    const from = addDays(date, -weekday(date));
    return { from, to: addDays(from, 6) };
  }
  const first = `${date.slice(0, 7)}-01`;
  const last = lastOfMonth(first);
  return { from: addDays(first, -weekday(first)), to: addDays(last, 6 - weekday(last)) };
}

function readView(url: URL, today: string) {
  const view: View = url.searchParams.get('view') === 'week' ? 'week' : 'month';
  const asked = url.searchParams.get('date') ?? '';
  const date = DAY.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : today || new Date().toISOString().slice(0, 10);
  return { view, date, type: url.searchParams.get('type') ?? '', lang: url.searchParams.get('lang') ?? '' };
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  return loadScreen(async () => {
    // Today is the firm's (its zone, as the admin's frame reads it), not the browser's.
    const today = url.searchParams.has('date') ? '' : dayIn(Date.now(), (await api<{ timeZone: string }>('/admin/schedule')).data.timeZone);
    const { view, date, type, lang } = readView(url, today);
    const { from, to } = rangeOf(view, date);
    const query = new URLSearchParams({ from, to });
    if (type) query.set('types', type);
    if (lang) query.set('lang', lang);
    else query.set('titleLang', storedAdminLanguage());
    return { entries: (await api<CalendarEntry[]>(`/calendar?${query}`)).data, from, to };
  });
}
clientLoader.hydrate = true;

export function HydrateFallback() {
  return <Loading />;
}

const KIND_COLOURS: Record<CalendarKind, string> = {
  publish: 'bg-green-600',
  unpublish: 'bg-slate-500',
  release: 'bg-brand-700',
  event: 'bg-sky-600',
  registration_closes: 'bg-amber-500',
  vacancy_closes: 'bg-orange-600',
  ranking_expires: 'bg-purple-600',
  in_force: 'bg-red-600',
};
/** The record types that have something dated. */
const DATED_TYPES = RECORD_TYPES.filter((type) => type.scheduleFields || 'inForceAt' in type.fields || ['events', 'vacancies', 'rankings'].includes(type.name));

/** Where an entry's record is edited or shown. */
function linkOf(entry: CalendarEntry): string {
  const resource = resourceByKey(entry.type);
  if (!resource) return `/admin/${entry.type}/${entry.id}`;
  return resource.placement === 'page' ? `/admin/${entry.type}/${entry.id}` : `/admin/${entry.type}?edit=${entry.id}`;
}

function EntryLink({ entry }: { entry: CalendarEntry }) {
  const { t } = useAdmin();
  const key = `calendar.kind.${entry.kind}`;
  const kind = isAdminTextKey(key) ? t(key) : entry.kind;
  return (
    <Link to={linkOf(entry)} className="flex min-h-8 items-start gap-1.5 rounded px-1 py-0.5 text-xs text-slate-900 hover:bg-slate-100 focus:outline-none focus:ring-2 focus:ring-brand-600" data-calendar-entry={entry.kind}>
      <span className={`mt-1 h-2 w-2 shrink-0 rounded-full ${KIND_COLOURS[entry.kind]}`} aria-hidden="true" />
      <span className="min-w-0">
        <span className="font-semibold">{entry.allDay ? kind : `${entry.at.slice(11, 16)} · ${kind}`}</span>
        <span className="block break-words text-slate-700">{entry.title || '—'}</span>
      </span>
    </Link>
  );
}

/** The grid of days (tablet and up): weekday heads, then each day with its number and its entries. */
function DayGrid({ days, byDay, today, month, tall }: { days: string[]; byDay: Map<string, CalendarEntry[]>; today: string; month?: string; tall: boolean }) {
  const { t } = useAdmin();
  const weekdays = t('calendar.weekdays').split(',');
  return (
    <div className="hidden overflow-hidden rounded-xl bg-white shadow-sm md:block">
      <div className="grid grid-cols-7 border-b border-slate-200 bg-slate-50 text-center text-xs font-semibold text-slate-700" aria-hidden="true">
        {weekdays.map((name) => (
          <div key={name} className="py-2">
            {name}
          </div>
        ))}
      </div>
      <ol className="grid grid-cols-7">
        {days.map((day) => {
          const isToday = day === today;
          const outside = month !== undefined && day.slice(0, 7) !== month;
          return (
            <li key={day} className={`border-b border-r border-slate-100 p-1 ${tall ? 'min-h-64' : 'min-h-28'} ${outside ? 'bg-slate-50' : ''}`} aria-current={isToday ? 'date' : undefined} data-day={day}>
              <p className={`mb-1 flex items-center gap-1 text-xs ${outside ? 'text-slate-500' : 'text-slate-800'}`}>
                <span className={isToday ? 'inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-brand-700 px-1 font-bold text-white' : 'px-1 font-semibold'}>{Number(day.slice(8))}</span>
                {isToday && <span className="font-semibold text-brand-800">{t('calendar.todayMark')}</span>}
              </p>
              <DayEntries entries={byDay.get(day) ?? []} className="space-y-0.5" />
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** A day's entries, each a link to its record. */
function DayEntries({ entries, className }: { entries: CalendarEntry[]; className: string }) {
  return (
    <ul className={className}>
      {entries.map((entry) => (
        <li key={`${entry.kind}-${entry.type}-${entry.id}-${entry.at}`}>
          <EntryLink entry={entry} />
        </li>
      ))}
    </ul>
  );
}

/** On a phone: the days that hold something, one under another (today's marked). */
function DayList({ days, byDay, today, dayName }: { days: string[]; byDay: Map<string, CalendarEntry[]>; today: string; dayName: (day: string) => string }) {
  const { t } = useAdmin();
  const held = days.filter((day) => byDay.has(day));
  if (!held.length) return <p className="rounded-xl bg-white p-6 text-center text-slate-600 shadow-sm md:hidden">{t('calendar.empty')}</p>;
  return (
    <ol className="space-y-3 md:hidden">
      {held.map((day) => (
        <li key={day} className="rounded-xl bg-white p-3 shadow-sm" aria-current={day === today ? 'date' : undefined}>
          <h2 className="mb-1 text-sm font-semibold text-slate-900">
            {dayName(day)}
            {day === today && <span className="ml-2 rounded-full bg-brand-700 px-2 py-0.5 text-xs text-white">{t('calendar.todayMark')}</span>}
          </h2>
          <DayEntries entries={byDay.get(day) ?? []} className="space-y-1" />
        </li>
      ))}
    </ol>
  );
}

export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { t, lang, timeZone, languages, problem, languageName } = useAdmin();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const today = dayIn(Date.now(), timeZone);
  const { view, date, type, lang: entryLang } = readView(new URL(`http://x/?${params}`), today);
  const months = t('calendar.months').split(',');
  const { from, to } = rangeOf(view, date);
  const days = Array.from({ length: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1 }, (_, index) => addDays(from, index));
  const byDay = new Map<string, CalendarEntry[]>();
  for (const entry of loaderData.data?.entries ?? []) byDay.set(entry.at.slice(0, 10), [...(byDay.get(entry.at.slice(0, 10)) ?? []), entry]);
  const weekdays = t('calendar.weekdays').split(',');
  // "Pa, 10-dekabr" in Uzbek (written by hand, as app/i18n/dates.ts does); "чт, 10 декабря", "Thu, December 10" by Intl.
  const dayName = (day: string) => {
    const year = day.slice(0, 4) === today.slice(0, 4) ? undefined : ('numeric' as const);
    if (uzbekScript(lang)) return `${weekdays[weekday(day)]}, ${Number(day.slice(8))}-${months[Number(day.slice(5, 7)) - 1].toLocaleLowerCase(lang)}${year ? `, ${day.slice(0, 4)}` : ''}`;
    return new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'long', year, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
  };
  const heading = view === 'month' ? `${months[Number(date.slice(5, 7)) - 1]} ${date.slice(0, 4)}` : `${dayName(from)} – ${dayName(to)}`;

  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  };
  const step = (direction: 1 | -1) => go({ date: view === 'month' ? addMonths(date, direction) : addDays(date, 7 * direction) });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
    else if (event.key === 't' || event.key === 'T') go({ date: '' });
    else return;
    event.preventDefault();
  };

  return (
    <section onKeyDown={onKeyDown} aria-labelledby="calendar-heading">
      <PageTitle>{t('calendar.title')}</PageTitle>
      <div className="mb-4 flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow-sm">
        <div className="flex items-center gap-2">
          <button type="button" className={buttonClass.icon} onClick={() => step(-1)} aria-label={t('calendar.prev')} aria-keyshortcuts="ArrowLeft">
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => go({ date: '' })} aria-keyshortcuts="T">
            {t('calendar.today')}
          </button>
          <button type="button" className={buttonClass.icon} onClick={() => step(1)} aria-label={t('calendar.next')} aria-keyshortcuts="ArrowRight">
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
        <h2 id="calendar-heading" className="min-w-48 flex-1 text-lg font-semibold text-slate-900" aria-live="polite">
          {heading}
        </h2>
        <div role="group" aria-label={t('calendar.view')} className="flex gap-1">
          {(['month', 'week'] as const).map((option) => (
            <button key={option} type="button" aria-pressed={view === option} className={view === option ? buttonClass.primary : buttonClass.secondary} onClick={() => go({ view: option === 'month' ? '' : option })}>
              {t(`calendar.${option}`)}
            </button>
          ))}
        </div>
        <div>
          <label htmlFor="calendar-type" className="text-sm font-medium text-slate-800">
            {t('calendar.type')}
          </label>
          <select id="calendar-type" className={inputClass} value={type} onChange={(event) => go({ type: event.target.value })}>
            <option value="">{t('calendar.allTypes')}</option>
            {DATED_TYPES.map((dated) => (
              <option key={dated.name} value={dated.name}>
                {say(dated.admin.title, lang)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="calendar-lang" className="text-sm font-medium text-slate-800">
            {t('calendar.language')}
          </label>
          <select id="calendar-lang" className={inputClass} value={entryLang} onChange={(event) => go({ lang: event.target.value })}>
            <option value="">{t('calendar.allLanguages')}</option>
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {languageName(language.code)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="mb-3 text-xs text-slate-600">
        {t('calendar.zone', { zone: timeZone, offset: zoneOffsetLabel(timeZone) })} <span className="hidden md:inline">{t('calendar.keys')}</span>
      </p>
      {loaderData.failed && <ErrorNotice message={problem(loaderData.problem, 'common.error')} onRetry={() => setParams(new URLSearchParams(params))} />}
      {navigation.state === 'loading' && <p className="sr-only" role="status">…</p>}
      {!loaderData.failed && (
        <div className={navigation.state === 'loading' ? 'opacity-60' : ''}>
          <DayGrid days={days} byDay={byDay} today={today} month={view === 'month' ? date.slice(0, 7) : undefined} tall={view === 'week'} />
          <DayList days={days} byDay={byDay} today={today} dayName={dayName} />
        </div>
      )}
    </section>
  );
}
