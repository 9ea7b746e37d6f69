export default function PurchaseToast() {
  return null;
}
