import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Holding } from '../api/investing-schemas';
import { chosenHolding, holdingLabel, holdingParam } from '../components/holding';
import { StepFrame } from '../components/step-frame';

const DESCRIPTIONS: Record<Holding['type'], string> = {
  self: 'The shares are registered to you personally.',
  organisation: 'The shares are held by an organisation you are linked to.',
  investment_method:
    'The shares are held through one of your investment methods (for example a SIPP or an ISA).',
  nominee: 'The shares are held for you by a nominee.',
};

function HoldingChoice({ slug, options }: { slug: string; options: readonly Holding[] }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // Always shown, preselected, even with one option: the steps stay the same for everyone.
  const [value, setValue] = useState(() => {
    const chosen = chosenHolding(options, params.get('holding'));
    return chosen ? holdingParam(chosen) : 'self';
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(
          `/investor/investments/${slug}/invest?${new URLSearchParams({
            holding: value,
            // a pre-emption holder's amount, carried to the amount field
            ...(params.get('amount') ? { amount: params.get('amount') ?? '' } : {}),
          }).toString()}`,
        );
      }}
    >
      <Stack gap="lg">
        <Radio.Group
          value={value}
          onChange={setValue}
          label="Hold this investment"
          description="Choose whose name the shares will be held in."
        >
          <Stack gap="xs" mt="xs">
            {options.map((option) => (
              <Radio.Card key={holdingParam(option)} value={holdingParam(option)} radius="md" p="md">
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator />
                  <div>
                    <Text fw={600}>{holdingLabel(option)}</Text>
                    <Text size="sm" c="dimmed">
                      {DESCRIPTIONS[option.type]}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="space-between">
          <Button component={Link} to={`/investor/investments/${slug}`} variant="default">
            Back
          </Button>
          <Button type="submit">Continue</Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /investor/investments/{slug}/investor-type: how the investment will be held (step 1 of 2). */
export function InvestorTypePage() {
  return (
    <StepFrame step={1} title="How will you hold this investment?">
      {({ slug, investing }) => <HoldingChoice slug={slug} options={investing.holding_options} />}
    </StepFrame>
  );
}
