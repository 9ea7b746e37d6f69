import type { z } from 'zod';
import type { FormCheck } from '../forms/use-form-submit';
import { errorMessages } from './schemas';

/**
 * A form's check for `useFormSubmit`: the parsed values, or the spec's destructive 'Validation Error' toast whose
 * description lists what is wrong (every message, comma-separated, unless `describe` says otherwise). `report`
 * receives each field's messages, comma-separated as the toast lists them ({} when the values pass), for the
 * errors shown under the fields (useFormFeedback's `report`).
 */
export function checkForm<S extends z.ZodType>(
  schema: S,
  values: unknown,
  describe: (error: z.ZodError) => string | undefined = (error) => errorMessages(error).join(', '),
  report?: (errors: Record<string, string | undefined>) => void,
): FormCheck<z.output<S>> {
  const parsed = schema.safeParse(values);
  report?.(parsed.success ? {} : messagesByField(parsed.error));
  if (parsed.success) return { success: true, data: parsed.data };
  return {
    success: false,
    toast: { title: 'Validation Error', description: describe(parsed.error), variant: 'destructive' },
  };
}

/** Each field's messages, in the schema's order, comma-separated. */
export function messagesByField(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (field === undefined) continue;
    const key = String(field);
    result[key] = result[key] ? `${result[key]}, ${issue.message}` : issue.message;
  }
  return result;
}
