import {
  authSchema,
  contactSchema,
  errorMessages,
  fieldErrors,
  firstErrorMessage,
  newsletterSchema,
  projectRequestSchema,
} from '../schemas';

const chars = (n: number) => 'a'.repeat(n);
const emailOfLength = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;

function messages(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? [] : errorMessages(result.error as Parameters<typeof errorMessages>[0]);
}

describe('newsletterSchema', () => {
  const ok = { name: 'Ada', email: 'ada@example.com' };
  it.each([
    [{ ...ok, name: '' }, ['Name is required']],
    [{ ...ok, name: '   ' }, ['Name is required']],
    [{ ...ok, name: chars(1) }, []],
    [{ ...ok, name: chars(100) }, []],
    [{ ...ok, name: chars(101) }, ['Name must be less than 100 characters']],
    [{ ...ok, name: ` ${chars(100)} ` }, []],
    [{ ...ok, email: '' }, ['Invalid email address']],
    [{ ...ok, email: 'not-an-email' }, ['Invalid email address']],
    [{ ...ok, email: emailOfLength(255) }, []],
    [{ ...ok, email: emailOfLength(256) }, ['Email must be less than 255 characters']],
  ])('%j -> %j', (value, expected) => {
    expect(messages(newsletterSchema, value)).toEqual(expected);
  });

  it('trims what it returns and reports the first failure first', () => {
    expect(newsletterSchema.parse({ name: ' Ada ', email: ' ada@example.com ' })).toEqual(ok);
    const result = newsletterSchema.safeParse({ name: '', email: 'x' });
    expect(result.success || firstErrorMessage(result.error)).toBe('Name is required');
  });
});

describe('contactSchema', () => {
  const ok = { name: 'Ada', email: 'ada@example.com', message: chars(10) };
  it.each([
    [{ ...ok, message: chars(9) }, ['Message must be at least 10 characters']],
    [{ ...ok, message: `  ${chars(9)}  ` }, ['Message must be at least 10 characters']],
    [{ ...ok, message: chars(2000) }, []],
    [{ ...ok, message: chars(2001) }, ['Message must be less than 2000 characters']],
    [
      { name: '', email: 'bad', message: '' },
      ['Name is required', 'Invalid email address', 'Message must be at least 10 characters'],
    ],
  ])('%j -> %j', (value, expected) => {
    expect(messages(contactSchema, value)).toEqual(expected);
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
    [ok, []],
    [{ ...ok, company: undefined }, []],
    [{ ...ok, company: chars(100) }, []],
    [{ ...ok, company: chars(101) }, ['Company name must be less than 100 characters']],
    [{ ...ok, projectType: '' }, ['Please select a project type']],
    [{ ...ok, projectType: 'other' }, ['Please select a project type']],
    [{ ...ok, budget: '' }, ['Please select a budget range']],
    [{ ...ok, timeline: '' }, ['Please select a timeline']],
    [{ ...ok, description: chars(9) }, ['Please provide at least 10 characters']],
    [{ ...ok, description: chars(1000) }, []],
    [{ ...ok, description: chars(1001) }, ['Description must be less than 1000 characters']],
  ])('%j -> %j', (value, expected) => {
    expect(messages(projectRequestSchema, value)).toEqual(expected);
  });

  it('gives the first message per field for errors under each field', () => {
    const result = projectRequestSchema.safeParse({ ...ok, name: '', budget: '', description: '' });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      name: 'Name is required',
      budget: 'Please select a budget range',
      description: 'Please provide at least 10 characters',
    });
  });
});

describe('authSchema', () => {
  it('reports every rule a weak password breaks', () => {
    expect(messages(authSchema, { email: 'ada@example.com', password: 'abc' })).toEqual([
      'Password must be at least 8 characters',
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
    ]);
    expect(messages(authSchema, { email: 'ada@example.com', password: 'ABCDEFGH' })).toEqual([
      'Password must contain at least one lowercase letter',
      'Password must contain at least one number',
    ]);
  });

  it('accepts a strong password and a trimmed e-mail', () => {
    expect(authSchema.parse({ email: ' demo@example.com ', password: 'DemoPass123' })).toEqual({
      email: 'demo@example.com',
      password: 'DemoPass123',
    });
    expect(messages(authSchema, { email: emailOfLength(256), password: 'DemoPass123' })).toEqual([
      'Email must be less than 255 characters',
    ]);
  });
});
