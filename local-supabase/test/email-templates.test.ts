// The words of the outbox's e-mails (supabase/functions/send-emails/templates.ts and layout.ts): what a customer
// and the agency read, in text and HTML, from each payload; a payload that does not fit is refused with its reason.
import { render } from '../../supabase/functions/send-emails/layout.ts';
import { compose, TemplateError } from '../../supabase/functions/send-emails/templates.ts';
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
        'View and print your invoice: http://localhost:3000/account/orders/6f1c2a9e/invoice',
        'Billed to',
        'Name: Ada Lovelace\nCompany: Engines Ltd\nAddress: 1 Analytical Way, London\nCountry: United Kingdom',
        'Your next step: book the kick-off call, where we plan your project together. Your order and its status are in your account under Orders.',
        'Book your kick-off call: http://localhost:3000/contact',
        'AI Made Simple',
      ].join('\n\n') + '\n',
    );
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toContain('<title>Your order 2026-0042 and invoice INV-2026-0042</title>');
    expect(mail.html).toContain('>View and print your invoice</a>');
    expect(mail.replyTo).toBeUndefined();
  });

  it('in the name of the company the payload names: its bank account to pay to, its legal details under the signature', () => {
    const mail = email('order_confirmation', { ...orderPayload('ada@example.com'), seller });
    expect(mail.senderName).toBe('AI Made Simple');
    expect(mail.text).toContain(
      [
        'Please pay €1,978.20 by bank transfer by December 12, 2026, with the invoice number INV-2026-0042 as the payment reference, to:',
        'Account holder: AI Made Simple GmbH\nIBAN: DE89370400440532013000\nBIC: COBADEFFXXX\nBank: Commerzbank\nReference: INV-2026-0042',
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
    expect(mail.text).toContain('Your note: About an order-status chatbot');
    // A booking that needs no confirmation (signed in): the spec's promise, no link to follow.
    const signedIn = email('booking_receipt', { ...bookingPayload, confirmUrl: null, holdExpiresAt: null });
    expect(signedIn.subject).toBe('We have your request: Discovery Call on December 3, 2026');
    expect(signedIn.text).toContain("We'll confirm the call by email.");
    expect(signedIn.text).not.toContain('Confirm my call');
    expect(signedIn.text).toContain(
      'Change or cancel this call: http://localhost:3000/contact/manage?token=def',
    );
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
    const mail = email('booking_receipt', {
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
});
