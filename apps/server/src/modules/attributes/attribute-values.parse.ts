import {
  ATTRIBUTE_NUMBER_PATTERN,
  ATTRIBUTE_TEXT_MAX,
  type AttributeFieldType,
  type AttributeValue,
} from '@portico/contracts';

export interface ValueRule {
  name: string;
  type: AttributeFieldType;
  options: ReadonlyArray<{ id: number; label: string }>;
}

export type Parsed = { ok: true; value: AttributeValue | null } | { ok: false; message: string };

const cleared = (raw: unknown) =>
  raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && raw.length === 0);

const isOptionId = (raw: unknown): raw is number => typeof raw === 'number' && Number.isSafeInteger(raw);

function validDate(text: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/**
 * One value as an attribute of its type takes it: the stored form, null to clear it, or the message a
 * person reads next to the field. Numbers stay decimal strings (never floats).
 */
export function parseAttributeValue(rule: ValueRule, raw: unknown): Parsed {
  if (cleared(raw)) return { ok: true, value: null };
  const fail = (message: string): Parsed => ({ ok: false, message: `${rule.name} ${message}` });
  switch (rule.type) {
    case 'text': {
      if (typeof raw !== 'string') return fail('must be text.');
      const text = raw.trim();
      if (text.length > ATTRIBUTE_TEXT_MAX)
        return fail(`must not be longer than ${ATTRIBUTE_TEXT_MAX} characters.`);
      return { ok: true, value: text === '' ? null : text };
    }
    case 'number': {
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      if (!ATTRIBUTE_NUMBER_PATTERN.test(text))
        return fail('must be a number, e.g. 42 or 1250.5 (up to 15 digits and 6 decimals).');
      return { ok: true, value: text.replace(/^(-?)0+(?=\d)/, '$1') };
    }
    case 'date': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (!validDate(text)) return fail('must be a date written YYYY-MM-DD, e.g. 2025-03-31.');
      return { ok: true, value: text };
    }
    case 'boolean':
      if (typeof raw !== 'boolean') return fail('must be yes or no (true or false).');
      return { ok: true, value: raw };
    case 'select':
      if (!isOptionId(raw) || !rule.options.some((option) => option.id === raw))
        return fail('must be one of its options.');
      return { ok: true, value: raw };
    case 'multi_select': {
      if (!Array.isArray(raw) || !raw.every(isOptionId)) return fail('must be a list of its options.');
      const known = new Set(rule.options.map((option) => option.id));
      if (!raw.every((id) => known.has(id))) return fail('must only hold its own options.');
      // In the options' order, each once.
      const chosen = new Set(raw);
      return {
        ok: true,
        value: rule.options.filter((option) => chosen.has(option.id)).map((option) => option.id),
      };
    }
  }
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A stored value as a person reads it: "Yes", "Fintech, Climate & Energy", "31 March 2025". */
export function displayAttributeValue(rule: ValueRule, value: unknown): string {
  const label = (id: unknown) => rule.options.find((option) => option.id === id)?.label ?? '';
  switch (rule.type) {
    case 'boolean':
      return value === true ? 'Yes' : 'No';
    case 'select':
      return label(value);
    case 'multi_select':
      return Array.isArray(value) ? value.map(label).filter(Boolean).join(', ') : '';
    case 'date':
      return typeof value === 'string' && validDate(value) ? DATE.format(new Date(`${value}T00:00:00Z`)) : '';
    case 'text':
    case 'number':
      return typeof value === 'string' ? value : '';
  }
}
