import { safeLocalStorage, safeSessionStorage } from '../browser-storage';

// Site data blocked: reading `window.localStorage` itself throws, as Chromium does.
function blockStorage(name: 'localStorage' | 'sessionStorage') {
  const original = Object.getOwnPropertyDescriptor(window, name);
  Object.defineProperty(window, name, {
    configurable: true,
    get() {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    },
  });
  return () => {
    if (original) Object.defineProperty(window, name, original);
  };
}

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('safeLocalStorage and safeSessionStorage', () => {
  it('read and write the browser storage where it works', () => {
    safeLocalStorage.setItem('k', 'v');
    safeSessionStorage.setItem('s', 'w');
    expect(localStorage.getItem('k')).toBe('v');
    expect(sessionStorage.getItem('s')).toBe('w');
    expect(safeLocalStorage.getItem('k')).toBe('v');
    safeLocalStorage.removeItem('k');
    expect(localStorage.getItem('k')).toBeNull();
    expect(safeLocalStorage.getItem('k')).toBeNull();
  });

  it('keep values for the page in memory when the browser blocks storage', () => {
    const unblock = blockStorage('sessionStorage');
    try {
      expect(safeSessionStorage.getItem('dismissed')).toBeNull();
      safeSessionStorage.setItem('dismissed', 'promo-1');
      expect(safeSessionStorage.getItem('dismissed')).toBe('promo-1');
      safeSessionStorage.removeItem('dismissed');
      expect(safeSessionStorage.getItem('dismissed')).toBeNull();
    } finally {
      unblock();
    }
  });

  it('keep a value in memory when the quota is full, and store it again once there is room', () => {
    localStorage.setItem('cart', 'small');
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementationOnce(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    try {
      safeLocalStorage.setItem('cart', 'big');
      expect(localStorage.getItem('cart')).toBe('small');
      expect(safeLocalStorage.getItem('cart')).toBe('big');
      safeLocalStorage.setItem('cart', 'smaller');
      expect(localStorage.getItem('cart')).toBe('smaller');
      expect(safeLocalStorage.getItem('cart')).toBe('smaller');
    } finally {
      setItem.mockRestore();
    }
  });
});
