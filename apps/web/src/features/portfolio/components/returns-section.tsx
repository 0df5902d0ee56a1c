import { Alert, Box, Button, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { RecordSection } from '../../../components/records/record-section';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { londonToday } from '../../existing-investments/london-today';
import { usePortfolioReturns } from '../api/portfolio';
import { RangeCards } from './range-cards';
import { RangePicker, type DayRange, type RangePreset } from './range-picker';

/**
 * The portfolio's figures over a period the investor picks (issue 20): opening and closing value, money paid
 * in and received, gain, TVPI, DPI and the return, over direct and fund holdings, per currency (never added
 * across). Since the first investment (the default) they are the portfolio's totals.
 */
export function ReturnsSection() {
  const today = londonToday();
  const [preset, setPreset] = useState<RangePreset>('all');
  const [range, setRange] = useState<DayRange>({});
  const returns = usePortfolioReturns(range);
  const refreshing = returns.isPlaceholderData && returns.isFetching;

  return (
    <RecordSection
      title="Returns"
      description={
        returns.data && !refreshing
          ? `From ${formatDate(returns.data.from)} to ${formatDate(returns.data.to)}, companies and funds together.`
          : 'Companies and funds together, over the period you pick.'
      }
    >
      <Stack gap="md">
        <RangePicker
          today={today}
          preset={preset}
          onChange={(next, nextRange) => {
            setPreset(next);
            setRange(nextRange);
          }}
        />
        {returns.isError ? (
          <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            The figures for this period could not be loaded.{' '}
            {isApiError(returns.error) ? returns.error.message : ''}
            <Button variant="light" size="xs" ml="sm" onClick={() => void returns.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : returns.isPending ? (
          <Skeleton height={180} radius="md" aria-label="Loading the figures" />
        ) : (
          <Box
            aria-busy={refreshing}
            aria-label={refreshing ? 'Loading the figures' : undefined}
            style={{ opacity: refreshing ? 0.5 : 1, transition: 'opacity 150ms' }}
          >
            {returns.data.totals_by_currency.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing was held in this period.
              </Text>
            ) : returns.data.totals_by_currency.length === 1 && returns.data.totals ? (
              <RangeCards figures={returns.data.totals} />
            ) : (
              // never added across currencies: one set of figures per currency held
              <Stack gap="md">
                {returns.data.totals_by_currency.map((figures) => (
                  <section key={figures.currency} aria-label={`Returns in ${figures.currency}`}>
                    <Title order={3} fz="md" mb="xs">
                      In {figures.currency}
                    </Title>
                    <RangeCards figures={figures} />
                  </section>
                ))}
              </Stack>
            )}
          </Box>
        )}
      </Stack>
    </RecordSection>
  );
}
