import { Button, Divider, EmptyState, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  QUESTIONNAIRE_QUESTIONS,
  QUESTIONNAIRE_TITLES,
  type QuestionnaireForm as FormName,
} from '@portico/contracts';
import { IconClipboardList, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useQuestionnaire } from '../../../lib/records/get-questionnaire';
import type { RecordRef } from '../../../lib/records/record-keys';
import { useRecordPermissions } from '../../../lib/records/record-permissions';
import { useSaveQuestionnaire } from '../../../lib/records/save-questionnaire';
import { RecordSection } from '../record-section';
import { LoadError } from './load-error';
import { QuestionAnswers } from './question-answers';
import { QuestionnaireForm } from './questionnaire-form';
import { changeSummary, QuestionnaireHistory, savedBy } from './questionnaire-history';
import { RiskScore } from './risk-score';

const DESCRIPTIONS: Record<FormName, string> = {
  registration_form: 'Who they are, where they live, what they do and where their money comes from.',
  fact_find: 'Their financial situation, objectives and existing investments.',
  risk_profile: 'Their appetite for risk, scored from their answers.',
};

interface QuestionnairePanelProps {
  /** the subject's API path: /api/investors/7, /api/contacts/3 (or /api/profile for the investor's own) */
  subjectPath: string;
  form: FormName;
  /** the record whose activity timeline a save adds to */
  record?: RecordRef;
  /** whether this user may change the answers; by default, staff with investors:update */
  editable?: boolean;
}

/**
 * A registration form, fact find or risk profile (spec §2.1; DOMAIN.md, Compliance): the current
 * answers read-only, an Edit mode with the contract's questions, and every earlier version with who
 * saved it and when. Each save is kept as a new version.
 */
export function QuestionnairePanel({ subjectPath, form, record, editable }: QuestionnairePanelProps) {
  const permissions = useRecordPermissions();
  const mayEdit = editable ?? permissions.update;
  const { data, isPending, isError, error, refetch, isFetching } = useQuestionnaire(subjectPath, form);
  const save = useSaveQuestionnaire(subjectPath, form, record);
  const [editing, setEditing] = useState(false);
  const questions = QUESTIONNAIRE_QUESTIONS[form];
  const title = QUESTIONNAIRE_TITLES[form];
  const named = title.toLowerCase();
  const current = data?.current ?? null;

  const body = () => {
    if (isError)
      return (
        <LoadError what={`The ${named}`} error={error} retry={() => void refetch()} retrying={isFetching} />
      );
    if (isPending)
      return (
        <Stack gap="sm" aria-label="Loading" aria-busy>
          <Skeleton height={18} width="40%" />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      );
    if (editing)
      return (
        <QuestionnaireForm
          form={form}
          initial={current?.answers ?? {}}
          submit={(answers) => save.mutateAsync(answers)}
          onCancel={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notifications.show({
              color: 'success',
              title: `${title} saved`,
              message: 'The answers were saved as a new version; the earlier ones are kept.',
            });
          }}
        />
      );
    if (!current)
      return (
        <EmptyState
          icon={<IconClipboardList size={28} aria-hidden />}
          title="Not filled in yet"
          description={
            mayEdit
              ? `No ${named} has been saved. Fill it in from what they told you.`
              : `No ${named} has been saved.`
          }
          withIndicatorBackground
          size="sm"
        >
          {mayEdit && (
            <EmptyState.Actions>
              <Button size="xs" variant="light" onClick={() => setEditing(true)}>
                Fill in the {named}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      );
    return (
      <Stack gap="lg">
        {current.score !== null && <RiskScore score={current.score} band={current.risk_band} />}
        <QuestionAnswers questions={questions} answers={current.answers} />
        <Divider />
        <QuestionnaireHistory questions={questions} history={data?.history ?? []} />
      </Stack>
    );
  };

  return (
    <RecordSection
      title={editing ? `Edit the ${named}` : title}
      description={
        current && !editing
          ? `Saved ${savedBy(current)} · ${changeSummary(questions, current, data?.history[0])}`
          : DESCRIPTIONS[form]
      }
      actions={
        mayEdit &&
        current &&
        !editing && (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Edit answers
          </Button>
        )
      }
    >
      {body()}
    </RecordSection>
  );
}
