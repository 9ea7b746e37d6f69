// Outbox payloads in the shapes of PURCHASE.md's interface, as the purchase issue's SQL will queue them.

export const orderPayload = (customerEmail: string) => ({
  orderId: '6f1c2a9e-0000-4000-8000-000000000001',
  orderNumber: '2026-0042',
  invoiceNumber: 'INV-2026-0042',
  createdAt: '2026-11-28T10:00:00Z',
  lines: [
    { title: 'Smart Website', priceCents: 89900 },
    { title: 'AI Chatbot', priceCents: 129900 },
  ],
  subtotalCents: 219800,
  discountPercent: 10,
  discountCents: 21980,
  totalCents: 197820,
  vatRatePercent: 19,
  vatCents: 31585,
  billing: {
    name: 'Ada Lovelace',
    company: 'Engines Ltd',
    address: '1 Analytical Way\nLondon',
    country: 'United Kingdom',
    vatNumber: null,
  },
  dueDate: '2026-12-12',
  invoiceUrl: 'http://localhost:3000/account/orders/6f1c2a9e/invoice',
  bookKickoffUrl: 'http://localhost:3000/contact',
  customerEmail,
});

export const bookingPayload = {
  meetingId: '3b9f0c1d-0000-4000-8000-000000000002',
  meetingType: 'Discovery Call',
  startsAt: '2026-12-03T09:30:00Z',
  endsAt: '2026-12-03T10:00:00Z',
  timeZone: 'Europe/Berlin',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  note: 'About an order-status chatbot',
  confirmUrl: 'http://localhost:3000/contact/confirm?token=abc',
  manageUrl: 'http://localhost:3000/contact/manage?token=def',
  holdExpiresAt: '2026-11-28T10:30:00Z',
};

export const callPayload = {
  meetingId: '3b9f0c1d-0000-4000-8000-000000000002',
  meetingType: 'Discovery Call',
  startsAt: '2026-12-03T09:30:00Z',
  endsAt: '2026-12-03T10:00:00Z',
  name: 'Grace Hopper',
  email: 'grace@example.com',
};

/** The company as private.seller() gives it (the purchase issue's private.company_details, its demo values). */
export const seller = {
  name: 'AI Made Simple',
  legalName: 'AI Made Simple GmbH',
  address: { street: 'Musterstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  managingDirectors: ['Lena Hoffmann', 'Marco Rossi'],
  register: { court: 'Amtsgericht Berlin-Charlottenburg', number: 'HRB 000000 B' },
  vatId: 'DE000000000',
  email: { contact: 'hello@shop.example.com', billing: 'billing@shop.example.com' },
  bank: { name: 'Commerzbank', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  vat: { ratePercent: 19, pricesIncludeVat: true },
  paymentTermDays: 14,
  timeZone: 'Europe/Berlin',
};
