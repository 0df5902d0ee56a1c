import { boldSegments } from './notification-format';

/** A message with its `**bold**` parts in <strong>; every part is a text node (never HTML). */
export function BoldText({ text }: { text: string }) {
  return (
    <>
      {boldSegments(text).map((segment, index) =>
        segment.bold ? <strong key={index}>{segment.text}</strong> : <span key={index}>{segment.text}</span>,
      )}
    </>
  );
}
