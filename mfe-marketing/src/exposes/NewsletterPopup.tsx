// `./NewsletterPopup`: offers the newsletter's 10% code about 2 s after a visit starts, unless the visitor has
// seen it or already holds a code. This module stays tiny; the form loads when the popup opens.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Dialog } from 'shared-lib';
import { markPopupSeen, POPUP_DELAY_MS, shouldShowPopup } from '../features/newsletter/storage';

const NewsletterForm = lazy(() => import('../features/newsletter/NewsletterForm'));

export default function NewsletterPopup() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!shouldShowPopup()) return;
    const timer = window.setTimeout(() => setOpen(true), POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) markPopupSeen();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Get 10% off your first project" wide>
      <Suspense fallback={<p>Loading...</p>}>
        <NewsletterForm />
      </Suspense>
    </Dialog>
  );
}
