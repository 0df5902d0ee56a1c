import type { FeatureKey, InvestmentArea, Resource, SubjectType } from '@portico/contracts';
import type { DbOrTx } from '../../db/client';

/** What the shared record parts (documents, notes, calls, tasks, activity) need to know of a record type. */
export interface SubjectDefinition {
  type: SubjectType;
  /**
   * the record, or undefined when there is none (a 404); `area` when the record's investment area
   * depends on the record (an opportunity is an existing investment from stage 5)
   */
  find(
    db: DbOrTx,
    id: number,
  ): Promise<{ id: number; name: string; email: string | null; area?: InvestmentArea } | undefined>;
  /** the admin page of a record */
  adminUrl(id: number): string;
  /** its notes, calls and tasks tab (task notifications open it) */
  notesUrl(id: number): string;
  /** the routes of this record type answer 404 while the feature is off */
  feature?: FeatureKey;
  /** the permission resource guarding its documents, notes, calls, tasks and activity; `investors` if absent */
  resource?: Resource;
  /** an investment record: its notes, calls and tasks follow the investment-tab rules of spec §6 */
  area?: InvestmentArea;
}

/** Every record type, registered by its module when the app is wired. */
export function createSubjectRegistry() {
  const definitions = new Map<SubjectType, SubjectDefinition>();
  return {
    register(definition: SubjectDefinition) {
      definitions.set(definition.type, definition);
    },
    get(type: SubjectType): SubjectDefinition {
      const definition = definitions.get(type);
      if (!definition) throw new Error(`no subject definition for ${type}`);
      return definition;
    },
    all: () => [...definitions.values()],
  };
}

export type SubjectRegistry = ReturnType<typeof createSubjectRegistry>;
