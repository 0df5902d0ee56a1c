import type { Holding, ReserveAllocationInput } from '../api/investing-schemas';

/** A holding option as a search parameter: "self", "organisation:12", "investment_method:3", "nominee:5". */
export function holdingParam(holding: Holding): string {
  return holding.type === 'self' || holding.id == null ? 'self' : `${holding.type}:${holding.id}`;
}

/** The chosen option among those the server offers (the first, "self", when the parameter names none). */
export function chosenHolding(options: readonly Holding[], param: string | null): Holding | undefined {
  return options.find((option) => holdingParam(option) === param) ?? options[0];
}

/** How a holding reads in a sentence. */
export function holdingLabel(holding: Holding): string {
  switch (holding.type) {
    case 'self':
      return 'In my own name';
    case 'organisation':
      return `Through ${holding.name ?? 'my organisation'}`;
    case 'investment_method':
      return `Through ${holding.name ?? 'my investment method'}`;
    case 'nominee':
      return `Through the nominee ${holding.name ?? ''}`.trim();
  }
}

/** The holding as POST /api/investments names it. */
export function holdingInput(holding: Holding): ReserveAllocationInput['holding'] {
  const id = holding.id ?? 0;
  switch (holding.type) {
    case 'self':
      return { type: 'self' };
    case 'organisation':
      return { type: 'organisation', organisation_id: id };
    case 'investment_method':
      return { type: 'investment_method', investment_method_entity_id: id };
    case 'nominee':
      return { type: 'nominee', nominee_id: id };
  }
}
