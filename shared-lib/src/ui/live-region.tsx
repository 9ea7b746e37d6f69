import { useAnnouncerStore } from '../stores/announcer';
import { VisuallyHidden } from './primitives';

/**
 * The polite live region `announce()` fills. The shell mounts one at start-up (standalone hosts too); it is
 * visually hidden and empty until something happens.
 */
export function LiveRegion() {
  const current = useAnnouncerStore((s) => s.current);
  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="live-region">
      {current ? <span key={current.id}>{current.message}</span> : null}
    </VisuallyHidden>
  );
}
