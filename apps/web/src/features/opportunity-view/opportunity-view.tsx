import {
  Accordion,
  Anchor,
  Avatar,
  Badge,
  Group,
  Image,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import type { Opportunity } from '@portico/contracts';
import { TAX_RELIEF_LABELS } from '@portico/contracts/constants';
import type { ReactNode } from 'react';
import { formatBytes, formatDate } from '../../lib/format';
import { RAISE_FACTS, RaiseFacts } from './raise-facts';
import { RaiseProgress } from './raise-progress';

interface OpportunityViewProps {
  opportunity: Opportunity;
  /** above the page: the admin preview's banner, the portal's back link */
  banner?: ReactNode;
  /** under the hero's facts: the portal's "Reserve an allocation" (issue 11) */
  actions?: ReactNode;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} fz="xl">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');

/**
 * An opportunity's page as an investor sees it (DOMAIN.md, Opportunity): the hero with the company, raise
 * and terms, then the description, key points, key dates, team, gallery, documents and FAQs. Presentational
 * only: the admin preview renders it today and the investor portal will (issue 11). The description is
 * HTML the server has already sanitised.
 */
export function OpportunityView({ opportunity, banner, actions }: OpportunityViewProps) {
  const { currency } = opportunity;
  return (
    <Stack gap="xl">
      {banner}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="lg">
          {opportunity.cover_image_url && (
            <Image
              src={opportunity.cover_image_url}
              alt=""
              radius="md"
              h={{ base: 160, sm: 260 }}
              fit="cover"
            />
          )}
          <Stack gap={4}>
            <Text c="dimmed" fw={600}>
              {opportunity.company_name}
            </Text>
            <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
              {opportunity.name}
            </Title>
            {opportunity.summary && <Text size="lg">{opportunity.summary}</Text>}
            <Group gap="xs" mt={4}>
              {opportunity.tax_relief && opportunity.tax_relief !== 'none' && (
                <Badge variant="light" size="lg">
                  {TAX_RELIEF_LABELS[opportunity.tax_relief]}
                </Badge>
              )}
              {opportunity.industry && <Badge variant="outline">{opportunity.industry.name}</Badge>}
              {opportunity.type && <Badge variant="outline">{opportunity.type.name}</Badge>}
            </Group>
          </Stack>
          <RaiseProgress
            committed={opportunity.committed_amount}
            target={opportunity.target_amount}
            currency={currency}
            stage={opportunity.stage}
          />
          <RaiseFacts
            figures={opportunity}
            currency={currency}
            // What remains matters while commitments are taken (draft, live), not once the round has closed.
            only={
              opportunity.stage <= 3 ? RAISE_FACTS : RAISE_FACTS.filter((fact) => fact !== 'remaining_amount')
            }
          />
          {actions}
        </Stack>
      </Paper>

      {opportunity.description && (
        <Section title="About the opportunity">
          {/* Sanitised on the server to a safe subset (no scripts, handlers or styles). */}
          <Typography>
            <div dangerouslySetInnerHTML={{ __html: opportunity.description }} />
          </Typography>
        </Section>
      )}

      {opportunity.key_points.length > 0 && (
        <Section title="Key points">
          <List spacing="xs">
            {opportunity.key_points.map((point) => (
              <List.Item key={point.id}>{point.text}</List.Item>
            ))}
          </List>
        </Section>
      )}

      {opportunity.key_dates.length > 0 && (
        <Section title="Key dates">
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {opportunity.key_dates.map((entry) => (
              <Group key={entry.id} component="li" gap="md" wrap="nowrap">
                <Text fw={600} miw={110}>
                  {formatDate(entry.date)}
                </Text>
                <Text>{entry.label}</Text>
              </Group>
            ))}
          </Stack>
        </Section>
      )}

      {opportunity.team_members.length > 0 && (
        <Section title="Team">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {opportunity.team_members.map((member) => (
              <Paper key={member.id} withBorder radius="md" p="md">
                <Group gap="md" wrap="nowrap" align="flex-start">
                  <Avatar src={member.photo_url} alt={member.name} size={64} radius="xl">
                    {initials(member.name)}
                  </Avatar>
                  <Stack gap={2}>
                    <Text fw={700}>{member.name}</Text>
                    {member.role && (
                      <Text size="sm" c="dimmed">
                        {member.role}
                      </Text>
                    )}
                    {member.bio && <Text size="sm">{member.bio}</Text>}
                  </Stack>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        </Section>
      )}

      {opportunity.gallery.length > 0 && (
        <Section title="Gallery">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {opportunity.gallery.map((image) => (
              <Stack key={image.id} gap={4} component="figure" m={0}>
                <Image src={image.image_url} alt={image.caption ?? ''} radius="md" h={180} fit="cover" />
                {image.caption && (
                  <Text size="sm" c="dimmed" component="figcaption">
                    {image.caption}
                  </Text>
                )}
              </Stack>
            ))}
          </SimpleGrid>
        </Section>
      )}

      {opportunity.public_documents.length > 0 && (
        <Section title="Documents">
          <List spacing="xs">
            {opportunity.public_documents.map((document) => (
              <List.Item key={document.id}>
                <Anchor href={document.url} target="_blank" rel="noopener noreferrer">
                  {document.name}
                </Anchor>{' '}
                <Text span size="sm" c="dimmed">
                  ({formatBytes(document.size_bytes)})
                </Text>
              </List.Item>
            ))}
          </List>
        </Section>
      )}

      {opportunity.faqs.length > 0 && (
        <Section title="Frequently asked questions">
          <Accordion variant="separated">
            {opportunity.faqs.map((faq) => (
              <Accordion.Item key={faq.id} value={String(faq.id)}>
                <Accordion.Control>{faq.question}</Accordion.Control>
                <Accordion.Panel>
                  <Text style={{ whiteSpace: 'pre-line' }}>{faq.answer}</Text>
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Section>
      )}
    </Stack>
  );
}
