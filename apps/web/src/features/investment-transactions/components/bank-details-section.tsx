import { Button, Group, SimpleGrid, Skeleton, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { bankDetailsInputSchema, formatSortCode, type OpportunityBankDetails } from '@portico/contracts';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { RecordSection } from '../../../components/records/record-section';
import { CopyValueButton } from '../../../components/text/copy-value-button';
import { useBankDetails, useUpdateBankDetails } from '../api/investments';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';

type Field = 'bank_account_name' | 'bank_sort_code' | 'bank_account_number' | 'bank_iban' | 'bank_swift';
const LABELS: Record<Field, string> = {
  bank_account_name: 'Account name',
  bank_sort_code: 'Sort code',
  bank_account_number: 'Account number',
  bank_iban: 'IBAN',
  bank_swift: 'SWIFT/BIC',
};

const fieldsOf = (details: OpportunityBankDetails): Field[] => [
  'bank_account_name',
  'bank_sort_code',
  'bank_account_number',
  ...(details.international ? (['bank_iban', 'bank_swift'] as const) : []),
];

/**
 * Where investors pay for this raise (the cash-call email quotes it): shown and changed here, unless the
 * platform hides bank details in the admin (hide_bank_details_admin), when the section is left out.
 */
export function BankDetailsSection({ opportunityId, canEdit }: { opportunityId: number; canEdit: boolean }) {
  const { data, isPending, isError } = useBankDetails(opportunityId);
  const [editing, setEditing] = useState(false);
  if (isError || data?.data.hidden) return null;
  const details = data?.data;
  return (
    <RecordSection
      title="Where investors pay"
      description="Quoted in every cash call’s email, with the investor’s payment reference."
      actions={
        canEdit &&
        details && (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Edit bank details
          </Button>
        )
      }
    >
      {isPending || !details ? (
        <Skeleton height={48} />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          {fieldsOf(details).map((field) => {
            const value = details[field];
            return (
              <div key={field}>
                <Text size="xs" c="dimmed">
                  {LABELS[field]}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Text size="sm">
                    {value === null ? 'Not set' : field === 'bank_sort_code' ? formatSortCode(value) : value}
                  </Text>
                  {value !== null && <CopyValueButton value={value} label={LABELS[field]} />}
                </Group>
              </div>
            );
          })}
        </SimpleGrid>
      )}
      {details && (
        <BankDetailsModal
          key={String(editing)}
          opened={editing}
          onClose={() => setEditing(false)}
          opportunityId={opportunityId}
          details={details}
        />
      )}
    </RecordSection>
  );
}

function BankDetailsModal({
  opened,
  onClose,
  opportunityId,
  details,
}: {
  opened: boolean;
  onClose: () => void;
  opportunityId: number;
  details: OpportunityBankDetails;
}) {
  const update = useUpdateBankDetails(opportunityId);
  const fields = fieldsOf(details);
  const form = useForm<Record<Field, string>>({
    initialValues: {
      bank_account_name: details.bank_account_name ?? '',
      bank_sort_code: details.bank_sort_code ?? '',
      bank_account_number: details.bank_account_number ?? '',
      bank_iban: details.bank_iban ?? '',
      bank_swift: details.bank_swift ?? '',
    },
    validate: zodResolver(bankDetailsInputSchema),
  });
  const { onSubmit, formError, setFormError, submitting } = useServerForm(form, {
    // Clearing a field is a change: empty values are sent.
    compact: false,
    submit: (values) => update.mutateAsync(Object.fromEntries(fields.map((field) => [field, values[field]]))),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Bank details saved',
        message: 'Cash calls quote them from now on.',
      });
      onClose();
    },
  });
  const close = () => {
    if (submitting) return;
    setFormError(null);
    onClose();
  };
  return (
    <FormModal opened={opened} onClose={close} title="Where investors pay">
      <ModalForm
        onSubmit={onSubmit}
        formError={formError}
        submitting={submitting}
        submitLabel="Save"
        onCancel={close}
      >
        {fields.map((field, index) => (
          <TextInput
            key={field}
            label={LABELS[field]}
            data-autofocus={index === 0 || undefined}
            {...form.getInputProps(field)}
          />
        ))}
      </ModalForm>
    </FormModal>
  );
}
