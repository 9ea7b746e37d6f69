// The popup's two local-storage flags (spec section 3).
const SEEN_KEY = 'newsletter_popup_seen';
const CODE_KEY = 'discount_code';
export const POPUP_DELAY_MS = 2000;

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

export const shouldShowPopup = () => !read(SEEN_KEY) && !read(CODE_KEY);
export const markPopupSeen = () => localStorage.setItem(SEEN_KEY, 'true');
export const storeDiscountCode = (code: string) => localStorage.setItem(CODE_KEY, code);
