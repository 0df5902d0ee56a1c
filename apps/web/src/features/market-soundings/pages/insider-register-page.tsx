import { Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconListDetails, IconSpeakerphone } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { ListEmptyState } from '../../../components/data-table/list-empty-state';
import { ListLoadError } from '../../../components/data-table/list-load-error';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { PageHeader } from '../../../components/layouts/page-header';
import { formatDate } from '../../../lib/format';
import { useTerminology } from '../../../lib/terminology';
import { useInsiderRegister, useSoundingOptions } from '../api/market-soundings';
import { RegisterTable } from '../components/register-table';
import { marketSoundingPaths } from '../paths';

const idOf = (value: string | null) => (value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined);

/**
 * /admin/insider-register (spec §2.1, UK MAR Art. 11): every acceptance of a market sounding, newest
 * first: who, which deal, when, with what wording and their answer. Filtered by sounding.
 */
export function InsiderRegisterPage() {
  const terms = useTerminology();
  const [search, setSearch] = useSearchParams();
  const soundingId = idOf(search.get('sounding_id'));
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  const register = useInsiderRegister({ soundingId, page });
  const soundings = useSoundingOptions();

  const change = (key: string, value: string | undefined) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined || value === '') next.delete(key);
        else next.set(key, value);
        if (key !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  const options = (soundings.data ?? []).map((sounding) => ({
    value: String(sounding.id),
    label: `${sounding.subject.name}, sent ${formatDate(sounding.created_at)}`,
  }));
  // A sounding named in the address stays selectable before the options arrive.
  if (soundingId !== undefined && !options.some((option) => option.value === String(soundingId)))
    options.unshift({ value: String(soundingId), label: `Sounding #${soundingId}` });

  return (
    <Stack gap={0}>
      <PageHeader
        title={terms.insider_register}
        description="Investors who accepted inside information in a market sounding: who, which deal, when, the wording and their answer."
        actions={
          <Button
            component={Link}
            to={marketSoundingPaths.list}
            variant="default"
            leftSection={<IconSpeakerphone size={16} aria-hidden />}
          >
            Market soundings
          </Button>
        }
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="md">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <Select
              label="Sounding"
              placeholder="Every sounding"
              clearable
              searchable
              data={options}
              value={soundingId === undefined ? null : String(soundingId)}
              onChange={(value) => change('sounding_id', value ?? undefined)}
              miw={280}
            />
          </Group>
          {register.isError ? (
            <ListLoadError error={register.error} />
          ) : (
            <>
              <RegisterTable
                entries={register.data?.data}
                loading={register.isFetching}
                empty={
                  <ListEmptyState
                    plural="acceptances"
                    filtered={soundingId !== undefined}
                    onClearFilters={() => setSearch(new URLSearchParams())}
                    description="An investor who accepts a market sounding is recorded here, with the wording they accepted."
                    icon={<IconListDetails size={28} aria-hidden />}
                  />
                }
              />
              <ListPagination
                meta={register.data?.meta}
                onPageChange={(next) => change('page', String(next))}
                noun={{ one: 'acceptance', many: 'acceptances' }}
              />
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
