import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  can,
  ONBOARDING_STATE_LABELS,
  type OnboardingItem,
  type OnboardingSubmission,
} from '@portico/contracts';
import { IconFileCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { LoadError } from '../../../components/records/compliance/load-error';
import { RejectModal } from '../../../components/records/compliance/reject-modal';
import { SectionEmpty } from '../../../components/records/engagements/section-empty';
import { RecordSection } from '../../../components/records/record-section';
import { ADMIN_SCREENS, canOpenAdminScreen } from '../../../config/admin-menu';
import { isApiError } from '../../../lib/api-error';
import { useFeatures } from '../../../lib/branding';
import { useUser } from '../../../lib/session';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useRecordId } from '../../../lib/records/use-record-id';
import {
  useInvestorOnboarding,
  useReviewOnboardingDocument,
  useUploadOnboardingDocument,
} from '../api/onboarding-documents';
import { OnboardingItemCard } from '../components/onboarding-item-card';
import { SignatureRequestsSection } from '../components/signature-requests-section';

interface Review {
  item: OnboardingItem;
  submission: OnboardingSubmission;
}

const failure = (caught: unknown) => {
  if (!isApiError(caught) || caught.unanswered) return 'Please try again.';
  const errors = caught.errors;
  const first = typeof errors === 'object' ? Object.values(errors).flat()[0] : undefined;
  return first ?? caught.message;
};

/**
 * /admin/investors/{id}/details/investment-documents (Onboarding Documents): each sign-up document the
 * settings ask for with where the investor stands on it (not provided, awaiting review, approved,
 * rejected with a reason), their review, and the PDFs sent to them to sign.
 */
export function InvestorOnboardingDocumentsPage() {
  const id = useRecordId() ?? 0;
  const user = useUser();
  const features = useFeatures();
  const terminology = useTerminology();
  const investorWord = inSentence(terminology.investor);
  const { data, isPending, isError, error, refetch, isFetching } = useInvestorOnboarding(id);
  const upload = useUploadOnboardingDocument(id);
  const review = useReviewOnboardingDocument(id);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [approving, setApproving] = useState<Review>();
  const [rejecting, setRejecting] = useState<Review>();
  const mayChange = can(user.role_id, 'investors', 'update');
  const maySettings = canOpenAdminScreen(user.role_id, ADMIN_SCREENS.signUpDocuments, features);

  const uploadFor = (item: OnboardingItem, file: File) => {
    const requirementId = item.requirement.id;
    const setTo = (value: number | undefined) =>
      setProgress((current) => {
        const next = { ...current };
        if (value === undefined) delete next[requirementId];
        else next[requirementId] = value;
        return next;
      });
    setTo(0);
    upload.mutate(
      {
        requirementId,
        file,
        onProgress: ({ loaded, total }) => setTo(Math.round((loaded / total) * 100)),
      },
      {
        onSuccess: () =>
          notifications.show({
            color: 'success',
            title: 'Document uploaded',
            message: `${file.name} for ${item.requirement.name}: it awaits review.`,
          }),
        onError: (caught) =>
          notifications.show({ color: 'danger', title: 'The upload failed', message: failure(caught) }),
        onSettled: () => setTo(undefined),
      },
    );
  };

  const items = data?.items ?? [];
  return (
    <Stack gap="lg" mt="md">
      <RecordSection
        title="Sign-up documents"
        description={
          data
            ? `${ONBOARDING_STATE_LABELS[data.onboarding_state]}.`
            : `What the ${investorWord} must provide before investing.`
        }
        actions={
          maySettings && (
            <Anchor component={Link} to={ADMIN_SCREENS.signUpDocuments.path} size="sm">
              Change what is asked for
            </Anchor>
          )
        }
      >
        {isError ? (
          <LoadError
            what="The sign-up documents"
            error={error}
            retry={() => void refetch()}
            retrying={isFetching}
          />
        ) : isPending ? (
          <Stack gap="sm" aria-label="Loading">
            <Skeleton height={96} radius="md" />
            <Skeleton height={96} radius="md" />
          </Stack>
        ) : items.length === 0 ? (
          <SectionEmpty
            icon={<IconFileCheck size={28} aria-hidden />}
            title="No sign-up documents are asked for"
            description="Settings → Investor → Sign-up documents lists what every investor must provide."
          />
        ) : (
          <Stack gap="sm">
            {items.map((item) => (
              <OnboardingItemCard
                key={item.requirement.id}
                item={item}
                mayChange={mayChange}
                uploading={progress[item.requirement.id]}
                onUpload={(file) => uploadFor(item, file)}
                onApprove={(submission) => setApproving({ item, submission })}
                onReject={(submission) => setRejecting({ item, submission })}
              />
            ))}
          </Stack>
        )}
      </RecordSection>

      <SignatureRequestsSection investorId={id} />

      <ConfirmModal
        opened={approving !== undefined}
        onClose={() => setApproving(undefined)}
        title="Approve document"
        confirmLabel="Approve"
        onConfirm={async () => {
          if (!approving) return;
          await review.mutateAsync({ documentId: approving.submission.id });
          notifications.show({
            color: 'success',
            title: `${approving.item.requirement.name} approved`,
            message: `The ${investorWord} has been told.`,
          });
        }}
      >
        Approve <strong>{approving?.submission.document_name ?? 'this document'}</strong> as the{' '}
        {approving?.item.requirement.name}? The {investorWord} will be told.
      </ConfirmModal>
      <RejectModal
        opened={rejecting !== undefined}
        onClose={() => setRejecting(undefined)}
        title="Reject document"
        confirmLabel="Reject document"
        onReject={async (reason) => {
          if (!rejecting) return;
          await review.mutateAsync({ documentId: rejecting.submission.id, reason });
          notifications.show({
            color: 'success',
            title: `${rejecting.item.requirement.name} rejected`,
            message: `The ${investorWord} has been asked to upload it again.`,
          });
        }}
      >
        <Text span>
          Reject <strong>{rejecting?.submission.document_name ?? 'this document'}</strong> as the{' '}
          {rejecting?.item.requirement.name}? The {investorWord} is told the reason and asked to upload it
          again.
        </Text>
      </RejectModal>
    </Stack>
  );
}
