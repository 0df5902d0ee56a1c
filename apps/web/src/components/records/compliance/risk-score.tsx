import { Alert, Text } from '@mantine/core';
import { RISK_BAND_RANGES, riskBandOf, type RiskBand } from '@portico/contracts';
import { IconGauge } from '@tabler/icons-react';

const BAND_COLOURS: Record<RiskBand, string> = {
  cautious: 'success',
  balanced: 'primaryLighter',
  adventurous: 'yellow',
  speculative: 'orange',
};

const HIGHEST = Math.max(...Object.values(RISK_BAND_RANGES).map((range) => range.max));

/** A risk profile's score and the band it falls in (six questions scored 1 to 4: 6 to 24). */
export function RiskScore({ score, band }: { score: number; band: RiskBand | null }) {
  const shown = band ?? riskBandOf(score);
  const range = RISK_BAND_RANGES[shown];
  return (
    <Alert
      variant="light"
      color={BAND_COLOURS[shown]}
      icon={<IconGauge aria-hidden />}
      title={`${range.label}: score ${score} of ${HIGHEST}`}
    >
      <Text size="sm">{range.description}</Text>
    </Alert>
  );
}
