// The modal dialog every slice uses. Its implementation (Radix: focus trap, Escape, focus return, inert
// background, scroll lock) is loaded the first time a dialog opens, so pages pay nothing for it up front.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** A one-line summary read out by screen readers when the dialog opens. */
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
  /** Loads the dialog's code while it is still closed, for a dialog that opens by itself (no wait on open). */
  preload?: boolean;
}

const loadContent = () => import('./dialog-content');
const DialogContent = lazy(loadContent);

export function Dialog(props: DialogProps) {
  useEffect(() => {
    if (props.preload) void loadContent();
  }, [props.preload]);
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <DialogContent {...props} />
    </Suspense>
  );
}
