export * from './funds';
export * from './fund-money';
