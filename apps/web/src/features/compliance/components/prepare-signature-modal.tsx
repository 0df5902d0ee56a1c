import { FileInput, Progress, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  DOCUMENT_MAX_BYTES,
  newSignatureRequestFieldsSchema,
  type SignatureRequest,
} from '@portico/contracts';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { formatBytes } from '../../../lib/format';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useCreateSignatureRequest } from '../api/signature-requests';
import { FormModal, ModalForm } from '../../../components/modals/form-modal';

interface PrepareValues extends Record<string, unknown> {
  title: string;
  message: string;
  file: File | null;
}

const validateFields = zodResolver(newSignatureRequestFieldsSchema);

function validate(values: PrepareValues) {
  const errors = validateFields({ title: values.title, message: values.message });
  if (!values.file) errors.file = 'Choose the PDF to be signed.';
  else if (values.file.size > DOCUMENT_MAX_BYTES)
    errors.file = `The PDF must not be larger than ${formatBytes(DOCUMENT_MAX_BYTES)}.`;
  return errors;
}

function PrepareSignatureForm({
  investorId,
  onDone,
}: {
  investorId: number;
  onDone: (request?: SignatureRequest) => void;
}) {
  const investorWord = inSentence(useTerminology().investor);
  const create = useCreateSignatureRequest(investorId);
  const [progress, setProgress] = useState<number>();
  const form = useForm<PrepareValues>({
    initialValues: { title: '', message: '', file: null },
    validate,
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    submit: async (values) => {
      setProgress(0);
      try {
        return await create.mutateAsync({
          title: values.title.trim(),
          message: values.message.trim() || null,
          file: values.file as File,
          onProgress: ({ loaded, total }) => setProgress(Math.round((loaded / total) * 100)),
        });
      } finally {
        setProgress(undefined);
      }
    },
    onSuccess: (request) => {
      notifications.show({
        color: 'success',
        title: 'Sent for signature',
        message: `The ${investorWord} has been asked to sign ${request.title}.`,
      });
      onDone(request);
    },
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      formError={formError}
      submitting={submitting}
      submitLabel="Send for signature"
      onCancel={() => onDone()}
    >
      <Text size="sm" c="dimmed">
        The {investorWord} is notified and signs the PDF in the portal, typing or drawing their signature. The
        signed copy, stamped with their name, the time and the document’s fingerprint, is kept with their
        documents.
      </Text>
      <TextInput
        label="Title"
        required
        maxLength={200}
        placeholder="Subscription agreement"
        data-autofocus
        {...form.getInputProps('title')}
      />
      <Textarea
        label="Message"
        description="Optional: shown to the investor with the document."
        autosize
        minRows={2}
        maxLength={2000}
        {...form.getInputProps('message')}
      />
      <FileInput
        label="PDF to sign"
        required
        accept="application/pdf,.pdf"
        clearable
        leftSection={<IconFileTypePdf size={18} aria-hidden />}
        placeholder="Choose a PDF"
        description={`A PDF of up to ${formatBytes(DOCUMENT_MAX_BYTES)}, not password-protected.`}
        {...form.getInputProps('file')}
      />
      {progress !== undefined && (
        <Stack gap={2}>
          <Text size="xs">Uploading… {progress}%</Text>
          <Progress value={progress} size="sm" aria-label="Upload progress" />
        </Stack>
      )}
    </ModalForm>
  );
}

/** Staff prepare a PDF for the investor to sign (POST /api/investors/{id}/signature-requests). */
export function PrepareSignatureModal({
  investorId,
  opened,
  onClose,
}: {
  investorId: number;
  opened: boolean;
  onClose: (request?: SignatureRequest) => void;
}) {
  return (
    <FormModal opened={opened} onClose={() => onClose()} title="Prepare a document for signature">
      <PrepareSignatureForm investorId={investorId} onDone={onClose} />
    </FormModal>
  );
}
