// The error contract of every `api/` function in every slice: it resolves with its data, or throws an ApiError
// that carries what Supabase said (code, message, HTTP status, details, hint; the supabase-js error itself as
// `cause`). An api/ function never picks words for people: the UI does, in one place, with `describeError`
// (shared-lib/src/errors/describe-error.ts); a form can add its own words for a code it expects
// (useFormSubmit's `refusal`). Write a new call with `callSupabase` and it keeps this contract by itself.

interface ApiErrorInit {
  message: string;
  /**
   * Postgres's SQLSTATE or PostgREST's code ('23505', 'P0001', 'PGRST301', the site's own 'PT409'), or the auth
   * server's error code ('invalid_credentials', 'mfa_verification_failed'); '' when there is none.
   */
  code?: string;
  /** The HTTP status of the answer; undefined when the request got none (the network, a timeout). */
  status?: number;
  details?: string | null;
  hint?: string | null;
}

export class ApiError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly details: string | null;
  readonly hint: string | null;

  constructor(
    { message, code = '', status, details = null, hint = null }: ApiErrorInit,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ApiError';
    this.code = code;
    // supabase-js says 0 when no answer came.
    this.status = status ? status : undefined;
    this.details = details;
    this.hint = hint;
  }

  /**
   * The ApiError for what a supabase-js call gave back as its error (a PostgrestError, an AuthError) or threw;
   * `status` is the response's when supabase-js keeps it beside the error (PostgREST calls).
   */
  static from(error: unknown, status?: number): ApiError {
    if (error instanceof ApiError) return error;
    const record = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
    const text = (value: unknown) => (typeof value === 'string' ? value : null);
    return new ApiError(
      {
        message: text(record.message) ?? String(error),
        code: text(record.code) ?? '',
        status: typeof record.status === 'number' ? record.status : status,
        details: text(record.details),
        hint: text(record.hint),
      },
      { cause: error },
    );
  }
}

/** True for an ApiError, and when codes are given, one with one of them. */
export function isApiError(error: unknown, ...codes: string[]): error is ApiError {
  return error instanceof ApiError && (codes.length === 0 || codes.includes(error.code));
}
