// The order confirmation's chunk: the route loads it on demand, and the checkout asks for it early, so that when
// "Complete Purchase" leads there the page is ready and the checkout's last frame is followed by the order's
// (#45.3: no blank or "Loading..." frame in between).
export const loadOrderConfirmationPage = () => import('./OrderConfirmationPage');
