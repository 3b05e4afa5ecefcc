import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/shared/errors.ts';
import type { Actor } from '../../domain/shared/record-service.ts';
import type { PublicUser } from '../../domain/users/user-schema.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user?: PublicUser;
    token?: string;
    /** The session the bearer token belongs to. */
    sessionId?: string;
  }
}

const SIGN_IN_REQUIRED = 'Sign in to do this: your session is missing or has expired.';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

// Who may call a route is its declaration's access rule (server/http/route.ts, domain/access/permissions.ts).

export function actorOf(request: FastifyRequest): Actor | undefined {
  return request.user ? { userId: request.user._id, email: request.user.email, role: request.user.role, name: request.user.name, scope: request.user.scope } : undefined;
}

/** admin=true reads need a valid token; without one they are a 401, never a silent public list. */
export function assertAdminRead(request: FastifyRequest, admin: boolean | undefined): boolean {
  if (admin && !request.user) throw new AppError(401, 'UNAUTHORIZED', SIGN_IN_REQUIRED);
  return Boolean(admin);
}
