// The insider register's and the market soundings' admin pages in one chunk, loaded when staff first open one.
export { InsiderRegisterPage } from './pages/insider-register-page';
export { MarketSoundingDetailsPage } from './pages/market-sounding-details-page';
export { MarketSoundingsListPage } from './pages/market-soundings-list-page';
export { NewMarketSoundingPage } from './pages/new-market-sounding-page';
