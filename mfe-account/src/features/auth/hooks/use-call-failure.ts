import { useState } from 'react';
import { failureOf } from '../utils/failure';

/** A failed call's words, kept beside the form (the same words as its error toast) until the next try or edit. */
export function useCallFailure(id: string) {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    failureId: failure ? `${id}-failure` : undefined,
    clearFailure: () => setFailure(null),
    keepFailure: (error: unknown) => setFailure(failureOf(error)),
  };
}
