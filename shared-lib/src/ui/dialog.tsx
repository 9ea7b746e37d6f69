// The modal dialog every slice uses. Its implementation (Radix: focus trap, Escape, focus return, inert
// background, scroll lock) is loaded the first time a dialog opens, so pages pay nothing for it up front.
import { lazy, Suspense, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A one-line summary read out by screen readers when the dialog opens. */
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

const DialogContent = lazy(() => import('./dialog-content'));

export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogContent {...props} />
    </Suspense>
  );
}
