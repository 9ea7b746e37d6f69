import type { z } from 'zod';
import type { FormCheck } from '../forms/use-form-submit';
import { errorMessages } from './schemas';

/**
 * A form's check for `useFormSubmit`: the parsed values, or the spec's destructive 'Validation Error' toast whose
 * description lists what is wrong (every message, comma-separated, unless `describe` says otherwise).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  describe: (error: z.ZodError) => string | undefined = (error) => errorMessages(error).join(', '),
): FormCheck<z.output<S>> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    toast: { title: 'Validation Error', description: describe(parsed.error), variant: 'destructive' },
  };
}
