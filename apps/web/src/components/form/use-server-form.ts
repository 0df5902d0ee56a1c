import type { UseFormReturnType } from '@mantine/form';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { compactPayload } from './compact-payload';
import { submitFailure } from './server-errors';

interface ServerFormOptions<Values, Result> {
  /**
   * sends the values, with empty ones dropped (spec §5); the form's schema has already made sure that
   * every required field is filled. Its rejection is mapped onto the form.
   */
  submit: (values: Values) => Promise<Result>;
  onSuccess?: (result: Result, values: Values) => void | Promise<void>;
  /**
   * the server's field names that have an input on this form ("colours.primary", "logo"); by default
   * the form's top-level values
   */
  fields?: readonly string[];
  /** drop empty values before sending (spec §5); off where clearing a field is a change */
  compact?: boolean;
}

/**
 * The one way to submit a form (spec §5): validate with the form's resolver, refuse a second submit
 * while one runs, put server field errors on their fields and anything else in `formError`.
 */
export function useServerForm<Values extends Record<string, unknown>, Result>(
  form: UseFormReturnType<Values>,
  { submit, onSuccess, fields, compact = true }: ServerFormOptions<Values, Result>,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const running = useRef(false);

  const run = useCallback(
    async (values: Values) => {
      if (running.current) return;
      running.current = true;
      setFormError(null);
      try {
        const result = await submit(compact ? (compactPayload(values) as Values) : values);
        await onSuccess?.(result, values);
      } catch (error) {
        const failure = submitFailure(error, fields ?? Object.keys(form.getValues()));
        form.setErrors(failure.fieldErrors);
        setFormError(failure.formError);
      } finally {
        running.current = false;
      }
    },
    [form, submit, onSuccess, fields, compact],
  );

  const onSubmit = (event?: FormEvent<HTMLFormElement>) => form.onSubmit((values) => run(values))(event);

  return { onSubmit, formError, setFormError, submitting: form.submitting };
}
