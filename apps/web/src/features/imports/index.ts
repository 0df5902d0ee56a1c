/**
 * The imports feature's public face: list pages (investors, contacts) place its button; the wizard,
 * its steps and its API stay inside the feature.
 */
export { ImportButton } from './components/import-button';
