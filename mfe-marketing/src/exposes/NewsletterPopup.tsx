// `./NewsletterPopup`: offers the newsletter's 10% code about 2 s after the page has loaded, unless the visitor has
// seen it or already holds a code. This module stays tiny; the dialog and the form load once it knows it will open.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Dialog, FormSkeleton } from 'shared-lib';
import { markPopupSeen, POPUP_DELAY_MS, shouldShowPopup } from '../features/newsletter/utils/storage';
import { msUntilAfterLoad } from '../utils/since-load';

const loadForm = () => import('../features/newsletter/components/NewsletterForm');
const NewsletterForm = lazy(loadForm);

export default function NewsletterPopup() {
  const [open, setOpen] = useState(false);
  const [willOpen] = useState(shouldShowPopup);
  useEffect(() => {
    if (!willOpen) return;
    // The shell mounts this widget in idle time; fetching the form now means it is ready when the popup opens.
    void loadForm();
    const timer = window.setTimeout(() => setOpen(true), msUntilAfterLoad(POPUP_DELAY_MS));
    return () => window.clearTimeout(timer);
  }, [willOpen]);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) markPopupSeen();
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Get 10% off your first project"
      wide
      preload={willOpen}
    >
      <Suspense fallback={<FormSkeleton fields={2} />}>
        <NewsletterForm />
      </Suspense>
    </Dialog>
  );
}
