import { notifications } from '@mantine/notifications';
import type { Opportunity, UpdateOpportunityInput } from '@portico/contracts';
import { Fragment } from 'react';
import { OpportunityForm } from './opportunity-form';

interface OpportunityDetailsFormProps {
  opportunity: Opportunity;
  canEdit: boolean;
  submit: (input: { id: number; changes: UpdateOpportunityInput }) => Promise<Opportunity>;
  /** after saving or cancelling (the details page closes its form) */
  onDone?: () => void;
}

/** An opportunity's details form, reset by each fresh load; saving stays on the page. */
export function OpportunityDetailsForm({
  opportunity,
  canEdit,
  submit,
  onDone,
}: OpportunityDetailsFormProps) {
  return (
    <Fragment key={opportunity.updated_at}>
      <OpportunityForm
        opportunity={opportunity}
        readOnly={!canEdit}
        submit={(changes) => submit({ id: opportunity.id, changes })}
        onCancel={() => onDone?.()}
        onSaved={(saved) => {
          notifications.show({
            color: 'success',
            title: 'Changes saved',
            message: `${saved.name} is up to date.`,
          });
          onDone?.();
        }}
      />
    </Fragment>
  );
}
