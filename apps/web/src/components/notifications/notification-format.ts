/** Spec §9: the badge shows at most two digits; 100 or more shows 99. No badge at 0. */
export function badgeLabel(count: number): string | undefined {
  if (count <= 0) return undefined;
  return String(Math.min(count, 99));
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many} ago`;

/** Spec §8: "Just now" under a minute, then minutes, hours and days ago. */
export function timeAgo(timestamp: string, now: number = Date.now()): string {
  const at = Date.parse(timestamp);
  if (Number.isNaN(at)) return '';
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return 'Just now';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'min', 'mins');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hour', 'hours');
  return plural(Math.floor(hours / 24), 'day', 'days');
}

export interface TextSegment {
  readonly text: string;
  readonly bold: boolean;
}

/**
 * A message's `**bold**` markup as plain text segments (spec §3), rendered as text nodes: nothing in a
 * message is ever read as HTML. An unclosed `**` stays as written.
 */
export function boldSegments(message: string): TextSegment[] {
  const parts = message.split('**');
  const closed = parts.length % 2 === 1;
  const segments: TextSegment[] = [];
  parts.forEach((text, index) => {
    const isLast = index === parts.length - 1;
    if (index % 2 === 1 && !closed && isLast) segments.push({ text: `**${text}`, bold: false });
    else if (text !== '') segments.push({ text, bold: index % 2 === 1 });
  });
  return segments;
}
