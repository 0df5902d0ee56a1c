import { Select, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  defaultPromotionExceptionExpiry,
  PROMOTION_EXCEPTION_TYPE_LABELS,
  PROMOTION_EXCEPTION_TYPES,
  recordPromotionExceptionInputSchema,
  type PromotionExceptionType,
  type RecordPromotionExceptionInput,
} from '@portico/contracts';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';
import { formatDate } from '../../../lib/format';
import { useDocuments } from '../../../lib/records/get-documents';
import { londonToday } from '../api/promotion-exception-keys';
import { useRecordPromotionException } from '../api/record-promotion-exception';

interface ExemptionValues extends Record<string, unknown> {
  type: PromotionExceptionType | null;
  description: string;
  evidence_reference: string;
  document_id: string | null;
  effective_on: string;
  expires_on: string;
}

const validatePayload = zodResolver(recordPromotionExceptionInputSchema);

const payloadOf = (values: ExemptionValues): RecordPromotionExceptionInput => ({
  type: values.type ?? ('' as PromotionExceptionType),
  description: values.description.trim() || null,
  evidence_reference: values.evidence_reference.trim() || null,
  document_id: values.document_id ? Number(values.document_id) : null,
  effective_on: values.effective_on,
  expires_on: values.expires_on || null,
});

function RecordExemptionForm({ investorId, onClose }: { investorId: number; onClose: () => void }) {
  const record = useRecordPromotionException(investorId);
  const documents = useDocuments({ type: 'investor', id: investorId });
  const form = useForm<ExemptionValues>({
    initialValues: {
      type: null,
      description: '',
      evidence_reference: '',
      document_id: null,
      effective_on: londonToday(),
      expires_on: '',
    },
    validate: (values) => validatePayload(payloadOf(values)),
  });
  const values = form.getValues();
  const defaultExpiry =
    values.type && /^\d{4}-\d{2}-\d{2}$/.test(values.effective_on)
      ? defaultPromotionExceptionExpiry(values.type, values.effective_on)
      : null;
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['type', 'description', 'evidence_reference', 'document_id', 'effective_on', 'expires_on'],
    submit: (submitted) => record.mutateAsync(payloadOf(submitted)),
    onSuccess: (saved) => {
      notifications.show({
        color: 'success',
        title: 'Exemption recorded',
        message: `${saved.type_label}${saved.expires_on ? `, until ${formatDate(saved.expires_on)}` : ''}.`,
      });
      onClose();
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Record exemption"
      onCancel={onClose}
    >
      <Text size="sm" c="dimmed">
        The exemption of the Financial Promotion Order under which this investor may receive promotions of
        non-readily realisable securities. It is kept for good: a mistake is withdrawn, with a reason.
      </Text>
      <Select
        label="Exemption"
        required
        placeholder="Choose the exemption"
        data={PROMOTION_EXCEPTION_TYPES.map((value) => ({
          value,
          label: PROMOTION_EXCEPTION_TYPE_LABELS[value],
        }))}
        data-autofocus
        {...form.getInputProps('type')}
      />
      {values.type === 'other' && (
        <Textarea
          label="Description"
          required
          description="The ground it rests on, for example the existing customer relationship."
          autosize
          minRows={2}
          maxLength={500}
          {...form.getInputProps('description')}
        />
      )}
      <TextInput
        label="Evidence reference"
        description="The signed statement or certificate: where it is kept, its reference. Or choose a document below."
        maxLength={200}
        {...form.getInputProps('evidence_reference')}
      />
      <Select
        label="Evidence document"
        description="One of the investor’s documents (upload it on the Documents tab first)."
        placeholder={documents.isPending ? 'Loading documents…' : 'None'}
        clearable
        data={(documents.data ?? []).map((document) => ({
          value: String(document.id),
          label: document.name,
        }))}
        {...form.getInputProps('document_id')}
      />
      <TextInput label="Effective date" type="date" required {...form.getInputProps('effective_on')} />
      <TextInput
        label="Expiry date"
        type="date"
        description={
          defaultExpiry
            ? `Leave empty for 12 months: ${formatDate(defaultExpiry)}.`
            : 'Leave empty when it does not expire.'
        }
        {...form.getInputProps('expires_on')}
      />
    </ModalForm>
  );
}

/** Records a financial promotion exemption (POST /api/investors/{id}/promotion-exceptions). */
export function RecordExemptionModal({
  investorId,
  opened,
  onClose,
}: {
  investorId: number;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <FormModal opened={opened} onClose={onClose} title="Record a promotion exemption">
      <RecordExemptionForm investorId={investorId} onClose={onClose} />
    </FormModal>
  );
}
