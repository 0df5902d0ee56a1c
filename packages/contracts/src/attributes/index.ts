export * from './classifications';
export * from './kpis';
export * from './custom-attributes';
