// Pure logic: no React, no Supabase. Unit-tested in each folder's __tests__.
export * from './catalogue';
export * from './pricing';
export * from './format';
export * from './validation';
