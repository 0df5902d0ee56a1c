import { BarChart } from '@mantine/charts';
import { EmptyState, Skeleton, VisuallyHidden } from '@mantine/core';
import type { OverviewStats } from '@portico/contracts';
import { IconChartBar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { SectionCard } from './section-card';

export function RegistrationsChart({ weeks }: { weeks: OverviewStats['registrations_by_week'] | undefined }) {
  const data = (weeks ?? []).map((week) => ({
    week: dayjs(week.week_start).format('D MMM'),
    Registrations: week.count,
  }));
  const total = data.reduce((sum, week) => sum + week.Registrations, 0);
  const { investor } = useTerminology();

  return (
    <SectionCard
      title={`${investor} registrations`}
      description={`New ${inSentence(investor)} accounts per week`}
    >
      {!weeks ? (
        <Skeleton height={260} radius="md" aria-label="Loading registrations" />
      ) : total === 0 ? (
        <EmptyState
          icon={<IconChartBar size={28} aria-hidden />}
          title="No registrations yet"
          description={`New ${inSentence(investor)} sign-ups will appear here week by week.`}
          withIndicatorBackground
          size="sm"
        />
      ) : (
        <>
          <BarChart
            h={260}
            data={data}
            dataKey="week"
            series={[{ name: 'Registrations', color: 'primaryLighter.6' }]}
            tickLine="y"
            gridAxis="y"
            yAxisProps={{ allowDecimals: false }}
            // The table below is what assistive technology reads: the picture takes no keyboard focus.
            barChartProps={{ accessibilityLayer: false }}
            aria-hidden
          />
          <VisuallyHidden>
            <table>
              <caption>{`${investor} registrations per week`}</caption>
              <thead>
                <tr>
                  <th scope="col">Week starting</th>
                  <th scope="col">Registrations</th>
                </tr>
              </thead>
              <tbody>
                {data.map((week) => (
                  <tr key={week.week}>
                    <td>{week.week}</td>
                    <td>{week.Registrations}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </SectionCard>
  );
}
