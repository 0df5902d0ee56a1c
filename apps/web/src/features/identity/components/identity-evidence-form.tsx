import { Button, FileInput, Progress, Stack, Text } from '@mantine/core';
import {
  SCREENING_EVIDENCE_FIELDS,
  SCREENING_EVIDENCE_LABELS,
  type ScreeningEvidenceField,
} from '@portico/contracts';
import { IconFileUpload, IconSend } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { DOCUMENT_ACCEPT, DOCUMENT_HINT } from '../../../components/records/documents/document-rules';
import { FormError } from '../../../components/form/form-error';
import { submitFailure } from '../../../components/form/server-errors';
import { useSubmitIdentity } from '../api/profile-identity';

const DESCRIPTIONS: Record<ScreeningEvidenceField, string> = {
  identity_document: 'Your passport or photo driving licence, with every corner visible.',
  proof_of_address: 'A utility bill, bank or council tax statement from the last three months.',
};

type Files = Record<ScreeningEvidenceField, File | null>;

/** The two files, sent together with upload progress; server errors land on their fields. */
export function IdentityEvidenceForm({ onSent }: { onSent: () => void }) {
  const submit = useSubmitIdentity();
  const [files, setFiles] = useState<Files>({ identity_document: null, proof_of_address: null });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submitting = submit.isPending;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const missing = Object.fromEntries(
      SCREENING_EVIDENCE_FIELDS.filter((field) => !files[field]).map((field) => [
        field,
        `Choose a file for your ${SCREENING_EVIDENCE_LABELS[field].toLowerCase()}.`,
      ]),
    );
    setErrors(missing);
    setFormError(null);
    const { identity_document: identityDocument, proof_of_address: proofOfAddress } = files;
    if (!identityDocument || !proofOfAddress) return;
    setProgress(0);
    try {
      await submit.mutateAsync({
        identityDocument,
        proofOfAddress,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? Math.round((loaded / total) * 100) : 0),
      });
      onSent();
    } catch (error) {
      const failure = submitFailure(error, SCREENING_EVIDENCE_FIELDS);
      setErrors(failure.fieldErrors);
      setFormError(failure.formError);
    } finally {
      setProgress(null);
    }
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="send-evidence">
      <Stack gap="md">
        {SCREENING_EVIDENCE_FIELDS.map((field) => (
          <FileInput
            key={field}
            label={SCREENING_EVIDENCE_LABELS[field]}
            description={`${DESCRIPTIONS[field]} ${DOCUMENT_HINT}`}
            placeholder="Choose a file"
            accept={DOCUMENT_ACCEPT}
            required
            clearable
            leftSection={<IconFileUpload size={18} aria-hidden />}
            name={field}
            fileInputProps={{ 'aria-label': `${SCREENING_EVIDENCE_LABELS[field]} file` }}
            value={files[field]}
            onChange={(file) => setFiles((current) => ({ ...current, [field]: file }))}
            error={errors[field]}
            disabled={submitting}
          />
        ))}
        {progress !== null && (
          <Stack gap={2}>
            <Text size="xs" aria-live="polite">
              Uploading… {progress}%
            </Text>
            <Progress value={progress} size="sm" aria-label="Uploading your evidence" />
          </Stack>
        )}
        <FormError message={formError} />
        <Button
          type="submit"
          leftSection={<IconSend size={18} aria-hidden />}
          loading={submitting}
          disabled={submitting}
          style={{ alignSelf: 'flex-start' }}
        >
          {submitting ? 'Submitting' : 'Send for checking'}
        </Button>
      </Stack>
    </form>
  );
}
