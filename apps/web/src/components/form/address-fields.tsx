import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { CountrySelect } from './country-select';
import { FormSection } from './form-section';

/** The fields of contracts' addressShape, as a form holds them. */
export const ADDRESS_FIELDS = ['address_line_1', 'address_line_2', 'city', 'postcode', 'country'] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

interface AddressFieldsProps<Values extends Record<AddressField, string>> {
  form: UseFormReturnType<Values>;
  /** "Address", "Registered address" */
  title?: string;
}

/** A record's postal address (contracts' addressShape), as one section of its form. */
export function AddressFields<Values extends Record<AddressField, string>>({
  form,
  title = 'Address',
}: AddressFieldsProps<Values>) {
  return (
    <FormSection title={title}>
      <TextInput
        label="Address line 1"
        maxLength={200}
        autoComplete="off"
        {...form.getInputProps('address_line_1')}
      />
      <TextInput
        label="Address line 2"
        maxLength={200}
        autoComplete="off"
        {...form.getInputProps('address_line_2')}
      />
      <TextInput label="Town or city" maxLength={100} {...form.getInputProps('city')} />
      <TextInput label="Postcode" maxLength={20} {...form.getInputProps('postcode')} />
      <CountrySelect label="Country" clearable {...form.getInputProps('country')} />
    </FormSection>
  );
}
