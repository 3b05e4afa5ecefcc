import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/shared/errors.ts';
import type { AppServices } from '../app-services.ts';

/** What an account may do before it has set up a required two-factor sign-in. */
const ALLOWED_BEFORE_TWO_FACTOR = /^(GET \/api\/auth\/(me|sessions)|POST \/api\/auth\/(logout|2fa\/(setup|enable))|DELETE \/api\/auth\/sessions\/[^/]+|PUT \/api\/auth\/password|GET \/api\/(languages|site-config|admin\/schedule))$/;

/**
 * Who is asking: a valid session token makes request.user; anything else stays anonymous. The
 * bearer header for every API call, a form's field for the few forms a browser posts itself.
 */
export function makeIdentify(services: AppServices) {
  return async function identify(request: FastifyRequest, token: string | undefined): Promise<void> {
    if (!token) return;
    const session = await services.auth.authenticate(token);
    if (session) {
      request.user = session.user;
      request.sessionId = session.sessionId;
      request.token = token;
    }
    // The firm may require two-factor sign-in: an account without it may only set it up (and sign out).
    if (session && !session.user.twoFactor && !ALLOWED_BEFORE_TWO_FACTOR.test(`${request.method} ${request.url.split('?')[0]}`)) {
      if ((await services.siteConfig.get()).security.requireTwoFactor) {
        throw new AppError(403, 'FORBIDDEN', 'This site requires two-factor sign-in: set it up in Settings first, then continue.', { reason: 'two_factor_required' });
      }
    }
  };
}
