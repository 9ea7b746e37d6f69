// `./NewsletterForm`: the newsletter form alone (the popup's content: form, then the issued code with a copy
// button), for the shell's promo banner dialog, which explains the offer around it.
export { default } from '../features/newsletter/components/NewsletterForm';
