import { Anchor, Group, Stack, Text } from '@mantine/core';
import type { Opportunity } from '@portico/contracts';
import { opportunityDocumentKind } from '@portico/contracts/constants';
import { IconExternalLink, IconFileText } from '@tabler/icons-react';
import { formatBytes } from '../../../lib/format';

/**
 * The investment terms to read where the investor accepts them (issue 18): each public document staff
 * filed as the terms (and the information memorandum), opened in a new tab. Said plainly when there is
 * nothing to read, so nobody accepts terms they were not shown.
 */
export function TermsDocuments({
  opportunity,
  termsText,
}: {
  opportunity: Pick<Opportunity, 'public_documents'>;
  termsText: string | null | undefined;
}) {
  const filed = opportunity.public_documents
    .map((document) => ({ document, kind: opportunityDocumentKind(document.category) }))
    .filter((item) => item.kind !== null)
    // The terms first, then the memorandum they refer to.
    .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'investment_terms' ? -1 : 1));
  const hasTerms = Boolean(termsText?.trim()) || filed.some((item) => item.kind === 'investment_terms');
  return (
    <Stack gap={6}>
      {filed.length > 0 && (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {filed.map(({ document, kind }) => (
            <Group key={document.id} component="li" gap={6} wrap="nowrap">
              <IconFileText size={18} aria-hidden style={{ flex: 'none' }} />
              <Anchor href={document.url} target="_blank" rel="noopener noreferrer" fw={600}>
                {kind === 'investment_terms'
                  ? 'Read the investment terms'
                  : 'Read the information memorandum'}
                <Text span c="dimmed" fw={400} size="sm">
                  {' '}
                  ({document.name}, {formatBytes(document.size_bytes)})
                </Text>
                <IconExternalLink
                  size={14}
                  aria-label="opens in a new tab"
                  style={{ marginLeft: 4, verticalAlign: 'text-top' }}
                />
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
      {!hasTerms && (
        <Text size="sm" c="danger.8" role="note">
          The investment terms for this opportunity have not been published yet. Please ask us for them before
          you accept.
        </Text>
      )}
    </Stack>
  );
}
