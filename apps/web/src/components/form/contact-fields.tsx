import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** A company's email address and phone, among the fields of a form section. */
export function ContactFields<Values extends Record<'email' | 'phone', string>>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  return (
    <>
      <TextInput label="Email address" type="email" {...form.getInputProps('email')} />
      <TextInput label="Phone" type="tel" {...form.getInputProps('phone')} />
    </>
  );
}

/** A company's website, among the fields of a form section. */
export function WebsiteField<Values extends Record<'website', string>>({
  form,
}: {
  form: UseFormReturnType<Values>;
}) {
  return (
    <TextInput
      label="Website"
      type="url"
      placeholder="https://"
      maxLength={255}
      {...form.getInputProps('website')}
    />
  );
}
