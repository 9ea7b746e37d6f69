import { checkForm } from '../check-form';
import { authSchema, errorMessages, firstErrorMessage } from '../schemas';

describe('checkForm', () => {
  it('returns the parsed values when they pass', () => {
    expect(checkForm(authSchema, { email: ' ada@example.com ', password: 'DemoPass123' })).toEqual({
      success: true,
      data: authSchema.parse({ email: ' ada@example.com ', password: 'DemoPass123' }),
    });
  });

  it('returns the destructive Validation Error toast listing every problem, or what describe says', () => {
    const values = { email: 'no', password: '' };
    const messages = errorMessages(authSchema.safeParse(values).error!);
    expect(checkForm(authSchema, values)).toEqual({
      success: false,
      toast: { title: 'Validation Error', description: messages.join(', '), variant: 'destructive' },
    });
    expect(checkForm(authSchema, values, firstErrorMessage)).toMatchObject({
      toast: { description: messages[0] },
    });
  });

  it('reports each field’s messages for the errors under the fields, and {} once the values pass', () => {
    const report = jest.fn();
    checkForm(authSchema, { email: 'no', password: 'short' }, undefined, report);
    expect(report).toHaveBeenLastCalledWith({
      email: 'Invalid email address',
      password: [
        'Password must be at least 8 characters',
        'Password must contain at least one uppercase letter',
        'Password must contain at least one number',
      ].join(', '),
    });
    checkForm(authSchema, { email: 'ada@example.com', password: 'DemoPass123' }, undefined, report);
    expect(report).toHaveBeenLastCalledWith({});
  });
});
