import { Anchor, Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { can } from '@portico/contracts/constants';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConfirmModal } from '../../../components/modals/confirm-modal';
import { isApiError } from '../../../lib/api-error';
import { useUser } from '../../../lib/session';
import { useConvertDeal } from '../api/convert-deal';
import { inSentence, singularOf, useTerminology } from '../../../lib/terminology';

/** The admin address the server's "already converted" message ends with. */
const ADMIN_PATH = /(\/admin\/investments\/[a-z-]+\/\d+\/[a-z-]+)\s*$/;

/**
 * Turns a pipeline deal into a draft opportunity (its name, company, summary, industry, type and amount
 * sought), after a confirmation, then opens the draft's edit page. Shown to a role that may create live
 * opportunities and see deals; a deal converts once (the server answers 422 with the way to the first).
 */
export function ConvertDealButton({ dealId }: { dealId: number }) {
  const user = useUser();
  const terminology = useTerminology();
  const navigate = useNavigate();
  const convert = useConvertDeal();
  const [asking, setAsking] = useState(false);
  const [already, setAlready] = useState<{ message: string; path: string | undefined } | null>(null);
  if (
    !can(user.role_id, 'investment_opportunity_live', 'create') ||
    !can(user.role_id, 'pipeline_deals', 'show')
  )
    return null;
  const noun = singularOf(inSentence(terminology.opportunities));

  return (
    <>
      <Button
        variant="light"
        leftSection={<IconArrowsExchange size={18} aria-hidden />}
        onClick={() => {
          setAlready(null);
          setAsking(true);
        }}
      >
        Convert to {noun}
      </Button>
      <ConfirmModal
        opened={asking}
        onClose={() => setAsking(false)}
        title={`Convert this deal into a draft ${noun}?`}
        confirmLabel="Convert"
        onConfirm={async () => {
          try {
            const draft = await convert.mutateAsync(dealId);
            setAsking(false);
            notifications.show({
              color: 'success',
              title: 'Draft created',
              message: `${draft.name} is a draft ${noun}: complete it before it goes live.`,
            });
            void navigate(`/admin/investments/opportunities/${draft.id}/edit`);
          } catch (caught) {
            const errors =
              isApiError(caught) && typeof caught.errors === 'object' ? caught.errors : undefined;
            const message = errors?.pipeline_deal_id?.[0];
            if (!message) throw caught;
            setAsking(false);
            setAlready({
              message: message.replace(ADMIN_PATH, '').replace(/:\s*$/, '.'),
              path: ADMIN_PATH.exec(message)?.[1],
            });
          }
        }}
      >
        A draft {noun} is made from the deal&apos;s name, company, summary, industry, type and the amount
        sought as its target. A deal can be converted once.
      </ConfirmModal>
      {already && (
        <Text size="sm" role="alert" mt="xs">
          {already.message}{' '}
          {already.path && (
            <Anchor component={Link} to={already.path}>
              Open it
            </Anchor>
          )}
        </Text>
      )}
    </>
  );
}
