/**
 * The profile views, one hop away: the first page's JavaScript lists what each lazy import preloads, and
 * this module has no dependencies to list; its own import lists the pages' many chunks instead.
 */
export const loadProfilePages = () => import('./pages');

/** The shell's categorisation reminder, re-confirmation and pop-ups, loaded the same way. */
export const loadCategorisationGate = () => import('./components/categorisation-gate');
