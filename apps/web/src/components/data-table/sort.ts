/** A list sort in the spatie grammar: "name" ascending, "-name" descending. */
export interface SortState {
  readonly name: string;
  readonly descending: boolean;
}

export function parseSort(sort: string | undefined): SortState | undefined {
  if (!sort) return undefined;
  const first = sort.split(',')[0]?.trim();
  if (!first) return undefined;
  return { name: first.replace(/^-/, ''), descending: first.startsWith('-') };
}

/** Clicking a header sorts by it ascending, then toggles the direction. */
export function nextSort(current: string | undefined, name: string): string {
  const state = parseSort(current);
  if (state?.name !== name) return name;
  return state.descending ? name : `-${name}`;
}
