import { Button, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

const listSchema = z.object({
  data: z.array(z.object({ id: z.number(), name: z.string(), status: z.number() })),
});

/** The query of an existing investment's new rounds (GET /api/opportunities/{id}/follow-on-rounds). */
export const followOnRoundsKey = (opportunityId: number) => ['pre-emption', 'follow-ons', opportunityId];

/** On an existing investment: its new rounds, each opening on its Pre-emption tab (decision 015). */
export function FollowOnRounds({ opportunityId }: { opportunityId: number }) {
  const rounds = useQuery({
    queryKey: followOnRoundsKey(opportunityId),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/opportunities/${opportunityId}/follow-on-rounds`, listSchema, { signal })).data,
  });
  const list = rounds.data ?? [];
  if (list.length === 0) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} aria-hidden />}>
          Follow-on rounds ({list.length})
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {list.map((round) => (
          <Menu.Item
            key={round.id}
            component={Link}
            to={`/admin/investments/opportunities/${round.id}/pre-emption`}
          >
            {round.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
