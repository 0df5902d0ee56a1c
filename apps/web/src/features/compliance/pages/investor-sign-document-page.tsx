import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  documentSignatureInputSchema,
  SIGNATURE_CONSENT_TEXT,
  type Document,
  type DocumentSignatureInput,
  type SignatureKind,
  type SignatureRequest,
} from '@portico/contracts';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileTypePdf } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api-error';
import { formatBytes, formatDateTime } from '../../../lib/format';
import { useUser } from '../../../lib/session';
import { useProfileSignatureRequest, useSignDocument } from '../api/profile-signature-requests';
import { PdfPreview } from '../components/pdf-preview';
import { SignaturePad } from '../components/signature-pad';

interface SignValues extends Record<string, unknown> {
  signer_name: string;
  signature_kind: SignatureKind;
  typed: string;
  drawn: string | null;
  consent: boolean;
}

const validatePayload = zodResolver(documentSignatureInputSchema);

/** What is sent; the consent is checked (true) by the form's validation before it is. */
const payloadOf = (values: SignValues): DocumentSignatureInput => ({
  signer_name: values.signer_name.trim(),
  signature_kind: values.signature_kind,
  signature: values.signature_kind === 'typed' ? values.typed.trim() : (values.drawn ?? ''),
  consent: values.consent as true,
});

/** The schema checks "signature"; the form has it as the typed text or the drawing. */
function validate(values: SignValues) {
  const errors = validatePayload(payloadOf(values));
  const signature = errors.signature;
  delete errors.signature;
  if (signature)
    errors[values.signature_kind === 'typed' ? 'typed' : 'drawn'] =
      values.signature_kind === 'drawn' && !values.drawn ? 'Draw your signature in the box.' : signature;
  return errors;
}

function PdfDownload({ document, label }: { document: Document; label: string }) {
  return (
    <Paper withBorder radius="sm" p="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconFileTypePdf size={32} color="var(--mantine-color-danger-6)" aria-hidden />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {document.name}
            </Text>
            <Text size="xs" c="dimmed">
              PDF, {formatBytes(document.size_bytes)}
            </Text>
          </Stack>
        </Group>
        <Button
          component="a"
          href={document.url}
          download={document.name}
          size="xs"
          variant="light"
          leftSection={<IconDownload size={16} aria-hidden />}
        >
          {label}
        </Button>
      </Group>
    </Paper>
  );
}

function SignForm({ request }: { request: SignatureRequest }) {
  const user = useUser();
  const sign = useSignDocument(request.id);
  const form = useForm<SignValues>({
    initialValues: {
      signer_name: user.name,
      signature_kind: 'typed',
      typed: '',
      drawn: null,
      consent: false,
    },
    validate,
  });
  const values = form.getValues();
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: ['signer_name', 'consent'],
    submit: (submitted) => sign.mutateAsync(payloadOf(submitted)),
    onSuccess: () => {
      notifications.show({
        color: 'success',
        title: 'Document signed',
        message: `${request.title} is signed: you can download the signed copy on this page.`,
      });
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <TextInput
          label="Your full name"
          required
          autoComplete="name"
          maxLength={200}
          {...form.getInputProps('signer_name')}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500} id="signature-kind">
            How would you like to sign?
          </Text>
          <SegmentedControl
            aria-labelledby="signature-kind"
            data={[
              { value: 'typed', label: 'Type my signature' },
              { value: 'drawn', label: 'Draw my signature' },
            ]}
            w="fit-content"
            {...form.getInputProps('signature_kind')}
          />
        </Stack>
        {values.signature_kind === 'typed' ? (
          <TextInput
            label="Type your signature"
            required
            maxLength={100}
            styles={{ input: { fontFamily: '"Brush Script MT", "Segoe Script", cursive', fontSize: 24 } }}
            {...form.getInputProps('typed')}
          />
        ) : (
          <SignaturePad
            onChange={(dataUrl) => {
              form.setFieldValue('drawn', dataUrl);
              form.clearFieldError('drawn');
            }}
            error={form.errors.drawn}
          />
        )}
        <Checkbox label={SIGNATURE_CONSENT_TEXT} {...form.getInputProps('consent', { type: 'checkbox' })} />
        <FormError message={formError} />
        <Group>
          <Button type="submit" loading={submitting}>
            Sign the document
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * /investor/pdf/{id} (spec §2.1): a document staff sent the investor to sign. They read the PDF, then
 * sign it by typing or drawing their signature; the signed copy, stamped with their name, the time and
 * the document's fingerprint, is kept with their documents.
 */
export function InvestorSignDocumentPage() {
  const { id } = useParams();
  const requestId = id && /^[1-9]\d*$/.test(id) ? Number(id) : undefined;
  const {
    data: request,
    isPending,
    isError,
    error,
    refetch,
    isFetching,
  } = useProfileSignatureRequest(requestId);
  useDocumentTitle(request?.title ?? 'Document to sign');

  if (requestId === undefined || (isApiError(error) && error.status === 404))
    return <ErrorPage status={404} />;
  if (isError)
    return (
      <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        <Stack gap="xs" align="flex-start">
          This document could not be loaded. {isApiError(error) && !error.unanswered ? error.message : ''}
          <Button size="xs" variant="light" onClick={() => void refetch()} loading={isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  if (isPending)
    return (
      <Stack gap="md" aria-label="Loading">
        <Skeleton height={32} width={280} />
        <Skeleton height={200} radius="md" />
      </Stack>
    );

  return (
    <Stack gap="lg" maw={760}>
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {request.title}
        </Title>
        <Text c="dimmed">
          {request.requested_by ? `Sent by ${request.requested_by.name} on ` : 'Sent on '}
          {formatDateTime(request.created_at)}
        </Text>
      </Stack>
      {request.message && (
        <Paper withBorder radius="md" p="md" bg="gray.0">
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {request.message}
          </Text>
        </Paper>
      )}
      {request.status === 'cancelled' && (
        <Alert color="gray" variant="light" title="This request has been withdrawn">
          You do not need to sign this document.
        </Alert>
      )}
      {request.status === 'signed' && (
        <Alert color="success" variant="light" icon={<IconCircleCheck aria-hidden />} title="Signed">
          <Stack gap="sm">
            <Text size="sm">
              You signed this document as {request.signer_name} on {formatDateTime(request.signed_at)}.
            </Text>
            {request.signed_document && (
              <PdfDownload document={request.signed_document} label="Download the signed copy" />
            )}
          </Stack>
        </Alert>
      )}
      {request.status === 'signed' && request.signed_document && (
        <PdfPreview
          document={request.signed_document}
          title={`Signed copy: ${request.signed_document.name}`}
        />
      )}
      {request.status === 'awaiting' && (
        <>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="read"
          >
            <Stack gap="sm">
              <Title order={2} fz="lg" id="read">
                1. Read the document
              </Title>
              {request.source_document && (
                <>
                  <PdfDownload document={request.source_document} label="Download to read" />
                  <PdfPreview
                    document={request.source_document}
                    title={`Document to sign: ${request.source_document.name}`}
                  />
                </>
              )}
            </Stack>
          </Paper>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="sign"
          >
            <Stack gap="sm">
              <Title order={2} fz="lg" id="sign">
                2. Sign it
              </Title>
              <SignForm request={request} />
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
