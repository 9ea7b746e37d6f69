export * from './schemas';
export * from './discount-code';
export * from './check-form';
