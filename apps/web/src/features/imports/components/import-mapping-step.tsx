import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IMPORT_FIELDS, type Import } from '@portico/contracts';
import { useRef, useState } from 'react';
import { FormError } from '../../../components/form/form-error';
import { submitFailure } from '../../../components/form/server-errors';
import { useUpdateImportMapping } from '../api/update-import-mapping';

interface ImportMappingStepProps {
  item: Import;
  onBack: () => void;
  onMapped: (item: Import) => void;
}

type Mapping = Record<string, string | null>;

const REQUIRED_MESSAGE = 'Choose the column that holds this field.';

/** Step 2: each field the import can fill, with the file's column that holds it (suggested by the server). */
export function ImportMappingStep({ item, onBack, onMapped }: ImportMappingStepProps) {
  const fields = IMPORT_FIELDS[item.kind];
  const save = useUpdateImportMapping();
  const [mapping, setMapping] = useState<Mapping>(() =>
    Object.fromEntries(
      fields.map((field) => {
        const heading = item.mapping[field.key];
        return [field.key, heading !== undefined && item.headers.includes(heading) ? heading : null];
      }),
    ),
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const selects = useRef<Record<string, HTMLInputElement | null>>({});

  const missing = fields.filter((field) => field.required && !mapping[field.key]).map((field) => field.key);
  const errors: Record<string, string> = { ...serverErrors };
  if (tried) for (const key of missing) errors[key] ??= REQUIRED_MESSAGE;
  const used = new Set(Object.values(mapping).filter((heading): heading is string => heading !== null));
  const unused = item.headers.filter((heading) => !used.has(heading));

  const change = (key: string, heading: string | null) => {
    setMapping((current) => ({ ...current, [key]: heading }));
    setServerErrors((current) => {
      const next = { ...current };
      delete next[key];
      return next;
    });
    setFormError(null);
  };

  const next = async () => {
    setTried(true);
    if (missing.length > 0) {
      setFormError(
        missing.length === 1
          ? 'Choose a column for the required field marked below.'
          : `Choose a column for the ${missing.length} required fields marked below.`,
      );
      selects.current[missing[0] ?? '']?.focus();
      return;
    }
    setFormError(null);
    const chosen = Object.fromEntries(
      Object.entries(mapping).filter((entry): entry is [string, string] => entry[1] !== null),
    );
    try {
      onMapped(await save.mutateAsync({ id: item.id, mapping: chosen }));
    } catch (error) {
      // The server names each field `mapping.{field}`.
      const failure = submitFailure(
        error,
        fields.map((field) => `mapping.${field.key}`),
      );
      setServerErrors(
        Object.fromEntries(
          Object.entries(failure.fieldErrors).map(([key, message]) => [
            key.replace(/^mapping\./, ''),
            message,
          ]),
        ),
      );
      setFormError(failure.formError);
      const first = Object.keys(failure.fieldErrors)[0]?.replace(/^mapping\./, '');
      if (first) selects.current[first]?.focus();
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        Choose the column of <strong>{item.file_name}</strong> that holds each field. Columns with a familiar
        heading are already chosen. Fields marked with an asterisk (*) are required; a field left empty is not
        imported.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        {fields.map((field) => (
          <Select
            key={field.key}
            ref={(element) => {
              selects.current[field.key] = element;
            }}
            label={field.label}
            withAsterisk={field.required}
            aria-required={field.required}
            placeholder={field.required ? 'Choose a column' : 'Not imported'}
            data={item.headers}
            value={mapping[field.key] ?? null}
            onChange={(heading) => change(field.key, heading)}
            clearable={!field.required}
            searchable
            nothingFoundMessage="No column with that heading"
            error={errors[field.key]}
            disabled={save.isPending}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      {unused.length > 0 && (
        <Text size="sm" c="dimmed">
          Not imported: {unused.join(', ')}.
        </Text>
      )}
      <FormError message={formError} />
      <Group justify="space-between" gap="xs">
        <Button variant="default" onClick={onBack} disabled={save.isPending}>
          Choose another file
        </Button>
        <Button onClick={() => void next()} loading={save.isPending}>
          Preview the rows
        </Button>
      </Group>
    </Stack>
  );
}
