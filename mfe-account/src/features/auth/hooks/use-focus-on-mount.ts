import { useEffect, useRef } from 'react';

/**
 * Focus for a step that replaces the one the user was on (the code step after the password, the inbox note after
 * a form): the element, usually the step's heading with tabIndex -1, takes focus so it is read and keyboard users
 * are not left on <body> (WCAG 2.4.3).
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}
