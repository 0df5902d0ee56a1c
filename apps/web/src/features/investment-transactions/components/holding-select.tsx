import { Select } from '@mantine/core';
import { dataOf, investmentMethodEntitySchema, nomineeListSchema } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { useInvestor } from '../../investors/api/get-investor';

/** How a manual investment is held, as the form keeps it: "self", "organisation:12", "investment_method:4", "nominee:7". */
export type HoldingChoice = string;

/** The request's `holding` for a choice (spec §4: the four ways the investor flow offers). */
export function holdingOf(choice: HoldingChoice) {
  const [type, raw] = choice.split(':');
  const id = Number(raw);
  switch (type) {
    case 'organisation':
      return { type: 'organisation' as const, organisation_id: id };
    case 'investment_method':
      return { type: 'investment_method' as const, investment_method_entity_id: id };
    case 'nominee':
      return { type: 'nominee' as const, nominee_id: id };
    default:
      return { type: 'self' as const };
  }
}

const entities = dataOf(z.array(investmentMethodEntitySchema));

/** 404 when a feature (nominee accounts) is off, 403 when the role may not list them: no choices of that kind. */
const noneWhenOff = async <T,>(load: () => Promise<T[]>): Promise<T[]> => {
  try {
    return await load();
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 403)) return [];
    throw error;
  }
};

/**
 * Where the chosen investor's manual investment is held: their own name, an organisation they belong to,
 * one of their investment-method accounts, or a nominee (the server checks the nominee acts for them).
 */
export function HoldingSelect({
  investorId,
  value,
  onChange,
  error,
}: {
  investorId: number | undefined;
  value: HoldingChoice;
  onChange: (value: HoldingChoice) => void;
  error?: string;
}) {
  const investor = useInvestor(investorId);
  const options = useQuery({
    queryKey: ['manual-investment-holdings', investorId],
    enabled: investorId !== undefined,
    queryFn: async ({ signal }) => ({
      entities: await noneWhenOff(
        async () =>
          (await api.get(`/api/investors/${investorId}/investment-method-entities`, entities, { signal }))
            .data,
      ),
      nominees: await noneWhenOff(
        async () =>
          (await api.get('/api/nominees?per_page=100&sort=name', nomineeListSchema, { signal })).data,
      ),
    }),
  });
  const data = [
    { group: 'Own name', items: [{ value: 'self', label: 'In the investor’s own name' }] },
    {
      group: 'Organisations',
      items: (investor.data?.organisations ?? []).map((row) => ({
        value: `organisation:${row.id}`,
        label: row.name,
      })),
    },
    {
      group: 'Investment-method accounts',
      items: (options.data?.entities ?? [])
        .filter((row) => row.status === 'active')
        .map((row) => ({
          value: `investment_method:${row.id}`,
          label: `${row.name} (${row.investment_method.name})`,
        })),
    },
    {
      group: 'Nominees',
      items: (options.data?.nominees ?? []).flatMap((row) =>
        row.id !== undefined ? [{ value: `nominee:${row.id}`, label: row.name ?? `Nominee ${row.id}` }] : [],
      ),
    },
  ].filter((group) => group.items.length > 0);
  return (
    <Select
      label="Held"
      required
      data={data}
      value={value}
      onChange={(next) => onChange(next ?? 'self')}
      allowDeselect={false}
      disabled={investorId === undefined}
      description={
        investorId === undefined
          ? 'Choose the investor first.'
          : investor.isPending || options.isPending
            ? 'Loading the investor’s organisations, accounts and nominees…'
            : undefined
      }
      error={
        error ?? (options.isError || investor.isError ? 'Their holdings could not be loaded.' : undefined)
      }
    />
  );
}
