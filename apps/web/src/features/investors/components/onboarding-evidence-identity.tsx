import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { SCREENING_KIND_LABELS, type ScreeningCheck, type ScreeningDecision } from '@portico/contracts';
import { IconCheck, IconDownload, IconInfoCircle, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { RejectModal } from '../../../components/records/compliance/reject-modal';
import { formatDate, formatDateTime } from '../../../lib/format';
import { useCountryName } from '../../../lib/countries';
import { useDecideScreening, useInvestorScreening } from '../../identity/api/investor-onboarding';
import { ScreeningStatusBadge } from '../../identity/components/screening-status-badge';

const OPEN = new Set(['submitted', 'referred']);

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:{' '}
      </Text>
      {children}
    </Text>
  );
}

interface IdentityEvidenceProps {
  investorId: number;
  investorName: string;
  check: ScreeningCheck | null;
  /** investors:update: may decide */
  mayDecide: boolean;
}

/** The identity check's evidence (files, details as submitted, decision) and the staff decision. */
export function IdentityEvidence({ investorId, investorName, check, mayDecide }: IdentityEvidenceProps) {
  const screening = useInvestorScreening(investorId, true);
  const decide = useDecideScreening(investorId);
  const country = useCountryName();
  const [passing, setPassing] = useState(false);
  const [rejecting, setRejecting] = useState<Exclude<ScreeningDecision, 'passed'>>();
  const info = screening.data;

  const send = (decision: ScreeningDecision, reason = '') =>
    decide.mutateAsync({ checkId: check?.id ?? 0, decision, reason });

  return (
    <Stack gap={6}>
      {info && (info.kind === 'international' || info.outside_uk) && (
        <Alert color="primaryLighter" variant="light" icon={<IconInfoCircle aria-hidden />} p="xs">
          {info.kind === 'international'
            ? `Run the ${SCREENING_KIND_LABELS.international.toLowerCase()}: this investor lives outside the UK.`
            : 'This investor lives outside the UK, but the international check is not enabled: the UK check applies.'}
        </Alert>
      )}
      {!check ? (
        <Text size="sm" c="dimmed">
          No evidence sent yet.
        </Text>
      ) : (
        <>
          <Group gap="xs">
            <ScreeningStatusBadge status={check.status} />
            <Text size="xs" c="dimmed">
              {SCREENING_KIND_LABELS[check.kind]}, sent {formatDateTime(check.created_at)} (
              {check.provider === 'staff' ? 'staff review' : check.provider}
              {check.provider_reference ? `, reference ${check.provider_reference}` : ''})
            </Text>
          </Group>
          <Group gap="md">
            {check.evidence.map((item) =>
              item.document ? (
                <Anchor key={item.field} href={item.document.url} download={item.document.name} size="sm">
                  <Group gap={4} wrap="nowrap" component="span">
                    <IconDownload size={16} aria-hidden />
                    {item.label}: {item.document.name}
                  </Group>
                </Anchor>
              ) : (
                <Text key={item.field} size="sm">
                  {item.label}: {item.name ?? 'removed'}
                </Text>
              ),
            )}
          </Group>
          <Fact label="Checked against">
            {check.details.legal_name}, born {formatDate(check.details.date_of_birth)},{' '}
            {check.details.nationality ? country(check.details.nationality) : '—'};{' '}
            {[
              check.details.address_line_1,
              check.details.address_line_2,
              check.details.city,
              check.details.postcode,
              check.details.country ? country(check.details.country) : null,
            ]
              .filter(Boolean)
              .join(', ')}
          </Fact>
          {check.decided_at && (
            <Fact label="Decided">
              {formatDateTime(check.decided_at)}
              {check.decided_by ? ` by ${check.decided_by.name}` : ''}
              {check.reason ? `: ${check.reason}` : ''}
            </Fact>
          )}
          {mayDecide && OPEN.has(check.status) && (
            <Group gap="xs" mt={4}>
              <Button
                size="xs"
                color="success"
                leftSection={<IconCheck size={16} aria-hidden />}
                onClick={() => setPassing(true)}
              >
                Pass
              </Button>
              <Button
                size="xs"
                color="danger"
                variant="light"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={() => setRejecting('failed')}
              >
                Fail
              </Button>
              {check.status === 'submitted' && (
                <Button size="xs" variant="default" onClick={() => setRejecting('referred')}>
                  Refer
                </Button>
              )}
            </Group>
          )}
        </>
      )}
      <ConfirmModal
        opened={passing}
        onClose={() => setPassing(false)}
        title="Pass the identity check"
        confirmLabel="Pass check"
        onConfirm={() => send('passed')}
      >
        {investorName}’s identity and address will be recorded as checked by you, and they will be told.
      </ConfirmModal>
      <RejectModal
        opened={rejecting !== undefined}
        onClose={() => setRejecting(undefined)}
        title={rejecting === 'referred' ? 'Refer the identity check' : 'Fail the identity check'}
        confirmLabel={rejecting === 'referred' ? 'Refer check' : 'Fail check'}
        onReject={(reason) => send(rejecting ?? 'failed', reason)}
      >
        {rejecting === 'referred'
          ? `${investorName} will be told the check needs further work, with your reason.`
          : `${investorName} will be told the check did not pass, with your reason, and may send evidence again.`}
      </RejectModal>
    </Stack>
  );
}
