import type { UserRow } from '../../db/schema';

/**
 * Who may listen on which private channel (Laravel's routes/channels.php). The `private-` prefix is
 * stripped before matching, as Laravel does.
 */
const CHANNELS: Array<{ pattern: RegExp; authorize: (user: UserRow, match: RegExpExecArray) => boolean }> = [
  // Each user's own notifications (API-CONTRACT.md §3).
  { pattern: /^App\.Models\.User\.(\d+)$/, authorize: (user, match) => user.id === Number(match[1]) },
];

export const userChannel = (userId: number) => `private-App.Models.User.${userId}`;

export function mayListen(user: UserRow, channelName: string): boolean {
  const name = channelName.replace(/^private-/, '');
  if (name === channelName) return false;
  for (const channel of CHANNELS) {
    const match = channel.pattern.exec(name);
    if (match) return channel.authorize(user, match);
  }
  return false;
}
