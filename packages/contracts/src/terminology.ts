import { z } from 'zod';
import { TERM_KEYS, TERMS, type TermKey } from './terminology-defaults';

const termValue = (key: TermKey) =>
  z
    .string()
    .trim()
    .min(1)
    .max(TERMS[key].kind === 'text' ? 1000 : 80);

/** A partial terminology: only the terms sent are changed. */
export const terminologyInputSchema = z
  .object(
    Object.fromEntries(TERM_KEYS.map((key) => [key, termValue(key).optional()])) as Record<
      TermKey,
      z.ZodOptional<ReturnType<typeof termValue>>
    >,
  )
  .strict()
  .meta({ id: 'TerminologyChanges' });

export const terminologySchema = z
  .object(Object.fromEntries(TERM_KEYS.map((key) => [key, z.string()])) as Record<TermKey, z.ZodString>)
  .meta({ id: 'Terminology' });
