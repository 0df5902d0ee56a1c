/**
 * An email subject from a notice's text: its first sentence when that fits, or else as many whole words
 * as fit, with an ellipsis. Never a word cut in half.
 */
export function mailSubject(text: string, max = 100): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const sentence = /^.+?[.!?](?=\s)/.exec(clean)?.[0];
  if (sentence && sentence.length <= max) return sentence;
  const room = clean.slice(0, max);
  const lastSpace = room.lastIndexOf(' ');
  const words = (lastSpace > max / 2 ? room.slice(0, lastSpace) : room.slice(0, max - 1)).replace(
    /[\s,;:.!?–—-]+$/,
    '',
  );
  return `${words}…`;
}
