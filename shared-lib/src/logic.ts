// Pure logic: no React, no Supabase. Unit-tested in each folder's __tests__. The service catalogue (with its
// page copy) is the separate entry point 'shared-lib/catalogue', loaded with the pages and widgets that show it.
export * from './pricing';
export * from './format';
export * from './orders/order-status';
// The form schemas (and zod with them) are a separate entry point, 'shared-lib/validation', imported only by the
// pages with forms; the discount-code helpers have no dependencies and stay here.
export * from './validation/discount-code';
