import type { TermKey, Terminology } from '@portico/contracts';
import { isRoleId, resolveTerminology } from '@portico/contracts/constants';
import { useCallback, useMemo } from 'react';
import { useBranding } from './branding';

/** Every editable label, the deployment's words merged over the defaults (spec §1). */
export function useTerminology(): Terminology {
  const navigation = useBranding()?.navigation;
  return useMemo(() => resolveTerminology(navigation), [navigation]);
}

/** One editable label: `useTerm('investments')`. */
export function useTerm(key: TermKey): string {
  return useTerminology()[key];
}

/** The name a role goes by in this deployment (terms role_1 … role_12). */
export function roleTerm(terminology: Terminology, roleId: number): string {
  return isRoleId(roleId) ? terminology[`role_${roleId}`] : 'Unknown role';
}

export function useRoleName(): (roleId: number) => string {
  const terminology = useTerminology();
  return useCallback((roleId: number) => roleTerm(terminology, roleId), [terminology]);
}

/**
 * A label inside a sentence: "Investors" becomes "investors", while a name that is not a plain capitalised
 * word ("LPs", "iShares") keeps its spelling.
 */
export function inSentence(term: string): string {
  const [first = '', second = ''] = term;
  if (second !== '' && second !== second.toLowerCase()) return term;
  return first.toLowerCase() + term.slice(1);
}

/**
 * One of a plural term ("opportunities" → "opportunity", "deals" → "deal"): terminology names only the
 * plural. English's regular endings; a word without one stays as it is.
 */
export function singularOf(plural: string): string {
  if (/[^aeiou]ies$/i.test(plural)) return `${plural.slice(0, -3)}${plural.endsWith('IES') ? 'Y' : 'y'}`;
  if (/(ss|sh|ch|x)es$/i.test(plural)) return plural.slice(0, -2);
  if (/[^s]s$/i.test(plural)) return plural.slice(0, -1);
  return plural;
}

/**
 * Many of a singular term ("Cash call" → "Cash calls", "Drawdown" → "Drawdowns", "Capital call
 * summary" → "Capital call summaries"): English's regular endings.
 */
export function pluralOf(singular: string): string {
  if (/[^aeiou]y$/i.test(singular))
    return `${singular.slice(0, -1)}${singular.endsWith('Y') ? 'IES' : 'ies'}`;
  if (/(s|sh|ch|x|z)$/i.test(singular)) return `${singular}es`;
  return `${singular}s`;
}

/** A phrase that opens a sentence or a title: "lead status" becomes "Lead status". */
export function atSentenceStart(phrase: string): string {
  return phrase.charAt(0).toUpperCase() + phrase.slice(1);
}
