/** A multiple as staff read it: "2.01x", or a dash with no cost to divide by. */
export const formatMultiple = (multiple: string | null | undefined) =>
  multiple === null || multiple === undefined ? '—' : `${multiple}x`;
