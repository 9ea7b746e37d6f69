// The form rules of spec section 5 as zod schemas: one source of truth for the forms, their messages and the
// types of what they submit. The database mirrors these limits in column checks (supabase/migrations).
import { z } from 'zod';
import {
  countryName,
  isCountryCode,
  isVatNumberOf,
  normaliseVatNumber,
  vatNumberFormat,
} from '../billing/billing';
import { START_CONSENT } from '../billing/payment-words';
import { PASSWORD_MIN, PASSWORD_RULES, PASSWORD_RULES_UNMET } from './password-rules';
// The one rule for what a customer types into a name or an address, which the database applies in its checks and
// the e-mails in their templates (#44, item 4).
import { normalisedText } from '../../../supabase/functions/send-emails/plain-text.ts';

export const NAME_MAX = 100;
export const EMAIL_MAX = 255;
export const COMPANY_MAX = 100;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 2000;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 1000;
export const BOOKING_NOTE_MAX = 1000;
export const ADDRESS_MAX = 200;
export const POSTAL_CODE_MAX = 20;
export const CITY_MAX = 100;

/**
 * Beyond the spec: said of a one-line text holding a control character (a tab, a line break, an invisible
 * formatting character pasted with it), which the database refuses (plain-text.ts, rule 1).
 */
export const plainTextMessage = (label: string) =>
  `${label} contains a tab, line break or other invisible character: please remove it`;
const isPlainText = (value: string) => normalisedText(value).ok;

// Each required field gives its own message for a missing or non-string value too, as for an empty one.
const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(NAME_MAX, `Name must be less than ${NAME_MAX} characters`)
  .refine(isPlainText, plainTextMessage('Name'));

// The length is checked first and on the trimmed value; the shape only when the length is fine, so an empty or an
// over-long address gets one message, not two. An empty field is missing, not malformed (beyond the spec, #45.7).
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be less than ${EMAIL_MAX} characters`)
  .pipe(z.email('Invalid email address'));

export const newsletterSchema = z.object({ name, email });

export const contactSchema = z.object({
  name,
  email,
  message: z
    .string({ error: `Message must be at least ${MESSAGE_MIN} characters` })
    .trim()
    .min(MESSAGE_MIN, `Message must be at least ${MESSAGE_MIN} characters`)
    .max(MESSAGE_MAX, `Message must be less than ${MESSAGE_MAX} characters`),
});

export const PROJECT_TYPES = [
  { value: 'automation', label: 'Workflow Automation' },
  { value: 'chatbot', label: 'AI Chatbot' },
  { value: 'content', label: 'Content Generation' },
  { value: 'analytics', label: 'Data & Analytics' },
  { value: 'custom', label: 'Custom Solution' },
] as const;

export const BUDGETS = [
  { value: '5k-10k', label: '$5,000 - $10,000' },
  { value: '10k-25k', label: '$10,000 - $25,000' },
  { value: '25k-50k', label: '$25,000 - $50,000' },
  { value: '50k+', label: '$50,000+' },
] as const;

export const TIMELINES = [
  { value: 'asap', label: 'ASAP' },
  { value: '1-month', label: 'Within 1 month' },
  { value: '2-3-months', label: '2-3 months' },
  { value: 'flexible', label: 'Flexible' },
] as const;

/** An option of a select: the submitted value and the text shown for it. */
export interface SelectOption {
  readonly value: string;
  readonly label: string;
}

/** A select: no choice (''), a missing value and anything not offered all get the field's message. */
const choice = <T extends readonly SelectOption[]>(options: T, message: string) =>
  z.enum(
    options.map((o): T[number]['value'] => o.value),
    { error: message },
  );

const company = z
  .string()
  .trim()
  .max(COMPANY_MAX, `Company name must be less than ${COMPANY_MAX} characters`)
  .optional();

export const projectRequestSchema = z.object({
  name,
  email,
  company,
  projectType: choice(PROJECT_TYPES, 'Please select a project type'),
  budget: choice(BUDGETS, 'Please select a budget range'),
  timeline: choice(TIMELINES, 'Please select a timeline'),
  description: z
    .string({ error: `Please provide at least ${DESCRIPTION_MIN} characters` })
    .trim()
    .min(DESCRIPTION_MIN, `Please provide at least ${DESCRIPTION_MIN} characters`)
    .max(DESCRIPTION_MAX, `Description must be less than ${DESCRIPTION_MAX} characters`),
});

// Signing in: every failing rule is reported with the spec's messages, so the user sees all that is missing at once.
const password = PASSWORD_RULES.reduce(
  (schema, rule) => schema.refine(rule.test, rule.message),
  z.string({ error: `Password must be at least ${PASSWORD_MIN} characters` }),
);

// Choosing a password, where the rules are listed under the field and tick off as typed: one message for any
// that is unmet, so the field and the toast do not repeat the list (beyond the spec, #45.7).
const newPassword = z
  .string({ error: PASSWORD_RULES_UNMET })
  .refine((value) => PASSWORD_RULES.every((rule) => rule.test(value)), PASSWORD_RULES_UNMET);

export const authSchema = z.object({ email, password });

/** Signing up: the password rules as one message (the list under the field says which are met). */
export const signUpSchema = z.object({ email, password: newPassword });

/** Asking for a password-reset link (or a new confirmation link): the address alone. */
export const emailOnlySchema = z.object({ email });

export const SAME_EMAIL_MESSAGE = 'This is already your email address.';

/** Changing the account's address: a valid one, other than `current` (the same address needs no call). */
export const newEmailSchema = (current: string) =>
  emailOnlySchema.refine(({ email: next }) => next.toLowerCase() !== current.trim().toLowerCase(), {
    message: SAME_EMAIL_MESSAGE,
    path: ['email'],
  });

/** Choosing a new password: the spec's password rules (one message, beside their list), typed twice. */
export const newPasswordSchema = z
  .object({ password: newPassword, confirmPassword: z.string({ error: 'Passwords do not match' }) })
  .refine(({ password: first, confirmPassword }) => first === confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });

/** A code from an authenticator app: six digits (spaces people type between the groups are ignored). */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code from your authenticator app' })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
});

// The code of the auth server's reauthentication e-mail (beyond the spec; supabase/config.toml's otp_length).
export const EMAILED_CODE_MESSAGE = 'Enter the 6-digit code from the email we sent you';
export const emailedCodeSchema = z.object({
  code: z
    .string({ error: EMAILED_CODE_MESSAGE })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, EMAILED_CODE_MESSAGE)),
});

// Booking a discovery call (beyond the spec): the contact form's name and email rules, a chosen slot, and an
// optional note. book_discovery_call refuses the same in the database (meetings' column checks).
export const bookingSchema = z.object({
  slotStart: z.iso.datetime({ offset: true, error: 'Please choose a time' }),
  name,
  email,
  note: z
    .string()
    .trim()
    .max(BOOKING_NOTE_MAX, `Note must be less than ${BOOKING_NOTE_MAX} characters`)
    .optional(),
});

/** The booking form's own fields (the calendar chooses the slot). */
export const bookingDetailsSchema = bookingSchema.omit({ slotStart: true });

/** An optional text field: trimmed, and left out when empty. */
/** An optional one-line text field: trimmed, refused when too long or holding a control character. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be less than ${max} characters`)
    .refine(isPlainText, plainTextMessage(label))
    .optional()
    .transform((value) => value || undefined);

/** A required one-line text field: trimmed, with one message for a missing, empty or too long value. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be less than ${max} characters`)
    .refine(isPlainText, plainTextMessage(label));

export const VAT_OUTSIDE_EU = 'A VAT number can only be given for a country of the European Union';
export const vatNumberMessage = (country: string) =>
  `Enter a VAT number of ${countryName(country)}, such as ${vatNumberFormat(country)?.example}`;

// Billing details (issue #31.1, beyond the spec): who the invoice is made out to. The database refuses the same
// (billing_details' checks, private.vat_number_valid). A VAT number is stored normalised ('DE 123.456.789' is
// 'DE123456789') and must have the form of one of the billing country's; whether it is registered is for the agency
// to check (shared-lib/src/billing/billing.ts).
export const billingSchema = z
  .object({
    name,
    company: optionalText('Company name', COMPANY_MAX),
    address: requiredText('Address', ADDRESS_MAX),
    postalCode: optionalText('Postal code', POSTAL_CODE_MAX),
    city: requiredText('City', CITY_MAX),
    country: z.string({ error: 'Please select a country' }).refine(isCountryCode, 'Please select a country'),
    vatNumber: z
      .string()
      .optional()
      .transform((value) => (value ? normaliseVatNumber(value) : '') || undefined),
  })
  .superRefine(({ country, vatNumber }, context) => {
    if (!vatNumber || !isCountryCode(country)) return;
    if (!vatNumberFormat(country)) {
      context.addIssue({ code: 'custom', path: ['vatNumber'], message: VAT_OUTSIDE_EU });
    } else if (!isVatNumberOf(country, vatNumber)) {
      context.addIssue({ code: 'custom', path: ['vatNumber'], message: vatNumberMessage(country) });
    }
  });

// The checkout (beyond the spec, #45.1): the billing details and a consumer's agreement that work may start within
// the withdrawal period, a box that must be ticked ('yes'). Whether the server records it is for the database.
export const checkoutSchema = billingSchema.and(
  z.object({ startConsent: z.literal('yes', { error: START_CONSENT.required }) }),
);

export type BillingInput = z.infer<typeof billingSchema>;
export type CheckoutInput = z.infer<typeof checkoutSchema>;
export type NewsletterInput = z.infer<typeof newsletterSchema>;
export type ContactInput = z.infer<typeof contactSchema>;
export type ProjectRequestInput = z.infer<typeof projectRequestSchema>;
export type AuthInput = z.infer<typeof authSchema>;
export type NewPasswordInput = z.infer<typeof newPasswordSchema>;
export type BookingInput = z.infer<typeof bookingSchema>;
export type ProjectType = ProjectRequestInput['projectType'];
export type Budget = ProjectRequestInput['budget'];
export type Timeline = ProjectRequestInput['timeline'];

/** Every message of a failed parse, in field order. */
export const errorMessages = (error: z.ZodError): string[] => error.issues.map((issue) => issue.message);
