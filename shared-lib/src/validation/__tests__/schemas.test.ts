import type { z } from 'zod';
import { messagesByField } from '../../forms/use-form-submit';
import {
  authSchema,
  BUDGETS,
  COMPANY_MAX,
  contactSchema,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  EMAIL_MAX,
  errorMessages,
  newEmailSchema,
  newPasswordSchema,
  checkoutSchema,
  signUpSchema,
  SAME_EMAIL_MESSAGE,
  MESSAGE_MAX,
  MESSAGE_MIN,
  NAME_MAX,
  newsletterSchema,
  plainTextMessage,
  PROJECT_TYPES,
  projectRequestSchema,
  TIMELINES,
  type Budget,
  type ProjectType,
  type Timeline,
} from '../schemas';
import { START_CONSENT } from '../../billing/payment-words';
import { PASSWORD_MIN, PASSWORD_RULES, PASSWORD_RULES_UNMET } from '../password-rules';

const chars = (n: number) => 'a'.repeat(n);
const emailOfLength = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

/** Every message a value gets, in order; [] when it passes. */
function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : errorMessages(result.error);
}

/** Empty or blank: missing, not malformed (beyond the spec, #45.7). */
const EMPTY_EMAILS = ['', '   '];
const BAD_EMAILS = [
  'not-an-email',
  'ada@',
  '@example.com',
  'ada@example',
  'ada@@example.com',
  'a da@example.com',
];

it('exports the limits the database mirrors', () => {
  expect([
    NAME_MAX,
    EMAIL_MAX,
    COMPANY_MAX,
    MESSAGE_MIN,
    MESSAGE_MAX,
    DESCRIPTION_MIN,
    DESCRIPTION_MAX,
    PASSWORD_MIN,
  ]).toEqual([100, 255, 100, 10, 2000, 10, 1000, 8]);
});

describe('newsletterSchema', () => {
  const ok = { name: 'Ada', email: 'ada@example.com' };
  it.each([
    ['empty name', { ...ok, name: '' }, ['Name is required']],
    ['blank name', { ...ok, name: '   ' }, ['Name is required']],
    ['missing name', { email: ok.email }, ['Name is required']],
    ['1-character name', { ...ok, name: chars(1) }, []],
    ['100-character name', { ...ok, name: chars(100) }, []],
    ['101-character name', { ...ok, name: chars(101) }, ['Name must be less than 100 characters']],
    ['100 characters padded with spaces', { ...ok, name: ` ${chars(100)} ` }, []],
    ['255-character e-mail', { ...ok, email: emailOfLength(255) }, []],
    [
      '256-character e-mail',
      { ...ok, email: emailOfLength(256) },
      ['Email must be less than 255 characters'],
    ],
    ['255 characters padded with spaces', { ...ok, email: `  ${emailOfLength(255)}  ` }, []],
    ['missing e-mail', { name: 'Ada' }, ['Email is required']],
    ['both empty', { name: '', email: '' }, ['Name is required', 'Email is required']],
  ])('%s', (_case, value, expected) => {
    expect(messages(newsletterSchema, value)).toEqual(expected);
  });

  it.each(BAD_EMAILS)('rejects the e-mail %j', (email) => {
    expect(messages(newsletterSchema, { ...ok, email })).toEqual(['Invalid email address']);
  });

  it.each(EMPTY_EMAILS)('asks for the e-mail when it is %j', (email) => {
    expect(messages(newsletterSchema, { ...ok, email })).toEqual(['Email is required']);
  });

  it.each(['ada@example.com', 'ada.lovelace+news@mail.example.co.uk', 'A_D-A@Example.ORG'])(
    'accepts the e-mail %j',
    (email) => {
      expect(messages(newsletterSchema, { ...ok, email })).toEqual([]);
    },
  );

  it('returns trimmed values', () => {
    expect(newsletterSchema.parse({ name: ' Ada ', email: ' ada@example.com ' })).toEqual(ok);
  });

  it('shows the first failing message (the newsletter toast shows only that)', () => {
    const result = newsletterSchema.safeParse({ name: '', email: 'x' });
    expect(result.success).toBe(false);
    expect(errorMessages(result.error!)[0]).toBe('Name is required');
  });
});

describe('contactSchema', () => {
  const ok = { name: 'Ada', email: 'ada@example.com', message: chars(10) };
  it.each([
    ['empty message', { ...ok, message: '' }, ['Message must be at least 10 characters']],
    ['1-character message', { ...ok, message: chars(1) }, ['Message must be at least 10 characters']],
    ['9-character message', { ...ok, message: chars(9) }, ['Message must be at least 10 characters']],
    [
      '9 characters padded to 13',
      { ...ok, message: `  ${chars(9)}  ` },
      ['Message must be at least 10 characters'],
    ],
    ['10-character message', ok, []],
    ['2000-character message', { ...ok, message: chars(2000) }, []],
    [
      '2001-character message',
      { ...ok, message: chars(2001) },
      ['Message must be less than 2000 characters'],
    ],
    ['2000 characters padded with spaces', { ...ok, message: `\n${chars(2000)}\n` }, []],
    [
      'missing message',
      { name: 'Ada', email: 'ada@example.com' },
      ['Message must be at least 10 characters'],
    ],
    ['empty name', { ...ok, name: '' }, ['Name is required']],
    ['101-character name', { ...ok, name: chars(101) }, ['Name must be less than 100 characters']],
    ['bad e-mail', { ...ok, email: 'bad' }, ['Invalid email address']],
    [
      '256-character e-mail',
      { ...ok, email: emailOfLength(256) },
      ['Email must be less than 255 characters'],
    ],
  ])('%s', (_case, value, expected) => {
    expect(messages(contactSchema, value)).toEqual(expected);
  });

  it('lists every message in field order (the toast joins them with commas)', () => {
    expect(messages(contactSchema, { name: '', email: 'bad', message: '' }).join(', ')).toBe(
      'Name is required, Invalid email address, Message must be at least 10 characters',
    );
  });

  it('returns trimmed values', () => {
    expect(
      contactSchema.parse({ name: ' Ada', email: 'ada@example.com ', message: ` ${chars(10)} ` }),
    ).toEqual(ok);
  });
});

describe('projectRequestSchema', () => {
  const ok = {
    name: 'Ada',
    email: 'ada@example.com',
    company: '',
    projectType: 'chatbot',
    budget: '10k-25k',
    timeline: '1-month',
    description: chars(10),
  };
  it.each([
    ['a complete request', ok, []],
    ['no company', { ...ok, company: undefined }, []],
    ['1-character company', { ...ok, company: chars(1) }, []],
    ['100-character company', { ...ok, company: chars(100) }, []],
    [
      '101-character company',
      { ...ok, company: chars(101) },
      ['Company name must be less than 100 characters'],
    ],
    ['100 characters padded with spaces', { ...ok, company: ` ${chars(100)} ` }, []],
    ['no project type', { ...ok, projectType: '' }, ['Please select a project type']],
    ['missing project type', { ...ok, projectType: undefined }, ['Please select a project type']],
    ['unknown project type', { ...ok, projectType: 'other' }, ['Please select a project type']],
    ['project type by label', { ...ok, projectType: 'AI Chatbot' }, ['Please select a project type']],
    ['no budget', { ...ok, budget: '' }, ['Please select a budget range']],
    ['unknown budget', { ...ok, budget: '100k+' }, ['Please select a budget range']],
    ['no timeline', { ...ok, timeline: '' }, ['Please select a timeline']],
    ['unknown timeline', { ...ok, timeline: 'someday' }, ['Please select a timeline']],
    ['empty description', { ...ok, description: '' }, ['Please provide at least 10 characters']],
    ['1-character description', { ...ok, description: chars(1) }, ['Please provide at least 10 characters']],
    ['9-character description', { ...ok, description: chars(9) }, ['Please provide at least 10 characters']],
    ['1000-character description', { ...ok, description: chars(1000) }, []],
    [
      '1001-character description',
      { ...ok, description: chars(1001) },
      ['Description must be less than 1000 characters'],
    ],
    ['empty name', { ...ok, name: '' }, ['Name is required']],
    ['101-character name', { ...ok, name: chars(101) }, ['Name must be less than 100 characters']],
    ['bad e-mail', { ...ok, email: 'ada@example' }, ['Invalid email address']],
    [
      '256-character e-mail',
      { ...ok, email: emailOfLength(256) },
      ['Email must be less than 255 characters'],
    ],
  ])('%s', (_case, value, expected) => {
    expect(messages(projectRequestSchema, value)).toEqual(expected);
  });

  it.each([
    ...PROJECT_TYPES.map((o) => ['projectType', o.value]),
    ...BUDGETS.map((o) => ['budget', o.value]),
    ...TIMELINES.map((o) => ['timeline', o.value]),
  ])('accepts the option %s = %j', (field, value) => {
    expect(messages(projectRequestSchema, { ...ok, [field]: value })).toEqual([]);
  });

  it('gives the first message per field, for errors shown under each field', () => {
    const result = projectRequestSchema.safeParse({
      name: '',
      email: 'x',
      company: chars(101),
      projectType: '',
      budget: '',
      timeline: '',
      description: '',
    });
    expect(result.success).toBe(false);
    // As the form shows them, one under each field.
    expect(messagesByField(result.error!.issues)).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      company: 'Company name must be less than 100 characters',
      projectType: 'Please select a project type',
      budget: 'Please select a budget range',
      timeline: 'Please select a timeline',
      description: 'Please provide at least 10 characters',
    });
  });

  it('returns trimmed values with their option types', () => {
    const data = projectRequestSchema.parse({ ...ok, name: ' Ada ', company: ' Acme ' });
    expect(data).toEqual({ ...ok, company: 'Acme' });
    const projectType: ProjectType = data.projectType;
    const budget: Budget = data.budget;
    const timeline: Timeline = data.timeline;
    expect([projectType, budget, timeline]).toEqual(['chatbot', '10k-25k', '1-month']);
    // @ts-expect-error: only the offered values type-check
    const other: ProjectType = 'other';
    expect(other).toBe('other');
  });
});

describe('select options', () => {
  it('offer the spec’s values with their labels', () => {
    expect(PROJECT_TYPES).toEqual([
      { value: 'automation', label: 'Workflow Automation' },
      { value: 'chatbot', label: 'AI Chatbot' },
      { value: 'content', label: 'Content Generation' },
      { value: 'analytics', label: 'Data & Analytics' },
      { value: 'custom', label: 'Custom Solution' },
    ]);
    expect(BUDGETS).toEqual([
      { value: '5k-10k', label: '$5,000 - $10,000' },
      { value: '10k-25k', label: '$10,000 - $25,000' },
      { value: '25k-50k', label: '$25,000 - $50,000' },
      { value: '50k+', label: '$50,000+' },
    ]);
    expect(TIMELINES).toEqual([
      { value: 'asap', label: 'ASAP' },
      { value: '1-month', label: 'Within 1 month' },
      { value: '2-3-months', label: '2-3 months' },
      { value: 'flexible', label: 'Flexible' },
    ]);
  });
});

describe('authSchema', () => {
  const email = 'ada@example.com';
  it.each([
    [
      '',
      [
        'Password must be at least 8 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one lowercase letter',
        'Password must contain at least one number',
      ],
    ],
    [
      'abc',
      [
        'Password must be at least 8 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
      ],
    ],
    ['Abc1234', ['Password must be at least 8 characters']],
    ['Abc12345', []],
    [
      'ABCDEFGH',
      ['Password must contain at least one lowercase letter', 'Password must contain at least one number'],
    ],
    ['abcdefg1', ['Password must contain at least one uppercase letter']],
    ['ABCDEFG1', ['Password must contain at least one lowercase letter']],
    ['Abcdefgh', ['Password must contain at least one number']],
    ['DemoPass123', []],
    ['  Ab1   ', []], // 8 characters with the spaces, which belong to the password
  ])('password %j -> %j', (password, expected) => {
    expect(messages(authSchema, { email, password })).toEqual(expected);
  });

  it('reports a missing password as too short', () => {
    expect(messages(authSchema, { email })).toEqual(['Password must be at least 8 characters']);
  });

  it.each(BAD_EMAILS)('rejects the e-mail %j', (bad) => {
    expect(messages(authSchema, { email: bad, password: 'DemoPass123' })).toEqual(['Invalid email address']);
  });

  it.each(EMPTY_EMAILS)('asks for the e-mail when it is %j', (empty) => {
    expect(messages(authSchema, { email: empty, password: 'DemoPass123' })).toEqual(['Email is required']);
  });

  it('checks the e-mail length on the trimmed value', () => {
    expect(messages(authSchema, { email: ` ${emailOfLength(255)} `, password: 'DemoPass123' })).toEqual([]);
    expect(messages(authSchema, { email: emailOfLength(256), password: 'DemoPass123' })).toEqual([
      'Email must be less than 255 characters',
    ]);
  });

  it('trims the e-mail but never the password', () => {
    expect(authSchema.parse({ email: ' demo@example.com ', password: ' DemoPass123 ' })).toEqual({
      email: 'demo@example.com',
      password: ' DemoPass123 ',
    });
  });

  it('lists e-mail and password messages together (the toast joins them)', () => {
    expect(messages(authSchema, { email: '', password: 'abcdefgh' })).toEqual([
      'Email is required',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
    ]);
  });
});

describe('signUpSchema and newPasswordSchema (the rules listed under the field, #45.7)', () => {
  it.each(['abcdefgh', 'Abc1234', '', 'ABCDEFG1'])('gives %j one message, not one per rule', (password) => {
    expect(messages(signUpSchema, { email: 'ada@example.com', password })).toEqual([PASSWORD_RULES_UNMET]);
    expect(messages(newPasswordSchema, { password, confirmPassword: password })).toEqual([
      PASSWORD_RULES_UNMET,
    ]);
  });

  it('takes a password that meets every rule, untrimmed', () => {
    expect(signUpSchema.parse({ email: ' ada@example.com ', password: ' Abc12345' })).toEqual({
      email: 'ada@example.com',
      password: ' Abc12345',
    });
  });

  it('ticks each rule off on its own', () => {
    const met = (password: string) =>
      PASSWORD_RULES.filter((rule) => rule.test(password)).map((r) => r.label);
    expect(met('')).toEqual([]);
    expect(met('abc')).toEqual(['A lowercase letter']);
    expect(met('Abcdefg1')).toEqual([
      'At least 8 characters',
      'An uppercase letter',
      'A lowercase letter',
      'A number',
    ]);
  });
});

describe('checkoutSchema (#45.1)', () => {
  const billing = { name: 'Ada', address: '1 Way', city: 'London', country: 'GB' };

  it('requires the consent that work may start, after the billing fields', () => {
    expect(messages(checkoutSchema, { ...billing, startConsent: '' })).toEqual([START_CONSENT.required]);
    expect(messages(checkoutSchema, { ...billing, name: '' })).toEqual([
      'Name is required',
      START_CONSENT.required,
    ]);
    expect(checkoutSchema.safeParse({ ...billing, startConsent: 'yes' }).success).toBe(true);
  });

  it('refuses a control character in any billing text, as the database does, and trims spaces of any kind', () => {
    const ok = { ...billing, startConsent: 'yes' };
    expect(messages(checkoutSchema, { ...ok, name: 'Ada\tLovelace' })).toEqual([plainTextMessage('Name')]);
    expect(messages(checkoutSchema, { ...ok, company: 'Acme\u0085Ltd' })).toEqual([
      plainTextMessage('Company name'),
    ]);
    expect(messages(checkoutSchema, { ...ok, address: '1 Way\n2nd floor' })).toEqual([
      plainTextMessage('Address'),
    ]);
    expect(messages(checkoutSchema, { ...ok, postalCode: 'N1\u2028' + '9GU' })).toEqual([
      plainTextMessage('Postal code'),
    ]);
    expect(messages(checkoutSchema, { ...ok, city: 'Lon\u0000don' })).toEqual([plainTextMessage('City')]);
    expect(checkoutSchema.parse({ ...ok, city: '\u00a0London\u3000' })).toMatchObject({ city: 'London' });
  });
});

describe('newEmailSchema', () => {
  const schema = newEmailSchema('Ada@Example.com');

  it('refuses the current address, whatever its case and spaces, under the email field', () => {
    expect(messages(schema, { email: ' ada@example.COM ' })).toEqual([SAME_EMAIL_MESSAGE]);
    expect(schema.safeParse({ email: 'ada@example.com' }).error?.issues[0]?.path).toEqual(['email']);
  });

  it('takes another valid address, trimmed, and checks its shape first', () => {
    expect(schema.parse({ email: ' grace@example.com ' })).toEqual({ email: 'grace@example.com' });
    expect(messages(schema, { email: 'nope' })).toEqual(['Invalid email address']);
  });
});

describe('error helpers', () => {
  const failure = () => {
    const result = contactSchema.safeParse({ name: '', email: 'bad', message: chars(2001) });
    if (result.success) throw new Error('expected a failure');
    return result.error;
  };

  it('errorMessages lists every message', () => {
    expect(errorMessages(failure())).toEqual([
      'Name is required',
      'Invalid email address',
      'Message must be less than 2000 characters',
    ]);
  });
});
