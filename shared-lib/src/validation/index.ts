export * from './schemas';
export * from './discount-code';
