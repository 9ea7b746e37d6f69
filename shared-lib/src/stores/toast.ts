// The toast bus: any slice calls `toast(...)`, the shell's <Toaster> shows them.
import { create } from 'zustand';

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How long the toast stays, in ms. */
  duration?: number;
}

export interface Toast extends Required<Pick<ToastInput, 'title' | 'variant' | 'duration'>> {
  id: number;
  description?: string;
}

interface ToastState {
  toasts: Toast[];
  dismiss: (id: number) => void;
}

export const TOAST_DURATION = 5000;
const MAX_TOASTS = 3;
let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? TOAST_DURATION,
  };
  useToastStore.setState((s) => ({ toasts: [...s.toasts, item].slice(-MAX_TOASTS) }));
  return id;
}

export const dismissToast = (id: number) => useToastStore.getState().dismiss(id);
