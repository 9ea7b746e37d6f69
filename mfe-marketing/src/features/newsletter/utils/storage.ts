// The popup's two local-storage flags (spec section 3).
import { safeLocalStorage } from 'shared-lib';

const SEEN_KEY = 'newsletter_popup_seen';
const CODE_KEY = 'discount_code';
export const POPUP_DELAY_MS = 2000;

export const shouldShowPopup = () =>
  !safeLocalStorage.getItem(SEEN_KEY) && !safeLocalStorage.getItem(CODE_KEY);
export const markPopupSeen = () => safeLocalStorage.setItem(SEEN_KEY, 'true');
export const storeDiscountCode = (code: string) => safeLocalStorage.setItem(CODE_KEY, code);
