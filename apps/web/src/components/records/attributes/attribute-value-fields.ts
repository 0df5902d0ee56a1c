import type { AttributeValue, RecordAttributeValue } from '@portico/contracts';

/** A value as its input holds it: text for text, numbers and dates, yes/no, option ids as strings. */
export type FieldValue = string | string[] | null;

export const fieldName = (attributeId: number) => `values.${attributeId}`;

export function toField(item: RecordAttributeValue): FieldValue {
  const { value } = item;
  switch (item.type) {
    case 'boolean':
      return value === true ? 'yes' : value === false ? 'no' : null;
    case 'select':
      return typeof value === 'number' ? String(value) : null;
    case 'multi_select':
      return Array.isArray(value) ? value.map(String) : [];
    case 'text':
    case 'number':
    case 'date':
      return typeof value === 'string' ? value : '';
  }
}

/** What the PUT sends for one input: null clears it. */
export function fromField(item: RecordAttributeValue, field: FieldValue): AttributeValue | null {
  switch (item.type) {
    case 'boolean':
      return field === 'yes' ? true : field === 'no' ? false : null;
    case 'select':
      return typeof field === 'string' && field !== '' ? Number(field) : null;
    case 'multi_select':
      return Array.isArray(field) ? field.map(Number) : null;
    case 'text':
    case 'number':
    case 'date':
      return typeof field === 'string' && field.trim() !== '' ? field.trim() : null;
  }
}
