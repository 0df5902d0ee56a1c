import type { UserRow } from '../../db/schema';
import { renderMail } from '../../platform/mail/templates';

export function verificationMail(appName: string, user: UserRow, url: string) {
  return {
    to: user.email,
    ...renderMail(appName, {
      subject: `Verify your email address for ${appName}`,
      greeting: `Hello ${user.name},`,
      lines: ['Please confirm your email address to finish setting up your account.'],
      action: { label: 'Verify email address', url },
      outro: ['This link expires in 60 minutes.', 'If you did not create an account, no action is needed.'],
    }),
  };
}

export function passwordResetMail(appName: string, user: UserRow, url: string) {
  return {
    to: user.email,
    sensitive: true,
    ...renderMail(appName, {
      subject: `Reset your ${appName} password`,
      greeting: `Hello ${user.name},`,
      lines: ['We received a request to reset the password of your account.'],
      action: { label: 'Reset password', url },
      outro: [
        'This link expires in 60 minutes and works once.',
        'If you did not ask for it, ignore this email.',
      ],
    }),
  };
}

export function invitationMail(appName: string, user: UserRow, inviterName: string, url: string) {
  return {
    to: user.email,
    sensitive: true,
    ...renderMail(appName, {
      subject: `You have been invited to ${appName}`,
      greeting: `Hello ${user.name},`,
      lines: [`${inviterName} has invited you to ${appName}. Choose a password to activate your account.`],
      action: { label: 'Set your password', url },
      outro: ['This link expires in 7 days and works once.'],
    }),
  };
}
