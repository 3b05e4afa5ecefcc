import type { ErrorDetail } from '../../domain/shared/errors.ts';
import type { UiTextKey } from '../i18n/ui-texts.ts';
import { useSite } from './site-context.tsx';

/* The pieces of the alerts' forms (subscribe, settings): plain forms that work without JavaScript. */

export type SubscriptionField = 'email' | 'language' | 'topics' | 'consent';
export type SubscriptionErrors = Partial<Record<SubscriptionField, ErrorDetail>>;
export const inputClass = 'mt-1 block min-h-12 w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-600';
export const buttonClass = 'min-h-12 rounded-md bg-brand-700 px-8 py-3 font-semibold text-white hover:bg-brand-800';

/** A refused field in the page's language, from its code. */
function subscriptionProblem(field: SubscriptionField, detail: ErrorDetail): UiTextKey {
  if (field === 'email') return detail.code === 'required' ? 'subscribe.required.email' : 'subscribe.invalid.email';
  if (field === 'consent') return 'subscribe.required.consent';
  if (field === 'topics') return 'subscribe.required.topics';
  return 'subscribe.failed';
}

/** Reads the fields of a posted form as the API takes them. */
export function subscriptionInput(form: FormData) {
  return {
    email: String(form.get('email') ?? '').trim(),
    language: String(form.get('language') ?? ''),
    topics: form.getAll('topics').map(String),
    consent: form.get('consent') === 'true',
    // The page's language: the consent's words were shown in it.
    ...(form.get('lang') ? { lang: String(form.get('lang')) } : {}),
  };
}

/** Which of the form's fields a refusal names. */
export function fieldErrors(details: readonly ErrorDetail[]): SubscriptionErrors {
  const errors: SubscriptionErrors = {};
  for (const detail of details) {
    const field = detail.path.split('.')[0];
    if (field === 'email' || field === 'language' || field === 'topics' || field === 'consent') errors[field] ??= detail;
  }
  return errors;
}

export function FieldError({ id, field, errors }: { id: string; field: SubscriptionField; errors: SubscriptionErrors }) {
  const { t } = useSite();
  const detail = errors[field];
  return (
    <p id={id} role="alert" hidden={!detail} className="mt-1 text-sm text-red-700">
      {detail ? t(subscriptionProblem(field, detail)) : ''}
    </p>
  );
}

/** A topic one may subscribe to: a practice area or an industry (API-3.md "Alerts"). */
export interface Topic {
  _id: string;
  title: string;
  group: 'services' | 'industries';
}

const TOPIC_GROUPS: Array<Topic['group']> = ['services', 'industries'];

/** The topics as checkboxes, practice areas and industries each under its heading (a fieldset with its legend). */
export function TopicGroups({ topics, chosen, idPrefix, listClass, itemClass }: { topics: Topic[]; chosen: (id: string) => boolean; idPrefix: string; listClass: string; itemClass: string }) {
  const { t } = useSite();
  return TOPIC_GROUPS.map((group) => {
    const inGroup = topics.filter((topic) => topic.group === group);
    if (!inGroup.length) return null;
    return (
      <fieldset key={group} className="mt-3">
        <legend className="text-sm text-slate-700">{t(`subscribe.group.${group}`)}</legend>
        <ul className={listClass}>
          {inGroup.map((topic) => (
            <li key={topic._id} className={itemClass}>
              <input id={`${idPrefix}-topic-${topic._id}`} type="checkbox" name="topics" value={topic._id} defaultChecked={chosen(topic._id)} className="mt-1 h-5 w-5 shrink-0 accent-brand-700" />
              <label htmlFor={`${idPrefix}-topic-${topic._id}`} className="text-slate-800">
                {topic.title}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    );
  });
}

/** The topics as checkboxes (a fieldset with its legend) and the language of the alerts. */
export function TopicsAndLanguage({ topics, chosen, language, errors, idPrefix }: { topics: Topic[]; chosen: string[]; language: string; errors: SubscriptionErrors; idPrefix: string }) {
  const { t, languages } = useSite();
  return (
    <>
      <fieldset aria-describedby={`${idPrefix}-topics-error`}>
        <legend className="text-sm font-medium text-slate-800">
          {t('subscribe.topics')}
          <span aria-hidden="true"> *</span>
        </legend>
        {topics.length === 0 ? (
          <p className="mt-2 text-slate-600">{t('subscribe.noTopics')}</p>
        ) : (
          <TopicGroups topics={topics} chosen={(id) => chosen.includes(id)} idPrefix={idPrefix} listClass="mt-2 grid gap-2 sm:grid-cols-2" itemClass="flex items-start gap-3" />
        )}
        <FieldError id={`${idPrefix}-topics-error`} field="topics" errors={errors} />
      </fieldset>
      <div>
        <label htmlFor={`${idPrefix}-language`} className="block text-sm font-medium text-slate-800">
          {t('subscribe.language')}
        </label>
        <select id={`${idPrefix}-language`} name="language" defaultValue={language} className={inputClass}>
          {languages.map((item) => (
            <option key={item.code} value={item.code}>
              {item.nativeName}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

