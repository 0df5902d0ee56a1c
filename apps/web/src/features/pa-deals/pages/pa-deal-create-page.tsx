import { Button, Group, Paper, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  createPaDealInputSchema,
  PA_DEAL_SIDE_LABELS,
  PA_DEAL_SIDES,
  type CreatePaDealInput,
  type PaDealSide,
} from '@portico/contracts';
import { can } from '@portico/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { FormError } from '../../../components/form/form-error';
import { useServerForm } from '../../../components/form/use-server-form';
import { zodResolver } from '../../../components/form/zod-resolver';
import { PageHeader } from '../../../components/layouts/page-header';
import { ADMIN_SCREENS } from '../../../config/admin-menu';
import { useUser } from '../../../lib/session';
import { dealsQueryOptions } from '../../deals/api/get-deals';
import { opportunitiesQueryOptions } from '../../opportunities/api/get-opportunities';
import { CURRENCY_OPTIONS } from '../../opportunities/components/currency-options';
import { useCreatePaDeal } from '../api/pa-deals';
import { paDealPath } from './pa-deals-list-page';

interface Values extends Record<string, unknown> {
  instrument: string;
  company_name: string;
  /** "deal:4", "opportunity:7" or "" */
  link: string;
  side: string;
  quantity: string;
  estimated_value: string;
  currency: string;
  reason: string;
}

const INITIAL: Values = {
  instrument: '',
  company_name: '',
  link: '',
  side: 'buy',
  quantity: '',
  estimated_value: '',
  currency: 'GBP',
  reason: '',
};
const SIDE_OPTIONS = PA_DEAL_SIDES.map((value) => ({ value, label: PA_DEAL_SIDE_LABELS[value] }));
const FIELDS = ['instrument', 'company_name', 'side', 'quantity', 'estimated_value', 'currency', 'reason'];

function payloadOf(values: Values): CreatePaDealInput {
  const [kind, id] = values.link.split(':');
  return {
    instrument: values.instrument.trim(),
    company_name: values.company_name.trim(),
    opportunity_id: kind === 'opportunity' ? Number(id) : null,
    deal_id: kind === 'deal' ? Number(id) : null,
    side: values.side as PaDealSide,
    quantity: values.quantity.trim(),
    estimated_value: values.estimated_value.trim(),
    currency: values.currency,
    reason: values.reason.trim(),
  };
}

const validatePayload = zodResolver(createPaDealInputSchema);

/** The deals and opportunities the person may see, to link the issuer when it is on the platform. */
function useIssuerLinks(roleId: number) {
  const showDeals = can(roleId, 'pipeline_deals', 'index');
  const showOpportunities = can(roleId, 'investment_opportunity_live', 'index');
  const deals = useQuery({
    ...dealsQueryOptions({
      filters: { search: undefined, pipeline_id: undefined, stage_id: undefined, owner_id: undefined },
      sort: '-created_at',
      page: 1,
      perPage: 100,
      columns: ['company_name'],
    }),
    enabled: showDeals,
  });
  const opportunities = useQuery({
    ...opportunitiesQueryOptions({
      filters: {
        search: undefined,
        status: undefined,
        type: undefined,
        industry: undefined,
        tax_relief: undefined,
      },
      sort: '-created_at',
      page: 1,
      perPage: 100,
      columns: ['company_name'],
    }),
    enabled: showOpportunities,
  });
  const options: Array<{ value: string; label: string; company: string }> = [
    ...(deals.data?.data ?? []).map((deal) => ({
      value: `deal:${deal.id ?? 0}`,
      label: `Deal: ${deal.name ?? ''}${deal.company_name ? ` (${deal.company_name})` : ''}`,
      company: String(deal.company_name ?? ''),
    })),
    ...(opportunities.data?.data ?? []).map((opportunity) => ({
      value: `opportunity:${opportunity.id ?? 0}`,
      label: `Opportunity: ${opportunity.name ?? ''}${opportunity.company_name ? ` (${opportunity.company_name})` : ''}`,
      company: String(opportunity.company_name ?? ''),
    })),
  ];
  return { options, shown: showDeals || showOpportunities };
}

/** Insider register → PA deals → Declare a deal: a request for pre-clearance of one's own deal (COBS 11.7). */
export function PaDealCreatePage() {
  const user = useUser();
  const navigate = useNavigate();
  const { mutateAsync } = useCreatePaDeal();
  const links = useIssuerLinks(user.role_id);
  const form = useForm<Values>({
    initialValues: INITIAL,
    validate: (values) => {
      const errors = validatePayload(payloadOf(values));
      // the link is one field on this form
      const link = errors.opportunity_id ?? errors.deal_id;
      return link ? { ...errors, link } : errors;
    },
  });
  const { onSubmit, formError, submitting } = useServerForm(form, {
    compact: false,
    fields: FIELDS,
    submit: (values) => mutateAsync(payloadOf(values)),
    onSuccess: (result) => {
      notifications.show({
        color: 'success',
        title: 'Deal declared',
        message: 'Compliance has been asked for pre-clearance. Do not deal until it is approved.',
      });
      void navigate(paDealPath(result.data.id));
    },
  });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Declare a deal"
        description="Ask compliance for pre-clearance before you buy or sell for yourself. Once approved, deal within 2 business days and record it."
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Instrument"
                placeholder="Ordinary shares"
                required
                maxLength={255}
                {...form.getInputProps('instrument')}
              />
              <TextInput
                label="Company"
                description="The issuer of the instrument"
                required
                maxLength={255}
                {...form.getInputProps('company_name')}
              />
            </SimpleGrid>
            {links.shown && (
              <Select
                label="On the platform"
                description="Link the deal or opportunity of this company, if there is one"
                placeholder="Not on the platform"
                data={links.options.map(({ value, label }) => ({ value, label }))}
                searchable
                clearable
                {...form.getInputProps('link')}
                onChange={(value: string | null) => {
                  form.setFieldValue('link', value ?? '');
                  const chosen = links.options.find((option) => option.value === value);
                  if (chosen && form.getValues().company_name.trim() === '')
                    form.setFieldValue('company_name', chosen.company);
                }}
              />
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Buy or sell"
                data={SIDE_OPTIONS}
                required
                allowDeselect={false}
                {...form.getInputProps('side')}
              />
              <TextInput label="Quantity" inputMode="decimal" required {...form.getInputProps('quantity')} />
              <TextInput
                label="Estimated value"
                inputMode="decimal"
                required
                {...form.getInputProps('estimated_value')}
              />
              <Select
                label="Currency"
                data={CURRENCY_OPTIONS}
                searchable
                required
                allowDeselect={false}
                {...form.getInputProps('currency')}
              />
            </SimpleGrid>
            <Textarea
              label="Reason"
              description="Why you want to deal, for compliance"
              required
              autosize
              minRows={2}
              maxLength={2000}
              {...form.getInputProps('reason')}
            />
            <FormError message={formError} />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={ADMIN_SCREENS.paDeals.path}>
                Cancel
              </Button>
              <Button type="submit" loading={submitting}>
                Ask for pre-clearance
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
