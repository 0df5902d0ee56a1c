import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useFeature } from '../../../lib/branding';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { useMyPromotionExemption } from '../../promotion-exceptions/api/get-my-promotion-exemption';

/**
 * While financial promotion exemptions are on (decision 032), an investor without a valid exemption is offered
 * no live opportunity: say why, instead of an empty list with no reason.
 */
export function PromotionExemptionNotice() {
  const on = useFeature('financialPromotionExceptions');
  const terms = useTerminology();
  const { data } = useMyPromotionExemption(on);
  if (!on || !data || !data.required || data.valid) return null;
  return (
    <Alert
      color="primaryLighter"
      variant="light"
      role="status"
      icon={<IconInfoCircle aria-hidden />}
      title={`You will see our ${inSentence(terms.opportunities)} once we have recorded your exemption`}
    >
      The law lets us promote these investments only to investors who qualify under an exemption, such as a
      signed certified high net worth or sophisticated investor statement. Once we have recorded yours, the
      open {inSentence(terms.opportunities)} appear here. If you have signed a statement, or think you
      qualify, please contact us. Your existing investments and portfolio are not affected.
    </Alert>
  );
}
