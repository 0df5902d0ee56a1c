import { Alert, DataList, Divider, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { OutboxMail } from '@portico/contracts';
import { LinkifiedText } from '../../../components/text/linkified-text';
import { formatDateTime } from '../../../lib/format';
import { MODAL_SIZES } from '../../../theme/theme';
import { useOutboxMail } from '../api/get-outbox-mail';
import { MailStatusBadge } from './mail-status-badge';

/** One email: its envelope and its plain-text body, with the links in it clickable. */
export function MailModal({ mail, onClose }: { mail: OutboxMail | undefined; onClose: () => void }) {
  const { data, isError } = useOutboxMail(mail?.id, mail);
  const shown = data ?? mail;
  return (
    <Modal
      opened={mail !== undefined}
      onClose={onClose}
      title={shown?.subject ?? 'Email'}
      size={MODAL_SIZES.wide}
    >
      {shown ? (
        <Stack gap="md">
          <DataList labelWidth={90}>
            <DataList.Item>
              <DataList.ItemLabel>Subject</DataList.ItemLabel>
              <DataList.ItemValue>{shown.subject}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>To</DataList.ItemLabel>
              <DataList.ItemValue>{shown.to}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Date</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(shown.created_at)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Status</DataList.ItemLabel>
              <DataList.ItemValue>
                <MailStatusBadge status={shown.status} />
                {shown.sent_at && (
                  <Text span size="sm" c="dimmed" ml="xs">
                    sent {formatDateTime(shown.sent_at)}
                  </Text>
                )}
              </DataList.ItemValue>
            </DataList.Item>
          </DataList>
          {shown.error && (
            <Alert color="danger" variant="light" title="Delivery failed">
              {shown.error}
            </Alert>
          )}
          {isError && (
            <Alert color="danger" variant="light" role="alert">
              The latest copy of this email could not be loaded.
            </Alert>
          )}
          <Divider label="Message" labelPosition="left" />
          <LinkifiedText text={shown.text} />
        </Stack>
      ) : (
        <Skeleton height={200} />
      )}
    </Modal>
  );
}
