import type { Question } from '@portico/contracts';
import { formatDate, formatNumber } from '../../../lib/format';

/** Any stored value as text: answers are plain JSON (strings, numbers, booleans, lists of strings). */
const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);

const labelOf = (question: Question, value: unknown) =>
  question.options?.find((option) => option.value === value)?.label ?? text(value);

/**
 * A stored answer in words; null when it was not answered. A country is named by `countryName`
 * (lib/countries' useCountryName), or shown as its code.
 */
export function formatAnswer(
  question: Question,
  value: unknown,
  countryName: (code: string) => string = (code) => code,
): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    return value.map((item) => labelOf(question, item)).join(', ');
  }
  switch (question.kind) {
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : text(value);
    case 'confirm':
      return value === true ? 'Confirmed' : 'Not confirmed';
    case 'single_choice':
    case 'multi_choice':
      return labelOf(question, value);
    case 'date':
      return typeof value === 'string' ? formatDate(value) : text(value);
    case 'number':
      return typeof value === 'number' ? formatNumber(value) : text(value);
    case 'country':
      return typeof value === 'string' ? countryName(value) : text(value);
    case 'text':
    case 'textarea':
    case 'email':
    case 'phone':
      return text(value);
  }
}
