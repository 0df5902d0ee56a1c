import {
  hasOptions,
  type Attribute,
  type AttributeFieldType,
  type AttributeSubjectType,
} from '@portico/contracts';

export interface AttributeFormValues extends Record<string, unknown> {
  name: string;
  applies_to: AttributeSubjectType | null;
  type: AttributeFieldType | null;
  help_text: string;
  /** `key` keeps each row's input while rows move; `id` is the saved option's */
  options: Array<{ id?: number; label: string; key: string }>;
}

export function formValuesOf(attribute: Attribute | undefined): AttributeFormValues {
  return {
    name: attribute?.name ?? '',
    applies_to: attribute?.applies_to ?? null,
    type: attribute?.type ?? null,
    help_text: attribute?.help_text ?? '',
    options: (attribute?.options ?? []).map((option) => ({
      id: option.id,
      label: option.label,
      key: String(option.id),
    })),
  };
}

/** The body of a create or a change: options only for the types that have them. */
export function attributePayload(values: AttributeFormValues) {
  const withOptions = values.type !== null && hasOptions(values.type);
  return {
    name: values.name.trim(),
    applies_to: values.applies_to ?? undefined,
    type: values.type ?? undefined,
    help_text: values.help_text,
    options: withOptions
      ? values.options.map((option) => ({
          ...(option.id === undefined ? {} : { id: option.id }),
          label: option.label.trim(),
        }))
      : [],
  };
}
