import { useForm, type FormErrors } from '@mantine/form';
import { useMemo, useRef } from 'react';
import type { z } from 'zod';
import { requiredFieldsOf, withRequired } from './required-fields';
import { useServerForm } from './use-server-form';

interface RecordFormOptions<Values, Saved> {
  initial: Values;
  /** an existing record: saving waits for a change */
  editing: boolean;
  /** the contract's errors for what would be sent */
  validate: (values: Values) => FormErrors;
  /** what an edit would send: each of its keys is an unsaved change */
  changesOf: (values: Values) => object;
  submit: (values: Values) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  /** the contract's schema of a new record: `input` marks the fields it requires as required */
  schema?: z.ZodType;
}

/**
 * The form of a new record or of the changes to one (organisations, nominees, investment methods): how
 * many changes are unsaved, and whether leaving should ask first (not once it has saved).
 */
export function useRecordForm<Values extends Record<string, unknown>, Saved>({
  initial,
  editing,
  validate,
  changesOf,
  submit,
  onSaved,
  schema,
}: RecordFormOptions<Values, Saved>) {
  const form = useForm<Values>({ initialValues: initial, validate });
  const required = useMemo(() => (schema ? requiredFieldsOf(schema) : new Set<string>()), [schema]);
  /** A field's input props, `required` when the schema of a new record requires it (an edit may not clear it). */
  const input = (field: keyof Values & string) => withRequired(form.getInputProps(field), field, required);
  const changed = Object.keys(changesOf(form.getValues())).length;
  const saved = useRef(false);
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit,
    onSuccess: (record) => {
      saved.current = true;
      onSaved(record);
    },
  });
  const shouldBlock = () => changed > 0 && !saved.current;
  return { form, input, onSubmit, shouldBlock, actions: { formError, submitting, editing, changed } };
}
