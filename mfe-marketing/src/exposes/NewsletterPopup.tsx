export default function NewsletterPopup() {
  return null;
}
