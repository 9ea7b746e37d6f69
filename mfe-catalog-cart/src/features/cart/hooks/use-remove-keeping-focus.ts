import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { selectItems, useCartStore } from 'shared-lib';

/**
 * Keeps focus on the cart's lines while they change. Removing a line takes its remove button, and the focus on
 * it, away: the returned `remove(id)` moves focus to the next line's remove button (the previous one for the last
 * line), or to `fallback()` once the list is empty, never to <body>. And when the lines are re-sorted (a signed-in
 * cart merged with the stored one puts the stored lines first), the browser blurs a focused button it moves: focus
 * goes back to the same line's button. Remove buttons inside `list` carry `data-remove` set to their item's id.
 */
export function useRemoveKeepingFocus(
  list: RefObject<HTMLElement | null>,
  fallback: () => HTMLElement | null | undefined,
): (id: string) => void {
  const items = useCartStore(selectItems);
  const remove = useCartStore((s) => s.remove);
  const removedAt = useRef<number | null>(null);
  // The item whose remove button had focus when the cart last changed (read before React moves anything).
  const focusedItem = useRef<string | null>(null);
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;

  useEffect(
    () =>
      useCartStore.subscribe(selectItems, () => {
        const active = document.activeElement;
        focusedItem.current =
          active instanceof HTMLElement && list.current?.contains(active)
            ? (active.dataset.remove ?? null)
            : null;
      }),
    [list],
  );

  useLayoutEffect(() => {
    const index = removedAt.current;
    const kept = focusedItem.current;
    removedAt.current = null;
    focusedItem.current = null;
    const buttons = [...(list.current?.querySelectorAll<HTMLElement>('[data-remove]') ?? [])];
    if (index !== null) {
      const next = buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : null;
      (next ?? fallbackRef.current())?.focus();
    } else if (kept !== null) {
      buttons.find((button) => button.dataset.remove === kept && button !== document.activeElement)?.focus();
    }
  }, [items, list]);

  return (id: string) => {
    const index = items.findIndex((item) => item.id === id);
    if (index < 0) return;
    removedAt.current = index;
    remove(id);
  };
}
