import { Paper, Select, Stack, Textarea, TextInput } from '@mantine/core';
import {
  createInvestmentMethodInputSchema,
  updateInvestmentMethodInputSchema,
  type CreateInvestmentMethodInput,
  type InvestmentMethod,
  type InvestmentMethodType,
  type UpdateInvestmentMethodInput,
} from '@portico/contracts';
import { ContactFields, WebsiteField } from '../../../components/form/contact-fields';
import { FormSection } from '../../../components/form/form-section';
import { RecordFormActions } from '../../../components/form/record-form-actions';
import { UnsavedChangesGuard } from '../../../components/form/unsaved-changes-guard';
import { useTextRecordForm, type TextRecordFormProps } from '../../../components/form/use-text-record-form';
import { INVESTMENT_METHOD_TYPE_OPTIONS } from './investment-method-options';

const TEXT_FIELDS = ['name', 'provider', 'description', 'email', 'phone', 'website'] as const;
const CHOICES: { type: InvestmentMethodType } = { type: 'sipp' };
const SCHEMAS = { create: createInvestmentMethodInputSchema, update: updateInvestmentMethodInputSchema };

/** A new investment method (a SIPP, an ISA, …), or the changes to one. */
export function InvestmentMethodForm(
  props: TextRecordFormProps<InvestmentMethod, CreateInvestmentMethodInput, UpdateInvestmentMethodInput>,
) {
  const { form, input, onSubmit, shouldBlock, actions } = useTextRecordForm({
    props,
    fields: TEXT_FIELDS,
    choices: CHOICES,
    schemas: SCHEMAS,
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="lg">
        <FormSection title="Investment method">
          <TextInput
            label="Name"
            description="E.g. Hargreaves Lansdown SIPP."
            required
            maxLength={200}
            data-autofocus
            {...input('name')}
          />
          <Select
            label="Type"
            required
            data={INVESTMENT_METHOD_TYPE_OPTIONS}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...input('type')}
          />
          <TextInput
            label="Provider"
            description="The firm that runs it: the administrator or platform."
            maxLength={200}
            {...input('provider')}
          />
          <WebsiteField form={form} />
          <ContactFields form={form} />
        </FormSection>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
          <Textarea
            label="Description"
            description="What staff should know: how money moves, who signs, turnaround times."
            autosize
            minRows={3}
            maxRows={10}
            maxLength={5000}
            {...input('description')}
          />
        </Paper>
        <RecordFormActions {...actions} addLabel="Add investment method" onCancel={props.onCancel} />
      </Stack>
      <UnsavedChangesGuard shouldBlock={shouldBlock} />
    </form>
  );
}
