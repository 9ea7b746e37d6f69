// The words of every e-mail the outbox sends (private.email_outbox.template), each from its row's payload (the
// shapes each template's schema below fixes, checked here: a payload that does not fit is refused, never half-sent).
// Every payload may carry `seller`, the company as private.seller() gives it (the purchase issue's
// private.company_details row): the e-mail is then sent in its name, signed with its legal details, and an order's
// payment instructions name its bank account. Without it the e-mail is signed with EMAIL_FROM's name.
import { z } from 'zod';
import type { Email } from './layout.ts';
import { defused, headerText, normalisedText } from './plain-text.ts';

const text = (max = 500) => z.string().trim().min(1).max(max);
const optionalText = (max = 500) => z.string().trim().max(max).nullish();

/** A customer's text by the database's own normalisation (plain-text.ts, rule 1): what it stored always fits. */
const normalised = (multiline: boolean) =>
  z.string().transform((value, context) => {
    const result = normalisedText(value, { multiline });
    if (result.ok) return result.value;
    context.addIssue({ code: 'custom', message: 'must not hold control characters' });
    return z.NEVER;
  });

/** What a customer typed (a name, an address, a note): normalised, then defused so no mail client links it. */
const typed = (max: number, multiline = false) =>
  normalised(multiline).pipe(z.string().min(1).max(max)).transform(defused);
/** The same, optional: absent, null, or only spaces is nothing said. */
const optionalTyped = (max: number, multiline = false) =>
  normalised(multiline)
    .pipe(z.string().max(max))
    .transform((value) => (value === '' ? null : defused(value)))
    .nullish();
const cents = z.number().int();
const url = z
  .string()
  .url()
  .refine((value) => /^https?:\/\//.test(value), 'must be an http(s) URL');
const instant = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'must be a date');
const email = z.string().email().max(255);
const timeZone = z
  .string()
  .refine(
    (zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC',
    'must be a time zone',
  );

/** private.seller(): the parts an e-mail uses (the agency's name, its legal details, its bank account). */
const seller = z.object({
  name: text(200),
  legalName: text(200),
  address: z.object({ street: text(200), postalCode: text(20), city: text(100), country: text(100) }),
  managingDirectors: z.array(text(200)).max(10).optional(),
  register: z.object({ court: text(200), number: text(100) }).optional(),
  vatId: optionalText(20),
  email: z.object({ contact: email.optional() }).optional(),
  bank: z.object({ name: text(200), iban: text(34), bic: text(11) }).optional(),
});
type Seller = z.infer<typeof seller>;

/** private.invoice_figures: what the invoice prints (shared-lib's invoiceFigures computes the same for the page). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');
const figures = z.object({
  lines: z
    .array(
      z.object({
        title: text(200),
        quantity: z.number().int().positive(),
        unitCents: cents,
        netCents: cents,
      }),
    )
    .min(1)
    .max(100),
  discount: z.object({ percent: z.number().min(0).max(100), grossCents: cents, netCents: cents }).nullish(),
  rates: z
    .array(
      z.object({
        ratePercent: z.number().min(0).max(100),
        netCents: cents,
        vatCents: cents,
        grossCents: cents,
      }),
    )
    .min(1)
    .max(10),
  grossCents: cents,
  serviceFrom: isoDate,
  serviceTo: isoDate,
});

/**
 * The example IBAN of the demo company (shared-lib/src/company/example-details.ts, which this function cannot
 * import; local-supabase/test/email-templates.test.ts checks they agree): an e-mail shows it marked "demo".
 */
export const EXAMPLE_IBAN = 'DE89370400440532013000';
const isExampleIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase() === EXAMPLE_IBAN;

const order = z.object({
  orderNumber: text(40),
  invoiceNumber: text(40),
  createdAt: instant,
  lines: z
    .array(z.object({ title: text(200), priceCents: cents }))
    .min(1)
    .max(100),
  subtotalCents: cents,
  discountPercent: z.number().min(0).max(100),
  discountCents: cents,
  totalCents: cents,
  vatRatePercent: z.number().min(0).max(100),
  vatCents: cents,
  /** Absent from e-mails queued before issue #45.2: they show the older rows. */
  figures: figures.optional(),
  billing: z.object({
    name: typed(200),
    company: optionalTyped(200),
    address: typed(1000, true),
    country: text(100),
    vatNumber: optionalText(20),
  }),
  dueDate: instant,
  invoiceUrl: url,
  bookKickoffUrl: url,
  customerEmail: email,
  seller: seller.optional(),
});

const booking = z.object({
  meetingType: text(100),
  startsAt: instant,
  endsAt: instant,
  timeZone,
  name: typed(100),
  email,
  note: optionalTyped(2000, true),
  confirmUrl: url.nullish(),
  manageUrl: url.nullish(),
  holdExpiresAt: instant.nullish(),
  seller: seller.optional(),
});

const call = z.object({
  meetingType: text(100),
  startsAt: instant,
  endsAt: instant,
  /** Optional: without it times are given in UTC. */
  timeZone: timeZone.optional(),
  name: typed(100),
  email,
  seller: seller.optional(),
});

/** A call the agency cancelled in its back office (private.staff_move_call), with its message to the booker. */
const callCancelled = call.omit({ email: true }).extend({
  message: optionalText(2000),
  bookUrl: url,
});

/** A new link to a booking (20261130090000_guest_booking_proof.sql): no name or note, whoever asked. */
const bookingLink = z.object({
  meetingType: text(100),
  startsAt: instant,
  endsAt: instant,
  timeZone,
  email,
  linkUrl: url,
  /** Why it was sent: the address was used to book again, or its account asked to add the booking. */
  reason: z.enum(['already_booked', 'add_to_account']),
  seller: seller.optional(),
});

/**
 * An e-mail the outbox gave up on (private.email_outbox: refused for good, or out of tries), reported to the agency
 * so no order or booking goes unheard of. Only strings it needs, so the report itself always fits.
 */
const deliveryFailed = z.object({
  failedTemplate: z.string().regex(/^[a-z][a-z_]{0,62}$/),
  recipient: z.string().min(1).max(255),
  reason: z.string().max(1000).nullish(),
  /** The outbox row's key: the order or meeting it is for ("order_confirmation:<order id>"). */
  reference: z.string().min(1).max(256),
  seller: seller.optional(),
});

/**
 * An order the agency moved on in its back office (private.order_status_changed, 20261206090000_back_office.sql):
 * paid carries the day the payment arrived; cancelled the credit note, when the order had an invoice to credit.
 */
const orderStatus = z.object({
  orderNumber: text(40),
  name: typed(200),
  totalCents: cents,
  ordersUrl: url,
  seller: seller.optional(),
});
const orderPaid = orderStatus.extend({ paidOn: instant });
const orderCancelled = orderStatus.extend({
  creditNoteNumber: text(40).optional(),
  creditNoteUrl: url.optional(),
});

/** When work starts: the checkout's and the confirmation page's words (shared-lib/src/billing/payment-words.ts). */
const WORK_STARTS = 'Work starts once your payment arrives; results in 7-14 days.';

const newsletterCode = z.object({ name: typed(100), code: text(40), seller: seller.optional() });

// Money and dates as the site shows them (shared-lib's formatCents and long dates): '€1,618.20', 'December 3, 2026'.
const euros = (amount: number) => {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}€${whole}.${String(abs % 100).padStart(2, '0')}`;
};
const day = (iso: string, zone = 'UTC') =>
  new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: zone }).format(
    new Date(iso),
  );
const clock = (iso: string, zone = 'UTC') =>
  new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone })
    .format(new Date(iso))
    .replace(/[\u202f\u00a0]/g, ' ');
const when = (startsAt: string, endsAt: string, zone = 'UTC') =>
  `${day(startsAt, zone)}, ${clock(startsAt, zone)} to ${clock(endsAt, zone)} (${zone.replaceAll('_', ' ')})`;

const countryName = (code: string) =>
  /^[A-Z]{2}$/.test(code) ? (new Intl.DisplayNames('en', { type: 'region' }).of(code) ?? code) : code;

/** The lines under the signature: who the seller is, as the site's imprint names it. */
function imprint(s: Seller): string[] {
  const a = s.address;
  return [
    `${s.legalName}, ${a.street}, ${a.postalCode} ${a.city}, ${countryName(a.country)}`,
    ...(s.managingDirectors?.length ? [`Managing directors: ${s.managingDirectors.join(', ')}`] : []),
    ...(s.register ? [`Commercial register: ${s.register.court}, ${s.register.number}`] : []),
    ...(s.vatId ? [`VAT identification number: ${s.vatId}`] : []),
    ...(s.email?.contact ? [`Email: ${s.email.contact}`] : []),
  ];
}

/** The invoice's figures as its page prints them: service period, lines, discount, net, VAT and gross per rate. */
function figureRows(f: z.infer<typeof figures>): [string, string][] {
  const period =
    f.serviceFrom === f.serviceTo
      ? (['Date of service', day(f.serviceFrom)] as [string, string])
      : (['Service period', `${day(f.serviceFrom)} – ${day(f.serviceTo)}`] as [string, string]);
  return [
    period,
    ...f.lines.map((line): [string, string] => [
      line.title,
      `${line.quantity} × ${euros(line.unitCents)} incl. VAT, net ${euros(line.netCents)}`,
    ]),
    ...(f.discount
      ? [
          [
            `Discount (${f.discount.percent}%, ${euros(f.discount.grossCents)} incl. VAT)`,
            `-${euros(f.discount.netCents)} net`,
          ] as [string, string],
        ]
      : []),
    ...f.rates.flatMap((rate): [string, string][] => [
      [`Net amount at ${rate.ratePercent}% VAT`, euros(rate.netCents)],
      [`VAT ${rate.ratePercent}%`, euros(rate.vatCents)],
    ]),
    ['Total', euros(f.grossCents)],
  ];
}

function orderRows(o: z.infer<typeof order>): [string, string][] {
  if (o.figures) return figureRows(o.figures);
  return [
    ...o.lines.map((line): [string, string] => [line.title, euros(line.priceCents)]),
    ['Subtotal', euros(o.subtotalCents)],
    ...(o.discountCents > 0
      ? [[`Discount (${o.discountPercent}%)`, `-${euros(o.discountCents)}`] as [string, string]]
      : []),
    ['Total', euros(o.totalCents)],
    [`Included VAT (${o.vatRatePercent}%)`, euros(o.vatCents)],
  ];
}

function billingRows(o: z.infer<typeof order>): [string, string][] {
  const b = o.billing;
  return [
    ['Name', b.name],
    ...(b.company ? [['Company', b.company] as [string, string]] : []),
    ['Address', b.address.replace(/\s*\n\s*/g, ', ')],
    ['Country', b.country],
    ...(b.vatNumber ? [['VAT number', b.vatNumber] as [string, string]] : []),
  ];
}

const meetingRows = (m: { meetingType: string; startsAt: string; endsAt: string }, zone?: string) =>
  [
    ['Call', m.meetingType],
    ['When', when(m.startsAt, m.endsAt, zone)],
  ] as [string, string][];

/** Each template as the agency calls it in a report. */
const TEMPLATE_NAMES: Record<string, string> = {
  order_confirmation: 'order confirmation',
  order_agency_copy: "agency's copy of an order",
  booking_receipt: 'booking receipt',
  booking_agency_copy: "agency's copy of a booking",
  booking_cancelled_agency_copy: "agency's notice of a cancelled booking",
  call_confirmed: 'call confirmation',
  call_confirmed_agency_copy: "agency's copy of a call confirmation",
  booking_link: 'booking link',
  newsletter_code: 'discount code',
  order_paid: 'payment receipt',
  order_delivered: 'delivery notice',
  order_cancelled: 'cancellation notice',
  call_cancelled: 'call cancellation',
};

const templates = {
  order_confirmation: (o: z.infer<typeof order>): Email => ({
    subject: `Your order ${o.orderNumber} and invoice ${o.invoiceNumber}`,
    blocks: [
      { kind: 'heading', text: 'Thank you for your order' },
      {
        kind: 'paragraph',
        text: `Hello ${o.billing.name}, we have received your order ${o.orderNumber} of ${day(o.createdAt)}. Your invoice ${o.invoiceNumber} is ready.`,
      },
      { kind: 'rows', rows: orderRows(o) },
      ...(o.seller?.bank
        ? [
            {
              kind: 'paragraph' as const,
              text: `Please pay ${euros(o.totalCents)} by bank transfer by ${day(o.dueDate)}, with the invoice number ${o.invoiceNumber} as the payment reference, to:`,
            },
            ...(isExampleIban(o.seller.bank.iban)
              ? [
                  {
                    kind: 'paragraph' as const,
                    text: 'Demo shop: these are example bank details. Do not transfer money to them.',
                  },
                ]
              : []),
            {
              kind: 'rows' as const,
              rows: [
                ['Account holder', o.seller.legalName],
                [
                  'IBAN',
                  isExampleIban(o.seller.bank.iban) ? `${o.seller.bank.iban} (demo)` : o.seller.bank.iban,
                ],
                ['BIC', o.seller.bank.bic],
                ['Bank', o.seller.bank.name],
                ['Reference', o.invoiceNumber],
              ] as [string, string][],
            },
          ]
        : [
            {
              kind: 'paragraph' as const,
              text: `Please pay ${euros(o.totalCents)} by bank transfer by ${day(o.dueDate)}, with the invoice number ${o.invoiceNumber} as the payment reference. The bank details are on the invoice.`,
            },
          ]),
      { kind: 'paragraph', text: WORK_STARTS },
      { kind: 'link', label: 'View and print your invoice', url: o.invoiceUrl },
      { kind: 'heading', text: 'Billed to' },
      { kind: 'rows', rows: billingRows(o) },
      {
        kind: 'paragraph',
        text: 'Your next step: book the kick-off call, where we plan your project together. Your order and its status are in your account under Orders.',
      },
      { kind: 'link', label: 'Book your kick-off call', url: o.bookKickoffUrl },
    ],
  }),
  order_agency_copy: (o: z.infer<typeof order>): Email => ({
    subject: `New order ${o.orderNumber}, invoice ${o.invoiceNumber}: ${euros(o.totalCents)}`,
    replyTo: o.customerEmail,
    blocks: [
      { kind: 'heading', text: `New order ${o.orderNumber}` },
      {
        kind: 'paragraph',
        text: `${o.customerEmail} placed this order on ${day(o.createdAt)}. Invoice ${o.invoiceNumber} is due on ${day(o.dueDate)}; set the order to paid when the transfer arrives.`,
      },
      { kind: 'rows', rows: orderRows(o) },
      { kind: 'heading', text: 'Billed to' },
      { kind: 'rows', rows: billingRows(o) },
    ],
  }),
  booking_receipt: (b: z.infer<typeof booking>): Email => ({
    subject: b.holdExpiresAt
      ? `Please confirm your ${b.meetingType} on ${day(b.startsAt, b.timeZone)}`
      : `We have your request: ${b.meetingType} on ${day(b.startsAt, b.timeZone)}`,
    blocks: [
      {
        kind: 'heading',
        text: b.holdExpiresAt ? 'Please confirm your call' : 'Thank you for booking a call',
      },
      // A hold goes to an address nobody has proven yet (anyone may type any address): it carries nothing the
      // booker typed, neither the name nor the note, only the call and its link (issue #44, item 3).
      {
        kind: 'paragraph',
        text: b.holdExpiresAt
          ? `Someone asked for a ${b.meetingType} with us for this email address.`
          : `Hello ${b.name}, you asked for a ${b.meetingType} with us.`,
      },
      { kind: 'rows', rows: meetingRows(b, b.timeZone) },
      ...(b.note && !b.holdExpiresAt ? [{ kind: 'paragraph' as const, text: `Your note: ${b.note}` }] : []),
      ...(b.holdExpiresAt && b.confirmUrl
        ? [
            {
              kind: 'paragraph' as const,
              text: `We hold this time for you until ${clock(b.holdExpiresAt, b.timeZone)} (${b.timeZone.replaceAll('_', ' ')}). Confirm it before then, or it is released for others.`,
            },
            { kind: 'link' as const, label: 'Confirm my call', url: b.confirmUrl },
          ]
        : [{ kind: 'paragraph' as const, text: "We'll confirm the call by email." }]),
      // One link per e-mail: a hold's confirming link is also the one that changes or cancels it.
      ...(b.manageUrl && b.holdExpiresAt && b.manageUrl === b.confirmUrl
        ? [{ kind: 'paragraph' as const, text: 'The same link lets you change or cancel the call.' }]
        : b.manageUrl
          ? [{ kind: 'link' as const, label: 'Change or cancel this call', url: b.manageUrl }]
          : []),
      // The mail provider sends no attachments: the call's page offers its .ics file ("Add to calendar") once it
      // is confirmed, which an account's booking is at once (issue #45.6).
      ...(b.manageUrl && !b.holdExpiresAt
        ? [{ kind: 'link' as const, label: 'Add to your calendar', url: b.manageUrl }]
        : []),
      {
        kind: 'paragraph',
        text: 'If you did not ask for this call, you can ignore this email.',
      },
    ],
  }),
  booking_agency_copy: (b: z.infer<typeof booking>): Email => ({
    subject: `Call request: ${b.name}, ${day(b.startsAt, b.timeZone)} ${clock(b.startsAt, b.timeZone)}`,
    replyTo: b.email,
    blocks: [
      { kind: 'heading', text: `${b.meetingType} requested` },
      { kind: 'rows', rows: [...meetingRows(b, b.timeZone), ['Name', b.name], ['Email', b.email]] },
      ...(b.note ? [{ kind: 'paragraph' as const, text: `Note: ${b.note}` }] : []),
      {
        kind: 'paragraph',
        text: b.holdExpiresAt
          ? `The guest has until ${clock(b.holdExpiresAt, b.timeZone)} (${b.timeZone.replaceAll('_', ' ')}) to confirm it from the link we sent; unconfirmed, the time is released.`
          : 'Confirm the call with its status in the meetings table: the customer then gets a confirmation.',
      },
    ],
  }),
  booking_cancelled_agency_copy: (b: z.infer<typeof booking>): Email => ({
    subject: `Cancelled: ${b.meetingType} with ${b.name}, ${day(b.startsAt, b.timeZone)} ${clock(b.startsAt, b.timeZone)}`,
    replyTo: b.email,
    blocks: [
      { kind: 'heading', text: `${b.meetingType} cancelled` },
      { kind: 'rows', rows: [...meetingRows(b, b.timeZone), ['Name', b.name], ['Email', b.email]] },
      {
        kind: 'paragraph',
        text: `${b.name} cancelled this call with the link in their booking email. Its time is free again for others.`,
      },
    ],
  }),
  call_confirmed: (c: z.infer<typeof call>): Email => ({
    subject: `Your ${c.meetingType} on ${day(c.startsAt, c.timeZone)} is confirmed`,
    blocks: [
      { kind: 'heading', text: 'Your call is confirmed' },
      {
        kind: 'paragraph',
        text: `Hello ${c.name}, we have confirmed your call. We look forward to speaking with you.`,
      },
      { kind: 'rows', rows: meetingRows(c, c.timeZone) },
      { kind: 'paragraph', text: 'You find it in your account under Meetings.' },
    ],
  }),
  call_confirmed_agency_copy: (c: z.infer<typeof call>): Email => ({
    subject: `Confirmed: ${c.meetingType} with ${c.name}, ${day(c.startsAt, c.timeZone)}`,
    replyTo: c.email,
    blocks: [
      { kind: 'heading', text: `${c.meetingType} confirmed` },
      { kind: 'rows', rows: [...meetingRows(c, c.timeZone), ['Name', c.name], ['Email', c.email]] },
      { kind: 'paragraph', text: `${c.name} has been sent the confirmation.` },
    ],
  }),
  call_cancelled: (c: z.infer<typeof callCancelled>): Email => ({
    subject: `Your ${c.meetingType} on ${day(c.startsAt, c.timeZone)} is cancelled`,
    blocks: [
      { kind: 'heading', text: 'Your call is cancelled' },
      {
        kind: 'paragraph',
        text: `Hello ${c.name}, we are sorry: we have had to cancel your call.`,
      },
      { kind: 'rows', rows: meetingRows(c, c.timeZone) },
      ...(c.message ? [{ kind: 'paragraph' as const, text: c.message }] : []),
      { kind: 'paragraph', text: 'You are welcome to book another time.' },
      { kind: 'link', label: 'Book a call', url: c.bookUrl },
    ],
  }),
  booking_link: (l: z.infer<typeof bookingLink>): Email => ({
    subject: `Your ${l.meetingType} on ${day(l.startsAt, l.timeZone)}`,
    blocks: [
      { kind: 'heading', text: 'Your call with us' },
      {
        kind: 'paragraph',
        text:
          l.reason === 'already_booked'
            ? 'Someone asked to book a call with us for this email address, which already has one. Here is the link to that call.'
            : 'You asked to add this call to your account. Open the link while signed in to your account and choose "Add to my account".',
      },
      { kind: 'rows', rows: meetingRows(l, l.timeZone) },
      { kind: 'link', label: 'Open my call', url: l.linkUrl },
      {
        kind: 'paragraph',
        text: 'If you did not ask for this, you can ignore this email.',
      },
    ],
  }),
  delivery_failed: (f: z.infer<typeof deliveryFailed>): Email => {
    const what = TEMPLATE_NAMES[f.failedTemplate] ?? f.failedTemplate.replaceAll('_', ' ');
    return {
      subject: `Not sent: the ${what} to ${f.recipient}`,
      blocks: [
        { kind: 'heading', text: 'An email could not be sent' },
        {
          kind: 'paragraph',
          text: `We could not send the ${what} to ${f.recipient} and have stopped trying. What it was about is still recorded: please look it up by the reference below and contact the customer yourself.`,
        },
        {
          kind: 'rows',
          rows: [
            ['Email', what],
            ['To', f.recipient],
            ['Reference', f.reference],
            ['Reason', defused(headerText(f.reason ?? '')) || 'not given'],
          ],
        },
      ],
    };
  },
  order_paid: (o: z.infer<typeof orderPaid>): Email => ({
    subject: `We received your payment for order ${o.orderNumber}`,
    blocks: [
      { kind: 'heading', text: 'Thank you for your payment' },
      {
        kind: 'paragraph',
        text: `Hello ${o.name}, your payment of ${euros(o.totalCents)} for order ${o.orderNumber} arrived on ${day(o.paidOn)}. We are getting your project ready.`,
      },
      { kind: 'link', label: 'See your orders', url: o.ordersUrl },
    ],
  }),
  order_delivered: (o: z.infer<typeof orderStatus>): Email => ({
    subject: `Your order ${o.orderNumber} is delivered`,
    blocks: [
      { kind: 'heading', text: 'Your order is delivered' },
      {
        kind: 'paragraph',
        text: `Hello ${o.name}, we have delivered your order ${o.orderNumber}. Thank you for working with us. If anything is not as you expected, reply to this email.`,
      },
      { kind: 'link', label: 'See your orders', url: o.ordersUrl },
    ],
  }),
  order_cancelled: (o: z.infer<typeof orderCancelled>): Email => ({
    subject: `Your order ${o.orderNumber} is cancelled`,
    blocks: [
      { kind: 'heading', text: 'Your order is cancelled' },
      {
        kind: 'paragraph',
        text: `Hello ${o.name}, your order ${o.orderNumber} of ${euros(o.totalCents)} is cancelled.`,
      },
      ...(o.creditNoteNumber && o.creditNoteUrl
        ? [
            {
              kind: 'paragraph' as const,
              text: `Its invoice is cancelled by credit note ${o.creditNoteNumber}. If you have already paid, we refund the amount to your account.`,
            },
            { kind: 'link' as const, label: 'View and print your credit note', url: o.creditNoteUrl },
          ]
        : []),
      { kind: 'link', label: 'See your orders', url: o.ordersUrl },
    ],
  }),
  newsletter_code: (n: z.infer<typeof newsletterCode>): Email => ({
    subject: 'Your discount code',
    blocks: [
      { kind: 'heading', text: 'Your discount code' },
      { kind: 'paragraph', text: `Hello ${n.name}, here is your code: ${n.code}` },
      {
        kind: 'paragraph',
        text: 'Choose your services on Our Services, sign in, and enter the code at checkout. Each code can be used once. If your cart already earns a larger volume discount, you get the larger one: discounts never stack.',
      },
    ],
  }),
};

const schemas = {
  order_confirmation: order,
  order_agency_copy: order,
  booking_receipt: booking,
  booking_agency_copy: booking,
  booking_cancelled_agency_copy: booking,
  call_confirmed: call,
  call_confirmed_agency_copy: call,
  call_cancelled: callCancelled,
  booking_link: bookingLink,
  newsletter_code: newsletterCode,
  delivery_failed: deliveryFailed,
  order_paid: orderPaid,
  order_delivered: orderStatus,
  order_cancelled: orderCancelled,
} as const;

export type TemplateName = keyof typeof schemas;

/** A row that cannot become an e-mail: an unknown template or a payload that does not fit it. */
export class TemplateError extends Error {}

/** The e-mail of one outbox row, or a TemplateError saying what does not fit. */
export function compose(template: string, payload: unknown): Email {
  if (!Object.hasOwn(schemas, template)) throw new TemplateError(`unknown template ${template}`);
  const name = template as TemplateName;
  const parsed = schemas[name].safeParse(payload);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'payload'}: ${issue.message}`,
    );
    throw new TemplateError(`payload of ${template} does not fit: ${issues.join('; ')}`);
  }
  const data = parsed.data as { seller?: Seller };
  const email = (templates[name] as (data: unknown) => Email)(data);
  return data.seller
    ? { ...email, sender: { name: data.seller.name, imprint: imprint(data.seller) } }
    : email;
}
