import { MARKET_SOUNDING_STANDARD_WORDING } from '@portico/contracts';
import { Paragraphs } from '../../../components/text/paragraphs';

/**
 * The consent an investor is asked for: the standard statement, then the firm's own market-sounding
 * description (Settings → Investor → Market sounding). The server fixes it on the sounding when sent.
 */
export function consentWordingOf(description: string | null | undefined): string {
  const own = description?.trim() ?? '';
  return own === '' ? MARKET_SOUNDING_STANDARD_WORDING : `${MARKET_SOUNDING_STANDARD_WORDING}\n\n${own}`;
}

/** Wording as it was written: plain text, a blank line between paragraphs. */
export function ConsentWording({ text }: { text: string }) {
  return <Paragraphs text={text} />;
}
