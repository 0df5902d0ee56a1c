import { Button, Group, Select, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  CATEGORY_TERMS,
  INVESTOR_CATEGORIES,
  updateContactInputSchema,
  type Contact,
  type InvestorCategory,
} from '@portico/contracts';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { RecordFacts } from '../../../components/records/record-facts';
import { RecordSection } from '../../../components/records/record-section';
import { useRecordPermissions } from '../../../lib/records/record-permissions';
import { useTerminology } from '../../../lib/terminology';
import { categoryLabel } from './contact-badges';

interface CategoryValues extends Record<string, unknown> {
  category: string | null;
}

const validate = zodResolver(updateContactInputSchema);
const changeOf = (values: CategoryValues) => ({
  category: (values.category as InvestorCategory | null) ?? null,
});

interface ContactCategoryPanelProps {
  contact: Contact;
  /** PATCH /api/contacts/{id} with the category */
  submit: (changes: { category: InvestorCategory | null }) => Promise<Contact>;
}

/**
 * The category staff believe a contact falls in (DOMAIN.md: investor categorisation). A contact signs
 * no statement: once they register, they categorise themselves as an investor and sign it then.
 */
export function ContactCategoryPanel({ contact, submit }: ContactCategoryPanelProps) {
  const terminology = useTerminology();
  const permissions = useRecordPermissions();
  const form = useForm<CategoryValues>({
    initialValues: { category: contact.category },
    validate: (values) => validate(changeOf(values)),
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: (values) => submit(changeOf(values)),
    onSuccess: (saved) => {
      form.resetDirty({ category: saved.category });
      notifications.show({
        color: 'success',
        title: 'Category saved',
        message: saved.category
          ? `Recorded for ${saved.name}: ${categoryLabel(terminology, saved.category)}.`
          : `${saved.name} is no longer categorised.`,
      });
    },
  });
  const options = INVESTOR_CATEGORIES.map((value) => ({ value, label: terminology[CATEGORY_TERMS[value]] }));

  return (
    <RecordSection
      title={terminology.investor_categorisation}
      description={
        contact.investor
          ? `The category recorded while ${contact.name} was a contact. As an investor, they have a categorisation of their own, which they signed.`
          : `The category you believe applies. When ${contact.name} registers, they confirm their own and sign its statement.`
      }
    >
      <Stack gap="md">
        <RecordFacts
          facts={[
            {
              label: 'Current category',
              value: contact.category ? categoryLabel(terminology, contact.category) : 'Not categorised',
            },
          ]}
        />
        {permissions.update && (
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="sm" maw={420}>
              <Select
                label="Category"
                placeholder="Not categorised"
                data={options}
                clearable
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('category')}
              />
              <FormError message={formError} />
              <Group gap="sm">
                <Button type="submit" loading={submitting} disabled={!form.isDirty()}>
                  Save category
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </RecordSection>
  );
}
