export * from './schemas';
export * from './discount-code';
export * from './password-rules';
