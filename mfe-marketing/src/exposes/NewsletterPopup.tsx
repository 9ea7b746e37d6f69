// `./NewsletterPopup`: offers the newsletter's 10% code about 2 s after the page has loaded, unless the visitor has
// seen it or already holds a code, and only when it is its turn (usePopupMoment: the visitor idle, not at a form,
// not on a page of their own business). This module stays tiny; the dialog and the form load once it knows it will
// open.
import { lazy, Suspense, useEffect, useState } from 'react';
import { Dialog, FormSkeleton } from 'shared-lib';
import { usePopupMoment } from '../features/newsletter/hooks/use-popup-moment';
import { markPopupSeen, shouldShowPopup } from '../features/newsletter/utils/storage';

const loadForm = () => import('../features/newsletter/components/NewsletterForm');
const NewsletterForm = lazy(loadForm);

export default function NewsletterPopup() {
  const [willOpen] = useState(shouldShowPopup);
  const [closed, setClosed] = useState(false);
  const open = usePopupMoment(willOpen && !closed);
  useEffect(() => {
    // The shell mounts this widget in idle time; fetching the form now means it is ready when the popup opens.
    if (willOpen) void loadForm();
  }, [willOpen]);
  const onOpenChange = (next: boolean) => {
    if (next) return;
    setClosed(true);
    markPopupSeen();
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
