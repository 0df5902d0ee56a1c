import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { FormSection } from './form-section';

type BankField = 'bank_account_name' | 'bank_sort_code' | 'bank_account_number' | 'bank_iban' | 'bank_swift';

interface BankDetailsFieldsProps<Values extends Record<BankField, string>> {
  form: UseFormReturnType<Values>;
  /** IBAN and SWIFT/BIC besides the UK account */
  international: boolean;
  description?: string;
}

/** An investor's bank account (UK, and international when asked), as one section of its form. */
export function BankDetailsFields<Values extends Record<BankField, string>>({
  form,
  international,
  description,
}: BankDetailsFieldsProps<Values>) {
  return (
    <FormSection title="Bank details" description={description}>
      <TextInput
        label="Account name"
        maxLength={100}
        autoComplete="off"
        {...form.getInputProps('bank_account_name')}
      />
      <TextInput
        label="Sort code"
        placeholder="12-34-56"
        autoComplete="off"
        {...form.getInputProps('bank_sort_code')}
      />
      <TextInput
        label="Account number"
        placeholder="12345678"
        autoComplete="off"
        {...form.getInputProps('bank_account_number')}
      />
      {international && (
        <>
          <TextInput label="IBAN" autoComplete="off" {...form.getInputProps('bank_iban')} />
          <TextInput label="SWIFT/BIC" autoComplete="off" {...form.getInputProps('bank_swift')} />
        </>
      )}
    </FormSection>
  );
}
