import { useLayoutEffect, useRef, type RefObject } from 'react';
import { selectItems, useCartStore } from 'shared-lib';

/**
 * Removing a cart line takes its remove button, and the focus on it, away. This gives a `remove(id)` after which
 * focus moves to the next line's remove button (the previous one for the last line), or to `fallback()` once the
 * list is empty, never to <body>. Remove buttons inside `list` carry `data-remove`.
 */
export function useRemoveKeepingFocus(
  list: RefObject<HTMLElement | null>,
  fallback: () => HTMLElement | null | undefined,
): (id: string) => void {
  const items = useCartStore(selectItems);
  const remove = useCartStore((s) => s.remove);
  const removedAt = useRef<number | null>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  useLayoutEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = list.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [];
    const next = buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : null;
    (next ?? fallbackRef.current())?.focus();
  }, [items, list]);

  return (id: string) => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) return;
    removedAt.current = index;
    remove(id);
  };
}
