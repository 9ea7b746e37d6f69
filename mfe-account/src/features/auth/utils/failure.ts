import { describeError } from 'shared-lib';

/** The words a form keeps beside itself for a failed call (the same words as its error toast). */
export const failureOf = (error: unknown): string => describeError(error).message;
