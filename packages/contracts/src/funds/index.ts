export * from './funds';
