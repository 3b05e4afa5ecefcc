import { z } from 'zod';

export const LoginInputSchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(320, 'Email is invalid'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(10, 'Password must be at least 10 characters long')
  .max(200, 'Password must be at most 200 characters long');

export const NewUserSchema = z.object({
  email: z.email({ error: 'Email is invalid' }).max(320).transform((v) => v.toLowerCase()),
  name: z.string().trim().max(200).optional(),
  password: PasswordSchema,
});

export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(200),
  newPassword: PasswordSchema,
});

export interface PublicUser {
  _id: string;
  email: string;
  name: string;
  createdAt: string;
}
