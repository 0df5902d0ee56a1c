import { z } from 'zod';

/**
 * Laravel-style validation messages. Schemas produce templates holding ":attribute"; the formatter
 * replaces it with the field's human name, so the same schema gives the same words on both sides.
 */
type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'an array',
  object: 'an object',
  date: 'a valid date',
};

function sizeUnit(origin: unknown): string {
  if (origin === 'string') return ' characters';
  if (origin === 'array' || origin === 'set') return ' items';
  return '';
}

export function laravelMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return 'The :attribute field is required.';
      return `The :attribute field must be ${TYPE_NAMES[issue.expected] ?? `a valid ${issue.expected}`}.`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string' && min <= 1) return 'The :attribute field is required.';
      if (issue.origin === 'array' && min <= 1) return 'The :attribute field must have at least one item.';
      return `The :attribute field must be at least ${min}${sizeUnit(issue.origin)}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'array') return `The :attribute field must not have more than ${max} items.`;
      return `The :attribute field must not be greater than ${max}${sizeUnit(issue.origin)}.`;
    }
    case 'invalid_format':
      if (issue.format === 'email') return 'The :attribute field must be a valid email address.';
      if (issue.format === 'url') return 'The :attribute field must be a valid URL.';
      if (issue.format === 'datetime' || issue.format === 'date')
        return 'The :attribute field must be a valid date.';
      return 'The :attribute field format is invalid.';
    case 'invalid_value':
    case 'invalid_union':
      return 'The selected :attribute is invalid.';
    case 'unrecognized_keys':
      return `The :attribute field has unknown keys: ${issue.keys.join(', ')}.`;
    default:
      return 'The :attribute field is invalid.';
  }
}

z.config({ customError: (issue) => laravelMessage(issue) });

/**
 * A field's name as its form labels it, where the key's words are not that label: "ni_number" is the
 * "National Insurance number", "user_id" the "investor". Written as they read inside a sentence ("The
 * date of birth field is required."), so lower case but for names and initials. Every key of the main
 * forms (investor, organisation, opportunity, manual investment, payment, profile, onboarding) whose words
 * differ from its label is here (validation.test.ts checks the forms' keys against it); a key whose words
 * are its label ("first_name": "first name") needs no entry.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  // people: investors, contacts, the investor's own profile, onboarding
  ni_number: 'National Insurance number',
  utr: 'UTR',
  dob: 'date of birth',
  lead_status_id: 'lead status',
  owner_id: 'owner',
  adviser_id: 'adviser',
  client_group_id: 'client group',
  organisation_id: 'organisation',
  contact_id: 'contact',
  assignee_id: 'assignee',
  role_id: 'role',
  signer_name: 'full name',
  typed: 'signature',
  address_line_1: 'address line 1',
  address_line_2: 'address line 2',
  city: 'town or city',
  // bank details (an investor's own account and an opportunity's)
  bank_account_name: 'account name',
  bank_sort_code: 'sort code',
  bank_account_number: 'account number',
  bank_iban: 'IBAN',
  bank_swift: 'SWIFT/BIC',
  // organisations
  proposed_name: 'organisation name',
  proposed_type: 'type',
  fca_number: 'FCA number',
  // opportunities
  company_name: 'company',
  target_amount: 'target raise',
  maximum_amount: 'maximum raise',
  investment_type_id: 'investment type',
  investment_sub_type_id: 'investment sub-type',
  industry_id: 'industry',
  investment_category_id: 'investment category',
  investment_character_id: 'investment character',
  existing_investment_id: 'existing investment',
  pre_emption_of_id: 'existing investment',
  ends_on: 'end of the pre-emption window',
  terms_url: 'terms URL',
  risk_warning_text: 'risk summary',
  // manual investments, payments, refunds, cash calls
  user_id: 'investor',
  opportunity_id: 'opportunity',
  fund_id: 'fund',
  investment_id: 'investment',
  investment_ids: 'investments',
  invested_on: 'date invested',
  received_on: 'date received',
  refunded_on: 'date refunded',
  allotted_on: 'allotment date',
  reference: 'payment reference',
  // share prices and holdings
  price: 'price per share',
  effective_on: 'date',
  occurred_on: 'date',
  period: 'period ending',
  kpi_category_id: 'category',
  // memberships
  plan_name: 'plan',
  started_at: 'start date',
  renews_at: 'renewal date',
  // pipelines and deals
  pipeline_id: 'pipeline',
  stage_id: 'stage',
  duration_minutes: 'duration in minutes',
  due_at: 'due date',
  occurred_at: 'date',
  logo_alt: 'logo alternative text',
  compliance_tries: 'allowed tries',
};

/** "ni_number" → "National Insurance number" (FIELD_LABELS), "password_confirmation" → "password confirmation"; "items.2.name" → "name". */
export function attributeName(path: readonly PropertyKey[]): string {
  const named = [...path].reverse().find((segment) => typeof segment === 'string' && !/^\d+$/.test(segment));
  if (typeof named !== 'string') return 'value';
  return FIELD_LABELS[named] ?? named.replace(/_/g, ' ');
}

export type FieldErrors = Record<string, string[]>;

export interface ValidationErrorBody {
  message: string;
  errors: FieldErrors;
}

/** The 422 body of API-CONTRACT.md §1.4. */
export function validationBody(errors: FieldErrors): ValidationErrorBody {
  const messages = Object.values(errors).flat();
  const first = messages[0] ?? 'The given data was invalid.';
  const more = messages.length - 1;
  const suffix = more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : '';
  return { message: first + suffix, errors };
}

export function fieldErrorsFromZod(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    const message = issue.message.replaceAll(':attribute', attributeName(issue.path));
    (errors[field] ??= []).push(message);
  }
  return errors;
}

/** For the web forms: the first message per field, keyed as Mantine's form expects. */
export function firstFieldErrors(errors: FieldErrors): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).flatMap(([field, messages]) => (messages[0] ? [[field, messages[0]]] : [])),
  );
}
