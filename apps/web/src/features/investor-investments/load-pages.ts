/** The investing pages, one hop away from the investor's first page (it is at its bundle budget). */
export const loadInvestingPages = () => import('./pages');
