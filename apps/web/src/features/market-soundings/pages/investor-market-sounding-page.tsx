import { Alert, Anchor, Button, Group, Paper, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  MARKET_SOUNDING_RESPONSE_VALUES,
  MARKET_SOUNDING_RESPONSES,
  type InvestorMarketSounding,
  type MarketSoundingResponse,
} from '@portico/contracts';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorPage } from '../../../components/errors/error-page';
import { FormError } from '../../../components/form/form-error';
import { SUBMIT_FALLBACK_MESSAGE } from '../../../components/form/server-errors';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { Paragraphs } from '../../../components/text/paragraphs';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { isApiError } from '../../../lib/api-error';
import { useRecordId } from '../../../lib/records/use-record-id';
import { useTerminology } from '../../../lib/terminology';
import {
  useAnswerMarketSounding,
  useDecideMarketSounding,
  useInvestorMarketSounding,
  useOptOutOfMarketSoundings,
} from '../api/investor-market-sounding';
import { formatLondon } from '../../../lib/london-time';

const messageOf = (error: unknown) =>
  isApiError(error) && !error.unanswered ? error.message : SUBMIT_FALLBACK_MESSAGE;

/** Step 1: the consent. Nothing about the deal is known here, nor sent, until the investor accepts. */
function Consent({ sounding }: { sounding: InvestorMarketSounding }) {
  const accept = useDecideMarketSounding(sounding.id, 'accept');
  const decline = useDecideMarketSounding(sounding.id, 'decline');
  const [declining, setDeclining] = useState(false);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'md', sm: 'xl' }}
      component="section"
      aria-labelledby="consent-title"
    >
      <Stack gap="md">
        <Title order={2} fz="lg" id="consent-title">
          Before you see anything
        </Title>
        <Text size="sm" c="dimmed">
          Read this statement. Accept it to see the details, or decline: declining tells you nothing about the
          deal.
        </Text>
        <Paragraphs text={sounding.wording} />
        <FormError message={accept.isError ? messageOf(accept.error) : null} />
        <Group>
          <Button onClick={() => accept.mutate()} loading={accept.isPending} disabled={decline.isPending}>
            Accept and view
          </Button>
          <Button variant="default" onClick={() => setDeclining(true)} disabled={accept.isPending}>
            Decline
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={declining}
        onClose={() => setDeclining(false)}
        title="Decline this market sounding?"
        confirmLabel="Decline"
        danger
        onConfirm={() => decline.mutateAsync()}
      >
        You will not be told anything about it, and you cannot accept it later.
      </ConfirmModal>
    </Paper>
  );
}

/** Step 2: the answer, once; then it shows as given. */
function Answer({ sounding }: { sounding: InvestorMarketSounding }) {
  const answer = useAnswerMarketSounding(sounding.id);
  const [choice, setChoice] = useState<MarketSoundingResponse | null>(null);
  const [missing, setMissing] = useState(false);
  if (sounding.response !== null)
    return (
      <Alert color="success" variant="light" icon={<IconCircleCheck aria-hidden />} title="Your answer">
        {MARKET_SOUNDING_RESPONSES[sounding.response]}
      </Alert>
    );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (choice === null) {
          setMissing(true);
          return;
        }
        answer.mutate(choice);
      }}
    >
      <Stack gap="md">
        <Radio.Group
          label="Your answer"
          description="You can answer once."
          required
          value={choice === null ? null : String(choice)}
          onChange={(value) => {
            const picked = MARKET_SOUNDING_RESPONSE_VALUES.find((option) => String(option) === value);
            setChoice(picked ?? null);
            setMissing(false);
          }}
          error={missing ? 'Choose an answer.' : undefined}
        >
          <Stack gap="xs" mt="xs">
            {MARKET_SOUNDING_RESPONSE_VALUES.map((value) => (
              <Radio key={value} value={String(value)} label={MARKET_SOUNDING_RESPONSES[value]} />
            ))}
          </Stack>
        </Radio.Group>
        <FormError message={answer.isError ? messageOf(answer.error) : null} />
        <Group>
          <Button type="submit" loading={answer.isPending}>
            Send answer
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Step 2: what was disclosed, then the answer. */
function Details({ sounding }: { sounding: InvestorMarketSounding }) {
  const details = sounding.details;
  return (
    <Stack gap="lg">
      {sounding.cleansed_at !== null && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} title="Cleansed">
          Since {formatLondon(sounding.cleansed_at)} this information has been made public or is no longer
          inside information.
        </Alert>
      )}
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="article">
        <Stack gap="md">
          <div>
            <Title order={2} fz={{ base: 20, sm: 24 }}>
              {details?.subject_name ?? 'The deal'}
            </Title>
            <Text size="sm" c="dimmed">
              You accepted on {formatLondon(sounding.decided_at)}.
            </Text>
          </div>
          {details && <Paragraphs text={details.summary} size="md" />}
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section">
        <Answer sounding={sounding} />
      </Paper>
    </Stack>
  );
}

/** In every state: no more soundings after this one. */
function OptOut({ sounding }: { sounding: InvestorMarketSounding }) {
  const optOut = useOptOutOfMarketSoundings(sounding.id);
  const [asking, setAsking] = useState(false);
  if (sounding.opted_out)
    return (
      <Text size="sm" c="dimmed" role="status">
        You have opted out: you will not be sent market soundings in future.
      </Text>
    );
  return (
    <>
      <Group>
        <Button variant="subtle" color="gray" size="compact-sm" onClick={() => setAsking(true)}>
          Don’t send me market soundings in future
        </Button>
      </Group>
      <ConfirmModal
        opened={asking}
        onClose={() => setAsking(false)}
        title="Stop market soundings?"
        confirmLabel="Opt out"
        onConfirm={() => optOut.mutateAsync()}
      >
        You will not be invited to market soundings in future. This one stays as it is.
      </ConfirmModal>
    </>
  );
}

/**
 * /investor/investments/market-sounding/{id} (spec §2.2, UK MAR Art. 11): the consent first; the deal's
 * details only after accepting, then the investor's answer. Declining reveals nothing. Any other
 * investor's sounding is not found.
 */
export function InvestorMarketSoundingPage() {
  const id = useRecordId();
  const terms = useTerminology();
  const { data: sounding, isPending, isError, error } = useInvestorMarketSounding(id);
  useDocumentTitle('Market sounding');
  if (id === undefined || (isApiError(error) && error.status === 404)) return <ErrorPage status={404} />;

  return (
    <Stack gap="lg" maw={820}>
      <Anchor component={Link} to="/investor/investments" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden /> {terms.investments}
        </Group>
      </Anchor>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        Market sounding
      </Title>
      {isError ? (
        <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          This market sounding could not be loaded. {messageOf(error)}
        </Alert>
      ) : isPending ? (
        <Stack gap="md" aria-label="Loading" aria-busy>
          <Skeleton height={20} width="50%" />
          <Skeleton height={220} radius="md" />
        </Stack>
      ) : (
        <>
          {sounding.accepted === null && <Consent sounding={sounding} />}
          {sounding.accepted === false && (
            <Alert color="gray" variant="light" icon={<IconInfoCircle aria-hidden />} title="You declined">
              You declined this market sounding on {formatLondon(sounding.decided_at)}. Nothing about it was
              shared with you.
            </Alert>
          )}
          {sounding.accepted === true && <Details sounding={sounding} />}
          <OptOut sounding={sounding} />
        </>
      )}
    </Stack>
  );
}
