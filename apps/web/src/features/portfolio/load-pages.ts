// The portfolio's two pages in one chunk, loaded when an investor first opens either.
export { HoldingPage } from './pages/holding-page';
export { PortfolioPage } from './pages/portfolio-page';
