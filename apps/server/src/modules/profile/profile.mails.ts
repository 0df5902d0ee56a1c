import type { SupportCategory } from '@portico/contracts';
import { SUPPORT_CATEGORY_LABELS } from '@portico/contracts';
import { renderMail } from '../../platform/mail/templates';

/** To the new address: the link that makes it the account's address. */
export function confirmNewEmailMail(appName: string, name: string, to: string, url: string) {
  return {
    to,
    sensitive: true,
    ...renderMail(appName, {
      subject: `Confirm your new email address for ${appName}`,
      greeting: `Hello ${name},`,
      lines: [
        `You asked to use this address for your ${appName} account.`,
        'Your current address stays in use until you open the link below.',
      ],
      action: { label: 'Confirm new email address', url },
      outro: ['This link expires in 60 minutes.', 'If you did not ask for this, ignore this email.'],
    }),
  };
}

/** To the old address: someone asked to move the account elsewhere. */
export function emailChangeNoticeMail(appName: string, name: string, to: string, pending: string) {
  return {
    to,
    ...renderMail(appName, {
      subject: `Your ${appName} email address is being changed`,
      greeting: `Hello ${name},`,
      lines: [
        `A change of your account's email address to ${pending} was requested.`,
        'This address stays in use until the new one is confirmed from the link we sent to it.',
        'If you did not ask for this, contact us straight away and change your password.',
      ],
    }),
  };
}

export function supportRequestMail(
  appName: string,
  to: string,
  from: { id: number; name: string; email: string },
  input: { subject: string; message: string; category?: SupportCategory | null | undefined },
) {
  return {
    to,
    replyTo: from.email,
    ...renderMail(appName, {
      subject: `[Support] ${input.subject}`,
      greeting: 'Hello,',
      lines: [
        `${from.name} (${from.email}, user ${from.id}) sent a message from the investor portal.`,
        ...(input.category ? [`Category: ${SUPPORT_CATEGORY_LABELS[input.category]}`] : []),
        `Subject: ${input.subject}`,
        '',
        ...input.message.split(/\r?\n/),
      ],
      outro: ['Reply to this email to answer them.'],
    }),
  };
}
