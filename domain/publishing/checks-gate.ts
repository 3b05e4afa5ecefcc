import { can } from '../access/permissions.ts';
import { AppError } from '../shared/errors.ts';
import { overridden } from './override.ts';
import type { PublishingRules, PublishingWrite } from './policy.ts';

/**
 * What is about to be public, now or at its scheduled moment, must pass the checks in the default
 * language (422 `checks_failed` with the list, API-3.md "Checks before publishing"); an
 * administrator may publish anyway with a reason, which the activity log keeps.
 */
export async function assertChecksPass(rules: Pick<PublishingRules, 'blockingChecks' | 'changed'>, write: PublishingWrite): Promise<void> {
  const { type, id, values, textSaved, actor, title } = write;
  const failed = await rules.blockingChecks(type, id, values, textSaved);
  if (!failed.length) return;
  if (await overridden(rules.changed, write, `${title}: published although checks failed (${[...new Set(failed.map((check) => check.code))].join(', ')})`, 'although the checks failed')) return;
  const first = failed.slice(0, 3).map((check) => check.message).join('; ');
  throw new AppError(422, 'CHECKS_FAILED', `Fix ${failed.length === 1 ? 'this' : `these ${failed.length} problems`} before publishing: ${first}${failed.length > 3 ? '; …' : ''}.${can(actor, 'record.override') ? ' As an administrator you may publish anyway with override: { reason }.' : ''}`, { reason: 'checks_failed', checks: failed });
}
