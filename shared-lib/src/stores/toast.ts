// The toast bus: any slice calls `toast(...)`, the shell's <Toaster> shows them.
import { create } from 'zustand';
import { announce } from './announcer';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /**
   * How long the toast stays, in ms, counted only while it can be read (not while the pointer or keyboard focus
   * is on the toasts, nor while the page is hidden). Destructive toasts stay until dismissed unless one is given
   * (WCAG 2.2.1: an error must not vanish before it is read).
   */
  duration?: number;
  /**
   * Toasts of one group replace each other: a form passes its own group, so its success toast takes the place of
   * the validation toast it showed before, instead of the two piling up.
   */
  group?: string;
}

export interface Toast extends Required<Pick<ToastInput, 'title' | 'variant' | 'duration'>> {
  id: number;
  description?: string;
  group?: string;
}

interface ToastState {
  toasts: Toast[];
  dismiss: (id: number) => void;
  /** Dismisses every toast of a group (a page's forms, once what they were about is done). */
  dismissGroup: (group: string) => void;
}

export const TOAST_DURATION = 5000;
/** At most this many toasts are on screen; a new one pushes out the oldest. */
export const MAX_TOASTS = 3;
let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  dismissGroup: (group) => set((s) => ({ toasts: s.toasts.filter((t) => t.group !== group) })),
}));

export function toast(input: ToastInput): number {
  const id = nextId++;
  const variant = input.variant ?? 'default';
  const item: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant,
    duration: input.duration ?? (variant === 'destructive' ? Infinity : TOAST_DURATION),
    group: input.group,
  };
  useToastStore.setState((s) => ({
    toasts: [...s.toasts.filter((t) => !item.group || t.group !== item.group), item].slice(-MAX_TOASTS),
  }));
  // A success is read out through the page's live region, present (empty) since start-up: a status region that
  // arrives already filled, as a toast does, is often not read. Errors are alerts, which are.
  if (variant !== 'destructive') announce([item.title, item.description].filter(Boolean).join(' '));
  return id;
}

export const dismissToast = (id: number) => useToastStore.getState().dismiss(id);
