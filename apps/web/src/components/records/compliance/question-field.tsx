import { Checkbox, NumberInput, Radio, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { Answers, Question } from '@portico/contracts';
import { CountrySelect } from '../../form/country-select';

/** A choice among this many options or fewer is a set of radio buttons; more is a select. */
const RADIO_LIMIT = 6;

/** What an unanswered question holds in the form. */
export function blankAnswer(question: Question): unknown {
  switch (question.kind) {
    case 'multi_choice':
      return [];
    case 'boolean':
    case 'confirm':
      return null;
    default:
      return '';
  }
}

const today = () => new Date().toISOString().slice(0, 10);

interface QuestionFieldProps {
  question: Question;
  form: UseFormReturnType<Answers>;
}

/**
 * One question of a structured form (registration form, fact find, risk profile, declarations) as the
 * Mantine input for its kind, bound to the form under the question's key.
 */
export function QuestionField({ question, form }: QuestionFieldProps) {
  const { key, label, help, required } = question;
  const props = form.getInputProps(key);
  const error = props.error as string | undefined;
  // A long form mixes required and optional questions: every input marks the required ones alike.
  const common = { label, description: help, required, withAsterisk: required, error };
  const options = question.options ?? [];

  switch (question.kind) {
    case 'text':
    case 'email':
    case 'phone':
      return (
        <TextInput
          {...props}
          {...common}
          type={question.kind === 'text' ? 'text' : question.kind === 'email' ? 'email' : 'tel'}
          maxLength={question.max}
          value={(props.value as string | undefined) ?? ''}
        />
      );
    case 'textarea':
      return (
        <Textarea
          {...props}
          {...common}
          autosize
          minRows={3}
          maxRows={10}
          maxLength={question.max}
          value={(props.value as string | undefined) ?? ''}
        />
      );
    case 'date':
      return (
        <TextInput
          {...props}
          {...common}
          type="date"
          max={question.within_months !== undefined ? today() : undefined}
          value={(props.value as string | undefined) ?? ''}
        />
      );
    case 'country':
      return (
        <CountrySelect
          {...common}
          value={props.value as string | undefined}
          onChange={(code) => form.setFieldValue(key, code)}
          onBlur={props.onBlur as () => void}
          clearable={!required}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...props}
          {...common}
          min={question.min}
          max={question.max}
          allowDecimal={!question.integer}
          thousandSeparator=","
          value={(props.value as number | string | undefined) ?? ''}
        />
      );
    case 'boolean': {
      const value = form.getValues()[key];
      return (
        <Radio.Group
          {...common}
          value={value === true ? 'yes' : value === false ? 'no' : ''}
          onChange={(chosen) => form.setFieldValue(key, chosen === 'yes')}
        >
          <SimpleGrid cols={2} maw={240} mt={6}>
            <Radio value="yes" label="Yes" />
            <Radio value="no" label="No" />
          </SimpleGrid>
        </Radio.Group>
      );
    }
    case 'confirm':
      return (
        <Checkbox
          label={label}
          description={help}
          error={error}
          checked={form.getValues()[key] === true}
          // Unticked is unanswered, so the required check says what to do.
          onChange={(event) => form.setFieldValue(key, event.currentTarget.checked ? true : null)}
        />
      );
    case 'single_choice': {
      const value = (form.getValues()[key] as string | null | undefined) || null;
      if (options.length > RADIO_LIMIT)
        return (
          <Select
            {...common}
            data={options.map((option) => ({ value: option.value, label: option.label }))}
            value={value}
            onChange={(chosen) => form.setFieldValue(key, chosen ?? '')}
            onBlur={props.onBlur as () => void}
            clearable={!required}
            searchable
            placeholder="Choose one"
            comboboxProps={{ withinPortal: true }}
          />
        );
      return (
        <Radio.Group {...common} value={value ?? ''} onChange={(chosen) => form.setFieldValue(key, chosen)}>
          <Stack gap={8} mt={6}>
            {options.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
      );
    }
    case 'multi_choice': {
      const value = form.getValues()[key];
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(chosen) => form.setFieldValue(key, chosen)}
        >
          <Stack gap={8} mt={6}>
            {options.map((option) => (
              <Checkbox key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
  }
}
