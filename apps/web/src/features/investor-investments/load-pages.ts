/** The investing pages, one hop away from the investor's first page (it is at its bundle budget). */
export const loadInvestingPages = () => import('./pages');

/**
 * The investments list alone, for its own route: the investor's second first page (issue 22's budget)
 * does not load the opportunity, investor-type and amount pages until one of them opens.
 */
export const loadInvestmentsPage = () => import('./pages/investments-page');
