import type { Terminology } from '@portico/contracts';
import { inSentence, singularOf } from '../../../lib/terminology';

/**
 * The deployment's word for deals inside a sentence, one and many ("deal", "deals"). Terminology names
 * only the plural (singularOf).
 */
export function dealNoun(terms: Terminology) {
  const many = inSentence(terms.deals);
  return { one: singularOf(many), many };
}
