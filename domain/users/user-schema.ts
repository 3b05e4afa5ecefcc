import { z } from 'zod';
import { LANGUAGE_CODE_PATTERN } from '../shared/localized.ts';

export const LoginInputSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(320, 'Email is invalid'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(10, 'Password must be at least 10 characters long')
  .max(200, 'Password must be at most 200 characters long');

/**
 * admin: everything. editor: all content, publishing, media and contact requests; not users,
 * languages or the site configuration. translator: only the text of multilingual fields in their
 * languages; no creating, deleting or publishing.
 */
export const ROLES = ['admin', 'editor', 'approver', 'translator'] as const;
export type Role = (typeof ROLES)[number];

const role = z.enum(ROLES, { error: `Role must be one of: ${ROLES.join(', ')}` });
const languageList = z
  .array(z.string().regex(LANGUAGE_CODE_PATTERN, 'Each language must be a language code such as ru'), { error: 'Languages must be a list of language codes' })
  .max(50, 'At most 50 languages');

export const NewUserSchema = z
  .object({
    email: z.email({ error: 'Email is invalid' }).max(320).transform((v) => v.toLowerCase()),
    name: z.string().trim().max(200).optional(),
    password: PasswordSchema,
    role: role.default('admin'),
    languages: languageList.default([]),
  })
  .refine((user) => user.role !== 'translator' || user.languages.length > 0, { path: ['languages'], message: 'A translator needs at least one language to translate into' });

/** Practice-area scope (API-4.md): the services whose records the account may create and change; null: all. */
const ScopeSchema = z
  .strictObject(
    { services: z.array(z.string().regex(/^[0-9a-f]{24}$/, 'Each practice area is the id of a service'), { error: 'services must be a list of service ids' }).min(1, 'Choose at least one practice area, or remove the limit').max(100) },
    { error: 'scope is { services: [ids] } or null' },
  )
  .nullable();
export type Scope = { services: string[] } | null;

export const UserChangeSchema = z.strictObject(
  {
    name: z.string().trim().max(200).optional(),
    role: role.optional(),
    languages: languageList.optional(),
    /** Signs in with a password even when PASSWORD_SIGN_IN=false (an administrator's way in when the provider is down). */
    breakGlass: z.boolean({ error: 'breakGlass must be true or false' }).optional(),
    scope: ScopeSchema.optional(),
  },
  { error: 'Only name, role, languages, breakGlass and scope can be changed here' },
);

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: PasswordSchema,
});

export interface PublicUser {
  _id: string;
  email: string;
  name: string;
  createdAt: string;
  role: Role;
  /** The languages a translator may change. */
  languages: string[];
  /** Two-factor sign-in is on. */
  twoFactor: boolean;
  /** Where the firm's Telegram bot sends this person's notices (a review assigned to them), if they gave it. */
  telegramChatId: string | null;
  /** Signs in with a password even when passwords are off for everyone else. */
  breakGlass: boolean;
  /** The practice areas (service ids) whose records this account may create and change; null: no limit. */
  scope: Scope;
}

/** A Telegram chat id: the number Telegram gives a person's chat with the bot (a group's starts with -). */
/** The language a person reads the admin in (PUT /api/auth/me/language): what they are told of a review is written in it. */
export const InterfaceLanguageSchema = z.strictObject({ language: z.enum(['uz', 'ru', 'en'], { error: 'language must be uz, ru or en' }) });

export const TelegramChatSchema = z.strictObject(
  {
    chatId: z
      .string()
      .trim()
      .regex(/^-?\d{1,20}$/, 'A Telegram chat id is a number (a group’s starts with -): copy it as @userinfobot gives it')
      .nullable(),
  },
  { error: 'Send chatId only: the number, or null to stop the notices' },
);
