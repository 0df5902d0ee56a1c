import { Alert, Group, Loader, Modal, Stack, Stepper, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Import, ImportKind } from '@portico/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { isApiError } from '../../../lib/api-error';
import { inSentence, useTerminology } from '../../../lib/terminology';
import { MODAL_SIZES } from '../../../theme/theme';
import { contactKeys } from '../../contacts/api/contact-keys';
import { investorKeys } from '../../investors/api/investor-keys';
import { overviewKeys } from '../../overview/api/overview-keys';
import { isFinished, useImport } from '../api/get-import';
import { importKeys } from '../api/import-keys';
import { ImportFileStep } from './import-file-step';
import { ImportMappingStep } from './import-mapping-step';
import { ImportPreviewStep } from './import-preview-step';
import { ImportRunStep } from './import-run-step';

const STEPS = [
  { label: 'File', heading: 'Choose a file' },
  { label: 'Columns', heading: 'Match the columns' },
  { label: 'Preview', heading: 'Check the rows' },
  { label: 'Import', heading: 'Import' },
] as const;
type Step = 0 | 1 | 2 | 3;

/** Where an existing import picks up: mapped but never run, or its progress and summary. */
const stepOf = (item: Import): Step => (item.status === 'preview' ? 1 : 3);

/** Every list an import can change: its own, and contacts linked to investors by email (DOMAIN.md). */
const CHANGED_LISTS = [investorKeys.all, contactKeys.all, overviewKeys.all] as const;

interface ImportWizardProps {
  kind: ImportKind;
  opened: boolean;
  onClose: () => void;
}

/** Upload a CSV or Excel file, match its columns, preview the rows, then import them with progress. */
export function ImportWizard({ kind, opened, onClose }: ImportWizardProps) {
  const terminology = useTerminology();
  const small = useMediaQuery('(max-width: 48em)');
  const [busy, setBusy] = useState(false);
  const noun = kind === 'investors' ? inSentence(terminology.investors) : 'contacts';
  // Closing is refused only while the browser is doing work that closing would cancel: an upload
  // (which has its own "Cancel upload") or the request that starts the run. A running import carries
  // on on the server and is reopened from the recent imports, so the window may close then.
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={`Import ${noun}`}
      size={MODAL_SIZES.wide}
      fullScreen={small}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      closeButtonProps={{ 'aria-label': 'Close the import', disabled: busy }}
    >
      <ImportWizardSteps kind={kind} onClose={onClose} onBusyChange={setBusy} />
    </Modal>
  );
}

interface ImportWizardStepsProps {
  kind: ImportKind;
  onClose: () => void;
  onBusyChange: (busy: boolean) => void;
}

/** The wizard's state lives here, inside the modal: closing it starts the next import afresh. */
function ImportWizardSteps({ kind, onClose, onBusyChange }: ImportWizardStepsProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>(0);
  const [importId, setImportId] = useState<number | null>(null);
  const current = useImport(importId);
  const item = current.data;
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const refreshed = useRef<number | null>(null);

  const go = useCallback((next: Step, id?: number) => {
    moved.current = true;
    if (id !== undefined) setImportId(id);
    setStep(next);
  }, []);

  // Each step starts at its heading, so keyboard and screen reader users hear where they are.
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  // Once an import has finished, the lists it changed are read again (once per import).
  const finished = item !== undefined && isFinished(item);
  useEffect(() => {
    if (!finished || importId === null || refreshed.current === importId) return;
    refreshed.current = importId;
    for (const key of CHANGED_LISTS) void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: importKeys.list() });
  }, [finished, importId, queryClient]);

  const restart = () => {
    onBusyChange(false);
    setImportId(null);
    go(0);
  };

  let body: ReactNode;
  if (step === 0) {
    body = (
      <ImportFileStep
        kind={kind}
        onBusyChange={onBusyChange}
        onUploaded={(created) => go(1, created.id)}
        onResume={(earlier) => {
          queryClient.setQueryData(importKeys.detail(earlier.id), earlier);
          go(stepOf(earlier), earlier.id);
        }}
      />
    );
  } else if (!item) {
    body = current.isError ? (
      <Alert color="danger" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
        The import could not be loaded.{' '}
        {isApiError(current.error) && !current.error.unanswered ? current.error.message : 'Please try again.'}
      </Alert>
    ) : (
      <Group gap="sm" role="status" justify="center" py="xl">
        <Loader size="sm" aria-hidden />
        <Text size="sm">Loading the import…</Text>
      </Group>
    );
  } else if (step === 1) {
    body = (
      <ImportMappingStep key={item.id} item={item} onBack={restart} onMapped={(mapped) => go(2, mapped.id)} />
    );
  } else if (step === 2) {
    body = (
      <ImportPreviewStep
        key={item.id}
        item={item}
        onBusyChange={onBusyChange}
        onBack={() => go(1)}
        onStarted={(started) => go(3, started.id)}
      />
    );
  } else {
    body = <ImportRunStep item={item} onAnother={restart} onClose={onClose} />;
  }

  return (
    <Stack gap="lg">
      <Stepper active={step} size="sm" allowNextStepsSelect={false} aria-label="Import steps">
        {STEPS.map((entry, index) => (
          <Stepper.Step
            key={entry.label}
            label={entry.label}
            allowStepSelect={false}
            aria-current={index === step ? 'step' : undefined}
          />
        ))}
      </Stepper>
      <Title order={3} fz="lg" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {STEPS[step].heading}
        {step > 0 && item ? `: ${item.file_name}` : ''}
      </Title>
      {body}
    </Stack>
  );
}
