import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { FormError } from '../../../components/form/form-error';
import { RiskSummaryLink, splitLearnMore } from '../../../components/risk-warning/risk-summary-link';
import { SUBMIT_FALLBACK_MESSAGE } from '../../../components/form/server-errors';
import { isApiError } from '../../../lib/api-error';
import { useBranding } from '../../../lib/branding';
import { formatDateTime } from '../../../lib/format';
import { useRecordRiskWarning } from '../api/investing-mutations';
import type { Investing } from '../api/investing-schemas';

const errorText = (error: unknown) =>
  isApiError(error) && !error.unanswered ? error.message : SUBMIT_FALLBACK_MESSAGE;

/**
 * The personalised risk warning of an investor's first investment (COBS 4.12A). Once it is on screen the
 * server records that it was shown (that starts the cooling-off, once); "I understand" records the
 * acknowledgement. The text is the server's, exactly as it keeps it as evidence.
 */
export function FirstInvestmentWarning({ investing }: { investing: Investing }) {
  const record = useRecordRiskWarning(investing.opportunity.id);
  const summary = useBranding()?.risk_warning_text ?? '';
  const warning = investing.risk_warning?.shown_at
    ? investing.risk_warning
    : (record.data ?? investing.risk_warning);
  const asked = useRef(false);
  const { mutate } = record;

  useEffect(() => {
    // Recorded once per page: the server keeps the first time anyway.
    if (asked.current || investing.risk_warning?.shown_at) return;
    asked.current = true;
    mutate('shown');
  }, [investing.risk_warning?.shown_at, mutate]);

  if (!warning?.text) {
    if (record.isError)
      return (
        <Stack gap="xs" align="flex-start">
          <FormError message={errorText(record.error)} />
          <Button variant="light" size="compact-sm" onClick={() => mutate('shown')}>
            Try again
          </Button>
        </Stack>
      );
    return <Loader size="sm" aria-label="Loading the risk warning" />;
  }

  const acknowledged = warning.acknowledged_at ?? null;
  // The words are the server's, kept as evidence; their "learn more" opens the risk summary.
  const learnMore = splitLearnMore(warning.text);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle aria-hidden />}
      title="Before your first investment"
      role="region"
    >
      <Stack gap="sm">
        <Text fw={600} style={{ whiteSpace: 'pre-line' }}>
          {learnMore.before}{' '}
          <RiskSummaryLink summary={summary}>{learnMore.link ?? undefined}</RiskSummaryLink>
        </Text>
        {acknowledged ? (
          <Text size="sm" c="success.8" fw={600}>
            <IconCircleCheck size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> You
            acknowledged this warning on {formatDateTime(acknowledged)}.
          </Text>
        ) : (
          <Stack gap="xs" align="flex-start">
            <FormError
              message={record.isError && record.variables === 'acknowledged' ? errorText(record.error) : null}
            />
            <Button
              onClick={() => mutate('acknowledged')}
              loading={record.isPending && record.variables === 'acknowledged'}
            >
              I understand
            </Button>
          </Stack>
        )}
      </Stack>
    </Alert>
  );
}
