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
});
