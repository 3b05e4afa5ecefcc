import type { AdminT } from './admin-context.tsx';
import type { AdminTextKey } from './admin-texts.ts';
import { ApiError } from './api.ts';
import { fieldLabel, localizeIssue } from './field-labels.ts';

/** What the API answers by status (API.md), said for people in the admin's language. */
const BY_STATUS: Record<number, AdminTextKey> = {
  0: 'problem.offline',
  400: 'problem.badRequest',
  401: 'problem.signedOut',
  403: 'problem.forbidden',
  404: 'problem.notFound',
  409: 'problem.duplicate',
  413: 'problem.tooLarge',
  415: 'problem.fileType',
  429: 'problem.tooMany',
  503: 'problem.unavailable',
};

/**
 * Why something failed, as the admin's reader can act on it. In English the server's own sentence
 * (it names the case: "Slug already exists"); in another language a sentence by the answer's
 * status, code and reason — never the English one in an Uzbek or Russian screen — or by the
 * refused field's code. `fallback` says what was being done when nothing better is known.
 */
export function makeProblemText(t: AdminT, lang: string) {
  return (caught: unknown, fallback: AdminTextKey = 'common.error'): string => {
    if (!(caught instanceof ApiError)) return t(fallback);
    if (lang === 'en' && caught.message && caught.status !== 0) return caught.message;
    const detail = caught.details[0];
    if (detail) return localizeIssue(detail, fieldLabel(detail.path.split('.')[0], lang), lang, t);
    if (caught.status === 409 && caught.reason === 'stale_version') return t('problem.stale');
    if (caught.reason === 'not_public') return t('problem.notPublic');
    if (caught.reason === 'approval_required') return t('problem.approvalRequired');
    if (caught.reason === 'out_of_scope') return t('problem.outOfScope');
    if (caught.reason === 'password_sign_in_off') return t('login.passwordOff');
    const key = BY_STATUS[caught.status] ?? (caught.status >= 500 ? 'problem.server' : undefined);
    return key ? t(key) : t(fallback);
  };
}
export type ProblemText = ReturnType<typeof makeProblemText>;
