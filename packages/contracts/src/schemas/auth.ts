import { z } from 'zod';
import { emailSchema, passwordSchema, personNameSchema } from './common';

const confirmed = <T extends { password: string; password_confirmation: string }>(value: T) =>
  value.password === value.password_confirmation;
const confirmation = {
  error: 'The password field confirmation does not match.',
  path: ['password'],
};

export const loginInputSchema = z.object({
  email: emailSchema,
  password: z.string().min(1),
  remember: z.boolean().optional(),
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const registerInputSchema = z
  .object({
    name: personNameSchema,
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string(),
    /** registering accepts the current terms and conditions */
    accept_terms: z.literal(true, { error: 'You must accept the terms and conditions.' }),
  })
  .refine(confirmed, confirmation);
export type RegisterInput = z.input<typeof registerInputSchema>;

export const forgotPasswordInputSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = z
  .object({
    token: z.string().min(1),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine(confirmed, confirmation);
export type ResetPasswordInput = z.input<typeof resetPasswordInputSchema>;

/** An invited user chooses a password with the token from their invitation email. */
export const setPasswordInputSchema = resetPasswordInputSchema;
export type SetPasswordInput = ResetPasswordInput;

export const updatePasswordInputSchema = z
  .object({
    current_password: z.string().min(1),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .refine(confirmed, confirmation);
export type UpdatePasswordInput = z.input<typeof updatePasswordInputSchema>;

export const AUTH_MESSAGES = {
  failed: 'These credentials do not match our records.',
  deactivated: 'This account has been deactivated. Please contact your administrator.',
  throttle: (seconds: number) => `Too many login attempts. Please try again in ${seconds} seconds.`,
  resetLinkSent: 'If that email address is registered, we have emailed a password reset link.',
  passwordReset: 'Your password has been reset.',
  invalidResetToken: 'This password reset link is invalid or has expired.',
  invalidInvitationToken: 'This invitation link is invalid or has expired.',
  currentPassword: 'The password is incorrect.',
  emailTaken: 'The email has already been taken.',
  verificationSent: 'A fresh verification link has been sent to your email address.',
  alreadyVerified: 'Your email address is already verified.',
  passwordUpdated: 'Your password has been updated.',
} as const;
