import {
  opportunityStatusTerm,
  type OpportunityStatus,
  type Terminology,
} from '@portico/contracts/constants';

/** A status as this deployment names it. */
export const statusLabel = (terminology: Terminology, status: OpportunityStatus) =>
  terminology[opportunityStatusTerm(status)];

/** The badge's colour for each status. */
export const STATUS_COLOURS: Record<OpportunityStatus, string> = {
  1: 'gray',
  2: 'green',
  3: 'teal',
  4: 'orange',
  5: 'blue',
  6: 'violet',
};

/** What a move to each status means, said before it is made. */
export const STATUS_MEANINGS: Record<OpportunityStatus, string> = {
  1: 'Back to a draft: investors no longer see it.',
  2: 'Every eligible investor will see it and can invest.',
  3: 'Only invited investors and client groups will see it; those invited are notified now.',
  4: 'No new commitments: what investors have committed is collected.',
  5: 'Shares are issued: it becomes an existing investment in the investors’ portfolios.',
  6: 'The company has exited: the investment is matured.',
};
