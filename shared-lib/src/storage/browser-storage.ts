// Web storage that never breaks a page. Browsers refuse it in more ways than one: with site data blocked,
// merely reading `window.localStorage` throws a SecurityError; a full quota makes `setItem` throw; some embedded
// browsers have no storage at all. The storefront then works for the life of the page: what could not be stored
// is kept in memory, so a dismissed promotion stays dismissed and a shown popup stays shown until the next load.
export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function guarded(area: () => Storage): SafeStorage {
  const memory = new Map<string, string>();
  const attempt = <T>(operate: (storage: Storage) => T): { ok: true; value: T } | { ok: false } => {
    try {
      return { ok: true, value: operate(area()) };
    } catch {
      return { ok: false };
    }
  };
  return {
    getItem(key) {
      // What memory holds is newer than what storage kept (the write that did not fit).
      const kept = memory.get(key);
      if (kept !== undefined) return kept;
      const read = attempt((storage) => storage.getItem(key));
      return read.ok ? read.value : null;
    },
    setItem(key, value) {
      if (attempt((storage) => storage.setItem(key, value)).ok) memory.delete(key);
      else memory.set(key, value);
    },
    removeItem(key) {
      memory.delete(key);
      attempt((storage) => storage.removeItem(key));
    },
  };
}

/** `localStorage`, or memory for this page where the browser refuses it. */
export const safeLocalStorage = guarded(() => window.localStorage);
/** `sessionStorage`, or memory for this page where the browser refuses it. */
export const safeSessionStorage = guarded(() => window.sessionStorage);
