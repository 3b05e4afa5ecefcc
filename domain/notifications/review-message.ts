/*
 * What the person asked to review a record is told, by e-mail and by the firm's Telegram bot, in
 * the site's default language (the office works in it): who asks, what, by when, and the link.
 */

interface Words {
  subject: string;
  asks: string;
  due: string;
  open: string;
  colleague: string;
  test: string;
}

const WORDS: Record<string, Words> = {
  uz: {
    subject: 'Ko‘rib chiqing: {title}',
    asks: '{by} sizdan «{title}» ({kind}) ni ko‘rib chiqishni so‘radi.',
    due: 'Muddat: {due}',
    open: 'Oching, so‘ng tasdiqlang yoki tuzatish so‘rang: {url}',
    colleague: 'Hamkasbingiz',
    test: '✅ {site}: {email} uchun ko‘rib chiqish so‘rovlari shu chatga keladi.',
  },
  ru: {
    subject: 'Прошу согласовать: {title}',
    asks: '{by} просит вас согласовать «{title}» ({kind}).',
    due: 'Срок: {due}',
    open: 'Откройте, затем утвердите или попросите правки: {url}',
    colleague: 'Коллега',
    test: '✅ {site}: запросы на согласование для {email} будут приходить в этот чат.',
  },
  en: {
    subject: 'Please review: {title}',
    asks: '{by} asks you to review “{title}” ({kind}).',
    due: 'Due: {due}',
    open: 'Open it, then approve it or ask for changes: {url}',
    colleague: 'A colleague',
    test: '✅ {site}: review requests for {email} will come here.',
  },
};

export interface ReviewRequest {
  /** The record's title in `language`, and what kind of record it is ("yangilik"). */
  title: string;
  kind: string;
  by: string;
  dueAt: string | null;
  comment?: string;
  /** The record's form in the admin area (absolute). */
  url: string;
}

const wordsOf = (language: string) => WORDS[language.split('-')[0]] ?? WORDS.en;
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** The test message a person sends to their own chat from Settings, in `language`. */
export function telegramTestMessage(language: string, site: string, email: string): string {
  return fill(wordsOf(language).test, { site, email });
}

/** The subject and text of the notice in `language` (Uzbek Cyrillic reads the Latin words; others English). */
export function reviewMessage(request: ReviewRequest, language: string, timeZone: string): { subject: string; text: string } {
  const base = language.split('-')[0];
  const words = wordsOf(language);
  const due = request.dueAt ? new Intl.DateTimeFormat(WORDS[base] ? base : 'en', { dateStyle: 'long', timeStyle: 'short', timeZone }).format(new Date(request.dueAt)) : '';
  const text = [
    fill(words.asks, { by: request.by || words.colleague, title: request.title, kind: request.kind }),
    ...(due ? [fill(words.due, { due })] : []),
    ...(request.comment ? ['', request.comment] : []),
    '',
    fill(words.open, { url: request.url }),
  ].join('\n');
  return { subject: fill(words.subject, { title: request.title }), text };
}

/** What the person asked is told of an outside reviewer's decision: an opinion, never the approval. */
const OUTSIDE_WORDS: Record<string, { subject: string; approve: string; request_changes: string; opinion: string; open: string }> = {
  uz: {
    subject: 'Tashqi taqrizchining fikri: {title}',
    approve: '{name} ({email}) «{title}» ({kind}) ni ma’qulladi.',
    request_changes: '{name} ({email}) «{title}» ({kind}) bo‘yicha tuzatish so‘radi.',
    opinion: 'Bu tashqi taqrizchining fikri, tasdiq emas: e’lon qilish uchun tasdiqlovchi yoki administrator o‘zi tasdiqlaydi.',
    open: 'Oching: {url}',
  },
  ru: {
    subject: 'Мнение внешнего рецензента: {title}',
    approve: '{name} ({email}) одобряет «{title}» ({kind}).',
    request_changes: '{name} ({email}) просит правки в «{title}» ({kind}).',
    opinion: 'Это мнение внешнего рецензента, а не утверждение: для публикации её утверждает согласующий или администратор.',
    open: 'Открыть: {url}',
  },
  en: {
    subject: 'Outside reviewer’s opinion: {title}',
    approve: '{name} ({email}) approves “{title}” ({kind}).',
    request_changes: '{name} ({email}) asks for changes to “{title}” ({kind}).',
    opinion: 'This is an outside reviewer’s opinion, not the approval: an approver or an administrator approves it for publishing.',
    open: 'Open it: {url}',
  },
};

export interface OutsideOpinion {
  decision: 'approve' | 'request_changes';
  reviewer: { name: string; email: string };
  title: string;
  kind: string;
  comment?: string;
  url: string;
}

/** The subject and text of an outside reviewer's decision in `language` (others: English). */
export function outsideOpinionMessage(opinion: OutsideOpinion, language: string): { subject: string; text: string } {
  const words = OUTSIDE_WORDS[language.split('-')[0]] ?? OUTSIDE_WORDS.en;
  const values = { name: opinion.reviewer.name, email: opinion.reviewer.email, title: opinion.title, kind: opinion.kind, url: opinion.url };
  const text = [fill(words[opinion.decision], values), words.opinion, ...(opinion.comment ? ['', opinion.comment] : []), '', fill(words.open, values)].join('\n');
  return { subject: fill(words.subject, values), text };
}

/** What the author (who sent it for review, or saved the copy) is told of an approver's decision. */
const DECISION_WORDS: Record<string, { approveSubject: string; changesSubject: string; approve: string; request_changes: string; next: Record<'approve' | 'request_changes', string>; open: string }> = {
  uz: {
    approveSubject: 'Tasdiqlandi: {title}',
    changesSubject: 'Tuzatish so‘raldi: {title}',
    approve: '{by} «{title}» ({kind}) ni tasdiqladi.',
    request_changes: '{by} «{title}» ({kind}) bo‘yicha tuzatish so‘radi.',
    next: { approve: 'Endi o‘zgarishlarni e’lon qilishingiz mumkin.', request_changes: 'Izohlarni ko‘rib, nusxani tuzating va yana ko‘rib chiqishga yuboring.' },
    open: 'Oching: {url}',
  },
  ru: {
    approveSubject: 'Утверждено: {title}',
    changesSubject: 'Нужны правки: {title}',
    approve: '{by} утвердил(а) «{title}» ({kind}).',
    request_changes: '{by} попросил(а) правки в «{title}» ({kind}).',
    next: { approve: 'Теперь изменения можно опубликовать.', request_changes: 'Посмотрите комментарии, поправьте копию и снова отправьте на согласование.' },
    open: 'Открыть: {url}',
  },
  en: {
    approveSubject: 'Approved: {title}',
    changesSubject: 'Changes requested: {title}',
    approve: '{by} approved “{title}” ({kind}).',
    request_changes: '{by} asked for changes to “{title}” ({kind}).',
    next: { approve: 'You can publish the changes now.', request_changes: 'Read the comments, fix the copy and send it for review again.' },
    open: 'Open it: {url}',
  },
};

export interface ReviewDecision {
  decision: 'approve' | 'request_changes';
  by: string;
  title: string;
  kind: string;
  comment?: string;
  url: string;
}

/** The subject and text of an approver's decision in `language` (others: English). */
export function decisionMessage(decision: ReviewDecision, language: string): { subject: string; text: string } {
  const words = DECISION_WORDS[language.split('-')[0]] ?? DECISION_WORDS.en;
  const values = { by: decision.by, title: decision.title, kind: decision.kind, url: decision.url };
  const text = [fill(words[decision.decision], values), words.next[decision.decision], ...(decision.comment ? ['', decision.comment] : []), '', fill(words.open, values)].join('\n');
  return { subject: fill(decision.decision === 'approve' ? words.approveSubject : words.changesSubject, values), text };
}
