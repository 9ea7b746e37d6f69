// The site's one polite live region (WCAG 4.1.3): `announce()` puts a sentence into it for screen readers.
// The region itself (<LiveRegion>) is on the page from start-up and empty, because text in a region that is added
// to the page already filled is often not read; each message is a new node, so the same sentence twice is read
// twice.
import { create } from 'zustand';

export interface Announcement {
  id: number;
  message: string;
}

let nextId = 1;

export const useAnnouncerStore = create<{ current: Announcement | null }>()(() => ({ current: null }));

/** Reads `message` out politely (after what the screen reader is saying), through the page's live region. */
export function announce(message: string): void {
  const text = message.trim();
  if (!text) return;
  useAnnouncerStore.setState({ current: { id: nextId++, message: text } });
}
