export * from './fund-companies';
