import { paths } from 'shared-lib';

export const headerLinks = [
  { to: paths.home, label: 'Home' },
  { to: paths.howWeWork, label: 'Our Services' },
  { to: paths.cases, label: 'Cases' },
  { to: paths.contact, label: 'Contact' },
] as const;

export const footerLinks = [
  { to: paths.about, label: 'About' },
  { to: paths.howWeWork, label: 'Services' },
  { to: paths.cases, label: 'Cases' },
  { to: paths.careers, label: 'Careers' },
  { to: paths.blog, label: 'Blog' },
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.terms, label: 'Terms of Service' },
  // Beyond the spec's footer links: the company behind the site (issue #31.6).
  { to: paths.imprint, label: 'Imprint' },
] as const;
