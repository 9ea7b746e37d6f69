// The words of the outbox's e-mails (supabase/functions/send-emails/templates.ts and layout.ts): what a customer
// and the agency read, in text and HTML, from each payload; a payload that does not fit is refused with its reason.
import { render } from '../../supabase/functions/send-emails/layout.ts';
import { compose, EXAMPLE_IBAN, TemplateError } from '../../supabase/functions/send-emails/templates.ts';
import { invoiceFigures } from '../../shared-lib/src/billing/invoice-figures';
import { EXAMPLE_DETAILS } from '../../shared-lib/src/company/example-details';
import { PAYMENT_WORDS } from '../../shared-lib/src/billing/payment-words';
import { bookingPayload, callPayload, orderPayload, seller } from './email-payloads';

const email = (template: string, payload: unknown) => render(compose(template, payload), 'AI Made Simple');

describe('e-mail templates', () => {
  it('order confirmation: the lines, discount, total and VAT, how and by when to pay, the invoice and kick-off links', () => {
    const mail = email('order_confirmation', orderPayload('ada@example.com'));
    expect(mail.subject).toBe('Your order 2026-0042 and invoice INV-2026-0042');
    expect(mail.text).toBe(
      [
        'Thank you for your order',
        'Hello Ada Lovelace, we have received your order 2026-0042 of November 28, 2026. Your invoice INV-2026-0042 is ready.',
        'Smart Website: €899.00\nAI Chatbot: €1,299.00\nSubtotal: €2,198.00\nDiscount (10%): -€219.80\nTotal: €1,978.20\nIncluded VAT (19%): €315.85',
        'Please pay €1,978.20 by bank transfer by December 12, 2026, with the invoice number INV-2026-0042 as the payment reference. The bank details are on the invoice.',
        'Work starts once your payment arrives; results in 7-14 days.',
        'View and print your invoice: http://localhost:3000/account/orders/6f1c2a9e/invoice',
        'Billed to',
        'Name: Ada Lovelace\nCompany: Engines Ltd\nAddress: 1 Analytical Way, London\nCountry: United Kingdom',
        'Your next step: book the kick-off call, where we plan your project together. Your order and its status are in your account under Orders.',
        'Book your kick-off call: http://localhost:3000/contact',
        'AI Made Simple',
      ].join('\n\n') + '\n',
    );
    // The checkout said it before the order, and the confirmation page says it too (#45.1).
    expect(mail.text).toContain(`\n\n${PAYMENT_WORDS.workStarts}\n\n`);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('<title>Your order 2026-0042 and invoice INV-2026-0042</title>');
    expect(mail.html).toContain('>View and print your invoice</a>');
    expect(mail.replyTo).toBeUndefined();
  });

  it('order confirmation with the invoice’s figures: service period, per line quantity, unit price and net, net, VAT and gross per rate', () => {
    const payload = orderPayload('ada@example.com');
    const figures = invoiceFigures({
      lines: payload.lines,
      discount_percent: payload.discountPercent,
      discount_cents: payload.discountCents,
      total_cents: payload.totalCents,
      vat_rate_percent: payload.vatRatePercent,
      vat_cents: payload.vatCents,
      issued_on: '2026-11-28',
      service_from: '2026-11-28',
      service_to: '2026-12-12',
    });
    for (const template of ['order_confirmation', 'order_agency_copy']) {
      expect(email(template, { ...payload, figures }).text).toContain(
        [
          'Service period: November 28, 2026 – December 12, 2026',
          'Smart Website: 1 × €899.00 incl. VAT, net €755.46',
          'AI Chatbot: 1 × €1,299.00 incl. VAT, net €1,091.60',
          'Discount (10%, €219.80 incl. VAT): -€184.71 net',
          'Net amount at 19% VAT: €1,662.35',
          'VAT 19%: €315.85',
          'Total: €1,978.20',
        ].join('\n'),
      );
    }
    const older = email('order_confirmation', {
      ...payload,
      figures: { ...figures, serviceTo: '2026-11-28' },
    });
    expect(older.text).toContain('Date of service: November 28, 2026\n');
    expect(() =>
      compose('order_confirmation', { ...payload, figures: { ...figures, serviceFrom: 'soon' } }),
    ).toThrow(/figures\.serviceFrom/);
  });

  it('marks the demo company’s example IBAN, the one shared-lib names', () => {
    expect(EXAMPLE_IBAN).toBe(EXAMPLE_DETAILS.find((example) => example.field === 'bank.iban')!.value);
    const real = { ...seller, bank: { ...seller.bank, iban: 'DE02120300000000202051' } };
    const mail = email('order_confirmation', { ...orderPayload('ada@example.com'), seller: real });
    expect(mail.text).toContain('IBAN: DE02120300000000202051\n');
    expect(mail.text).not.toMatch(/demo/i);
  });

  it('in the name of the company the payload names: its bank account to pay to, its legal details under the signature', () => {
    const mail = email('order_confirmation', { ...orderPayload('ada@example.com'), seller });
    expect(mail.senderName).toBe('AI Made Simple');
    expect(mail.text).toContain(
      [
        'Please pay €1,978.20 by bank transfer by December 12, 2026, with the invoice number INV-2026-0042 as the payment reference, to:',
        'Demo shop: these are example bank details. Do not transfer money to them.',
        'Account holder: AI Made Simple GmbH\nIBAN: DE89370400440532013000 (demo)\nBIC: COBADEFFXXX\nBank: Commerzbank\nReference: INV-2026-0042',
      ].join('\n\n'),
    );
    expect(mail.text).not.toContain('The bank details are on the invoice.');
    expect(mail.text).toMatch(
      new RegExp(
        `\n\nAI Made Simple\n\n${[
          'AI Made Simple GmbH, Musterstraße 1, 10115 Berlin, Germany',
          'Managing directors: Lena Hoffmann, Marco Rossi',
          'Commercial register: Amtsgericht Berlin-Charlottenburg, HRB 000000 B',
          'VAT identification number: DE000000000',
          'Email: hello@shop.example.com',
        ].join('\n')}\n$`,
      ),
    );
    expect(mail.html).toContain(
      'AI Made Simple GmbH, Musterstraße 1, 10115 Berlin, Germany<br>Managing directors',
    );
    // Every template takes it; a company that does not fit is refused like any other payload.
    expect(email('call_confirmed', { ...callPayload, seller }).text).toContain('VAT identification number');
    expect(() => compose('newsletter_code', { name: 'Ada', code: 'X1', seller: { name: 'Acme' } })).toThrow(
      /seller\.legalName/,
    );
  });

  it("the agency's copy of an order names the customer, answers to them and carries no customer links", () => {
    const mail = email('order_agency_copy', { ...orderPayload('ada@example.com'), discountCents: 0 });
    expect(mail.subject).toBe('New order 2026-0042, invoice INV-2026-0042: €1,978.20');
    expect(mail.replyTo).toBe('ada@example.com');
    expect(mail.text).toContain('ada@example.com placed this order on November 28, 2026.');
    expect(mail.text).not.toContain('Discount');
    expect(mail.text).not.toContain('http');
  });

  it("booking receipt: the call in the visitor's time zone, the hold and the link that confirms it, the manage link", () => {
    const mail = email('booking_receipt', bookingPayload);
    expect(mail.subject).toBe('Please confirm your Discovery Call on December 3, 2026');
    expect(mail.text).toContain('When: December 3, 2026, 10:30 AM to 11:00 AM (Europe/Berlin)');
    expect(mail.text).toContain(
      'We hold this time for you until 11:30 AM (Europe/Berlin). Confirm it before then, or it is released for others.',
    );
    expect(mail.text).toContain('Confirm my call: http://localhost:3000/contact/confirm?token=abc');
    expect(mail.text).toContain('Change or cancel this call: http://localhost:3000/contact/manage?token=def');
    // A hold goes to an address nobody has proven: nothing the booker typed, neither name nor note.
    expect(mail.text).toContain('Someone asked for a Discovery Call with us for this email address.');
    expect(mail.text).not.toContain('Grace Hopper');
    expect(mail.text).not.toContain('order-status chatbot');
    expect(mail.html).not.toContain('order-status chatbot');
    // A booking that needs no confirmation (signed in, for the account's own address): the spec's promise, no
    // link to follow, and the booker's own name and note.
    const signedIn = email('booking_receipt', { ...bookingPayload, confirmUrl: null, holdExpiresAt: null });
    expect(signedIn.subject).toBe('We have your request: Discovery Call on December 3, 2026');
    expect(signedIn.text).toContain('Hello Grace Hopper, you asked for a Discovery Call with us.');
    expect(signedIn.text).toContain('Your note: About an order-status chatbot');
    expect(signedIn.text).toContain("We'll confirm the call by email.");
    expect(signedIn.text).not.toContain('Confirm my call');
    expect(signedIn.text).toContain(
      'Change or cancel this call: http://localhost:3000/contact/manage?token=def\n\nAdd to your calendar: http://localhost:3000/contact/manage?token=def',
    );
    // A hold is not in anyone's calendar until it is confirmed.
    expect(mail.text).not.toContain('Add to your calendar');
  });

  it("a guest's receipt shows its one link once: it confirms the call, and changes or cancels it", () => {
    const link = 'http://localhost:3000/booking?token=abc';
    const mail = email('booking_receipt', { ...bookingPayload, confirmUrl: link, manageUrl: link });
    expect(mail.text).toContain(
      `Confirm my call: ${link}\n\nThe same link lets you change or cancel the call.`,
    );
    expect(mail.text.split(link)).toHaveLength(2);
    expect(mail.text).not.toContain('Change or cancel this call:');
  });

  it('a new link to a booking: the call and the link, never who booked it, worded for why it was sent', () => {
    const {
      name: _name,
      note: _note,
      confirmUrl: _c,
      manageUrl: _m,
      holdExpiresAt: _h,
      ...call
    } = bookingPayload;
    const link = { ...call, linkUrl: 'http://localhost:3000/booking?token=abc', reason: 'already_booked' };
    const again = email('booking_link', link);
    expect(again.subject).toBe('Your Discovery Call on December 3, 2026');
    expect(again.text).toContain(
      'Someone asked to book a call with us for this email address, which already has one.',
    );
    expect(again.text).toContain('When: December 3, 2026, 10:30 AM to 11:00 AM (Europe/Berlin)');
    expect(again.text).toContain('Open my call: http://localhost:3000/booking?token=abc');
    expect(again.text).not.toMatch(/Grace|order-status/);
    expect(email('booking_link', { ...link, reason: 'add_to_account' }).text).toContain(
      'You asked to add this call to your account.',
    );
    expect(() => compose('booking_link', { ...link, reason: 'other' })).toThrow(TemplateError);
  });

  it("the agency's copies of a booking and of a confirmed call answer to the guest", () => {
    const booking = email('booking_agency_copy', bookingPayload);
    expect(booking.subject).toBe('Call request: Grace Hopper, December 3, 2026 10:30 AM');
    expect(booking.replyTo).toBe('grace@example.com');
    expect(booking.text).not.toContain('token=');
    const confirmed = email('call_confirmed_agency_copy', callPayload);
    expect(confirmed.subject).toBe('Confirmed: Discovery Call with Grace Hopper, December 3, 2026');
    expect(confirmed.text).toContain('When: December 3, 2026, 9:30 AM to 10:00 AM (UTC)');
  });

  it("the agency's copy of a cancelled booking says who cancelled which call, answers to them, and carries no link", () => {
    const mail = email('booking_cancelled_agency_copy', bookingPayload);
    expect(mail.subject).toBe('Cancelled: Discovery Call with Grace Hopper, December 3, 2026 10:30 AM');
    expect(mail.replyTo).toBe('grace@example.com');
    expect(mail.text).toBe(
      [
        'Discovery Call cancelled',
        'Call: Discovery Call\nWhen: December 3, 2026, 10:30 AM to 11:00 AM (Europe/Berlin)\nName: Grace Hopper\nEmail: grace@example.com',
        'Grace Hopper cancelled this call with the link in their booking email. Its time is free again for others.',
        'AI Made Simple',
      ].join('\n\n') + '\n',
    );
    expect(() => compose('booking_cancelled_agency_copy', { ...bookingPayload, name: '' })).toThrow(/name/);
  });

  it('call confirmed, in UTC unless the payload names a zone', () => {
    const mail = email('call_confirmed', { ...callPayload, timeZone: 'America/New_York' });
    expect(mail.subject).toBe('Your Discovery Call on December 3, 2026 is confirmed');
    expect(mail.text).toContain('When: December 3, 2026, 4:30 AM to 5:00 AM (America/New York)');
  });

  it("call cancelled by the agency: the call, the agency's message and the way to book again", () => {
    const { email: _address, ...call } = callPayload;
    const payload = { ...call, message: 'Our consultant is ill.', bookUrl: 'http://localhost:3000/contact' };
    const mail = email('call_cancelled', payload);
    expect(mail.subject).toBe('Your Discovery Call on December 3, 2026 is cancelled');
    expect(mail.text).toBe(
      [
        'Your call is cancelled',
        'Hello Grace Hopper, we are sorry: we have had to cancel your call.',
        'Call: Discovery Call\nWhen: December 3, 2026, 9:30 AM to 10:00 AM (UTC)',
        'Our consultant is ill.',
        'You are welcome to book another time.',
        'Book a call: http://localhost:3000/contact',
        'AI Made Simple',
      ].join('\n\n') + '\n',
    );
    expect(email('call_cancelled', { ...payload, message: null }).text).not.toContain('ill');
  });

  it('newsletter code: the code and the rules the site applies to it', () => {
    const mail = email('newsletter_code', { name: 'Ada', code: 'ADA7K2P9Q' });
    expect(mail.subject).toBe('Your discount code');
    expect(mail.text).toContain('Hello Ada, here is your code: ADA7K2P9Q');
    expect(mail.text).toContain('Each code can be used once.');
  });

  const statusPayload = {
    orderNumber: '#6f1c2a9e',
    name: 'Ada Lovelace',
    totalCents: 197820,
    ordersUrl: 'http://localhost:3000/account?tab=orders',
  };

  it('order paid: the amount, the day it arrived and the way to the orders', () => {
    const mail = email('order_paid', { ...statusPayload, paidOn: '2026-11-30' });
    expect(mail.subject).toBe('We received your payment for order #6f1c2a9e');
    expect(mail.text).toBe(
      [
        'Thank you for your payment',
        'Hello Ada Lovelace, your payment of €1,978.20 for order #6f1c2a9e arrived on November 30, 2026. We are getting your project ready.',
        'See your orders: http://localhost:3000/account?tab=orders',
        'AI Made Simple',
      ].join('\n\n') + '\n',
    );
    expect(() => compose('order_paid', statusPayload)).toThrow(/paidOn/);
  });

  it('order delivered: says so and invites a reply', () => {
    const mail = email('order_delivered', statusPayload);
    expect(mail.subject).toBe('Your order #6f1c2a9e is delivered');
    expect(mail.text).toContain(
      'Hello Ada Lovelace, we have delivered your order #6f1c2a9e. Thank you for working with us. If anything is not as you expected, reply to this email.',
    );
    expect(() => compose('order_delivered', { ...statusPayload, ordersUrl: 'javascript:alert(1)' })).toThrow(
      /ordersUrl/,
    );
  });

  it('order cancelled: the credit note and its link when the order was invoiced, neither when it was not', () => {
    const credited = email('order_cancelled', {
      ...statusPayload,
      creditNoteNumber: 'CN-2026-0007',
      creditNoteUrl: 'http://localhost:3000/account/invoice?number=CN-2026-0007',
    });
    expect(credited.subject).toBe('Your order #6f1c2a9e is cancelled');
    expect(credited.text).toBe(
      [
        'Your order is cancelled',
        'Hello Ada Lovelace, your order #6f1c2a9e of €1,978.20 is cancelled.',
        'Its invoice is cancelled by credit note CN-2026-0007. If you have already paid, we refund the amount to your account.',
        'View and print your credit note: http://localhost:3000/account/invoice?number=CN-2026-0007',
        'See your orders: http://localhost:3000/account?tab=orders',
        'AI Made Simple',
      ].join('\n\n') + '\n',
    );
    const uninvoiced = email('order_cancelled', statusPayload);
    expect(uninvoiced.text).not.toContain('credit note');
  });

  it('escapes what a name or a note could smuggle into the HTML', () => {
    const mail = email('booking_agency_copy', {
      ...bookingPayload,
      name: '<img src=x onerror=alert(1)>',
      note: '"><script>alert(1)</script>',
    });
    expect(mail.html).not.toMatch(/<img|<script/);
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('refuses an unknown template and a payload that does not fit, saying what', () => {
    expect(() => compose('welcome', {})).toThrow(new TemplateError('unknown template welcome'));
    expect(() =>
      compose('order_confirmation', { ...orderPayload('x@example.com'), invoiceUrl: 'javascript:alert(1)' }),
    ).toThrow(/invoiceUrl/);
    expect(() => compose('booking_receipt', { ...bookingPayload, timeZone: 'Mars/Olympus' })).toThrow(
      /timeZone/,
    );
    expect(() => compose('newsletter_code', null)).toThrow(TemplateError);
  });

  it("writes what a customer typed as plain text no mail client makes a link of, and the site's links as links", () => {
    const note = 'Please wire money to http://evil.example/pay or www.evil.example, ask pay@evil.example';
    const mail = email('booking_agency_copy', { ...bookingPayload, name: 'Your bank', note });
    expect(mail.text).toContain(
      'Note: Please wire money to hxxp[://]evil[.]example/pay or www[.]evil[.]example, ask pay[@]evil[.]example',
    );
    for (const part of [mail.text, mail.html]) {
      expect(part).not.toMatch(/https?:\/\/evil|evil\.example|pay@/);
    }
    expect(mail.html).not.toContain('<a ');
    // Full stops that browsers read as dots, and a bare "//host".
    const sneaky = email('booking_agency_copy', {
      ...bookingPayload,
      note: 'see evil\u3002example or //evil',
    });
    expect(sneaky.text).toContain('Note: see evil[.]example or [//]evil');
    // Numbers and prose stay as typed; the site's own links stay links.
    const order = email('order_confirmation', {
      ...orderPayload('ada@example.com'),
      billing: { ...orderPayload('ada@example.com').billing, address: 'Flat 2.5, St. James St.\nLondon' },
    });
    expect(order.text).toContain('Address: Flat 2.5, St. James St., London');
    expect(order.html).toContain('href="http://localhost:3000/contact"');
  });

  it('keeps control characters and line breaks out of every header', () => {
    // A booker's name with a line break is refused, as the database refuses it (private.normalised_text)...
    expect(() =>
      compose('booking_agency_copy', { ...bookingPayload, name: 'Grace\r\nBcc: victim@example.com' }),
    ).toThrow(/name: must not hold control characters/);
    // ...and whatever reaches a header is one line all the same.
    const mail = render(
      { subject: 'Call request: Grace\r\nBcc: victim@example.com\u2028x', blocks: [] },
      'AI Made Simple',
    );
    expect(mail.subject).toBe('Call request: Grace Bcc: victim@example.com x');
    expect(mail.html).toContain('<title>Call request: Grace Bcc: victim@example.com x</title>');
    const company = email('newsletter_code', {
      name: 'Ada',
      code: 'ADA7K2P9Q',
      seller: { ...seller, name: 'AI Made\r\nSimple' },
    });
    expect(company.senderName).toBe('AI Made Simple');
  });

  it('normalises names and addresses as the database does: spaces of every kind trimmed, control characters refused', () => {
    const base = orderPayload('ada@example.com');
    const mail = email('order_confirmation', {
      ...base,
      billing: {
        ...base.billing,
        name: '\u00a0Ada\u3000',
        company: '\u2003',
        address: '\ufeff1 Way\nLondon\u2028',
      },
    });
    expect(mail.text).toContain('Name: Ada\nAddress: 1 Way, London\nCountry: United Kingdom');
    expect(mail.text).not.toContain('Company:');
    // Nothing but spaces: the database refuses it too (private.normalised_text), so no stored order has it.
    expect(() =>
      compose('order_confirmation', { ...base, billing: { ...base.billing, name: '\u00a0\u3000' } }),
    ).toThrow(/billing\.name/);
    expect(() =>
      compose('order_confirmation', { ...base, billing: { ...base.billing, name: 'Ada\u0007' } }),
    ).toThrow(/billing\.name: must not hold control characters/);
    // A note may span lines; a name may not.
    expect(email('booking_agency_copy', { ...bookingPayload, note: 'one\ntwo' }).text).toContain(
      'Note: one\ntwo',
    );
    expect(() => compose('booking_agency_copy', { ...bookingPayload, name: 'Grace\nHopper' })).toThrow(
      /name/,
    );
  });

  it('reports an e-mail the outbox gave up on to the agency: what, to whom, why, and the reference to look it up', () => {
    const mail = email('delivery_failed', {
      failedTemplate: 'order_confirmation',
      recipient: 'ada@example.com',
      reason: '422 validation_error: Invalid `to` field',
      reference: 'order_confirmation:6f1c2a9e-0000-4000-8000-000000000001',
      seller,
    });
    expect(mail.subject).toBe('Not sent: the order confirmation to ada@example.com');
    expect(mail.text).toContain(
      'We could not send the order confirmation to ada@example.com and have stopped trying.',
    );
    expect(mail.text).toContain('Reference: order_confirmation:6f1c2a9e-0000-4000-8000-000000000001');
    expect(mail.text).toContain('Reason: 422 validation_error: Invalid `to` field');
    expect(
      email('delivery_failed', { failedTemplate: 'x_y', recipient: 'a@b.c', reference: 'x_y:1' }).text,
    ).toContain('Reason: not given');
  });
});
