import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/shared/errors.ts';
import type { Actor } from '../../domain/shared/record-service.ts';
import type { PublicUser, Role } from '../../domain/users/user-schema.ts';

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

/** preHandler for every write and every admin-only read. */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.user) throw new AppError(401, 'UNAUTHORIZED', SIGN_IN_REQUIRED);
}

const ROLE_NAMES: Record<Role, string> = { admin: 'an administrator', editor: 'an editor', approver: 'an approver', translator: 'a translator' };

/** preHandler: signed in, and in one of these roles (403 otherwise, naming who may). */
function requireRole(...roles: Role[]) {
  return async function allowed(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    if (!request.user) throw new AppError(401, 'UNAUTHORIZED', SIGN_IN_REQUIRED);
    if (!roles.includes(request.user.role)) {
      throw new AppError(403, 'FORBIDDEN', `As ${ROLE_NAMES[request.user.role]} you cannot do this: only ${roles.map((role) => ROLE_NAMES[role]).join(' or ')} can. Ask an administrator.`);
    }
  };
}

/** Who may change content: create, delete, publish, upload, answer requests. */
export const editorsOnly = requireRole('admin', 'editor', 'approver');
/** Users, languages, the site configuration and where personal data goes. */
export const adminsOnly = requireRole('admin');

export function actorOf(request: FastifyRequest): Actor | undefined {
  return request.user ? { userId: request.user._id, email: request.user.email, role: request.user.role, name: request.user.name } : undefined;
}

/** admin=true reads need a valid token; without one they are a 401, never a silent public list. */
export function assertAdminRead(request: FastifyRequest, admin: boolean | undefined): boolean {
  if (admin && !request.user) throw new AppError(401, 'UNAUTHORIZED', SIGN_IN_REQUIRED);
  return Boolean(admin);
}
