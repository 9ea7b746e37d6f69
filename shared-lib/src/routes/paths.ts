// Every route of the site and the slice that owns it. The shell builds its routing table from this, each
// remote's contract test checks that it exposes exactly its own paths, and links use `paths` instead of strings.
// The `/services/...` pages come from the light catalogue.
import { servicePaths } from '../catalogue/service-index';
import type { RemoteKey } from '../contracts';

export { servicePaths };
export const paths = {
  home: '/',
  about: '/about',
  howWeWork: '/how-we-work',
  cases: '/cases',
  careers: '/careers',
  contact: '/contact',
  enterTheFuture: '/enter-the-future',
  customProjects: '/custom-projects',
  blog: '/blog',
  blogArticle: '/blog/:slug',
  privacy: '/privacy',
  terms: '/terms',
  imprint: '/imprint',
  /** A booking's e-mailed link: `/booking?token=<token>` (beyond the spec, #30.1). */
  booking: '/booking',
  auth: '/auth',
  authReset: '/auth/reset',
  account: '/account',
  /** A printable invoice or credit note: `/account/invoice?number=2026-0001` (beyond the spec, #31.5). */
  invoice: '/account/invoice',
  checkout: '/checkout',
  /** The order confirmation: `/checkout/confirmation?order=<id>` (beyond the spec, #31.2). */
  orderConfirmation: '/checkout/confirmation',
  /** The back office, for the agency's staff (beyond the spec, #42). */
  admin: '/admin',
  /** The orders desk: `/admin/orders?status=paid&q=2026-0001&page=2` (beyond the spec, #42.3). */
  adminOrders: '/admin/orders',
  /** One order in the back office: `/admin/order?id=<id>` (beyond the spec, #42.3). */
  adminOrder: '/admin/order',
  /** The calendar desk: `/admin/calendar?from=2026-11-30` (beyond the spec, #42.4). */
  adminCalendar: '/admin/calendar',
  /** The promotions desk: the banner's campaigns and their preview (beyond the spec, #42.5). */
  adminPromotions: '/admin/promotions',
  /** The leads desk: `/admin/leads?kind=project_request&unhandled=1&page=2` (beyond the spec, #42.5). */
  adminLeads: '/admin/leads',
  /** The newsletter's subscriber count and CSV export (beyond the spec, #42.5). */
  adminNewsletter: '/admin/newsletter',
} as const;

/** The printable invoice (or credit note) numbered `number`. */
export const invoicePath = (number: string) => `${paths.invoice}?number=${encodeURIComponent(number)}`;

/** The confirmation page of the order `orderId`. */
export const orderConfirmationPath = (orderId: string) =>
  `${paths.orderConfirmation}?order=${encodeURIComponent(orderId)}`;

/** The contact page's calendar booking the AI Strategy Call instead of a discovery call (#33.6). */
export const strategyCallBookingPath = `${paths.contact}?call=strategy`;

export const blogArticlePath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

export const remotePaths: Record<RemoteKey, readonly string[]> = {
  marketing: [
    paths.home,
    paths.about,
    paths.cases,
    paths.careers,
    paths.contact,
    paths.enterTheFuture,
    paths.customProjects,
    paths.blog,
    paths.blogArticle,
    paths.privacy,
    paths.terms,
    paths.imprint,
    paths.booking,
  ],
  catalog: [paths.howWeWork, ...servicePaths, paths.checkout, paths.orderConfirmation],
  account: [paths.auth, paths.authReset, paths.account, paths.invoice],
  backoffice: [
    paths.admin,
    paths.adminOrders,
    paths.adminOrder,
    paths.adminCalendar,
    paths.adminPromotions,
    paths.adminLeads,
    paths.adminNewsletter,
  ],
};

/** Routes that need a signed-in user; the shell guards them. */
export const protectedPaths: readonly string[] = [
  paths.checkout,
  paths.orderConfirmation,
  paths.account,
  paths.invoice,
];

/**
 * Routes for the agency's staff alone; the shell's staff guard shows everyone else the 404 page and asks staff for
 * their second factor first. It hides screens only: the database decides what staff may read and change.
 */
export const staffPaths: readonly string[] = remotePaths.backoffice;

/**
 * Pages whose content depends on the visitor: not prerendered (scripts/prerender.mjs), not in the sitemap, closed
 * to crawlers in robots.txt (tools/webpack/site-routes.js) and marked noindex.
 */
export const personalPaths: readonly string[] = [
  paths.auth,
  paths.authReset,
  ...protectedPaths,
  paths.booking,
  ...staffPaths,
];

export function remoteForPath(pathname: string): RemoteKey | undefined {
  for (const [remote, list] of Object.entries(remotePaths) as [RemoteKey, readonly string[]][]) {
    if (list.some((pattern) => matchesPattern(pattern, pathname))) return remote;
  }
  return undefined;
}

function matchesPattern(pattern: string, pathname: string): boolean {
  const a = pattern.split('/');
  const b = pathname.replace(/\/+$/, '').split('/');
  if (pathname === '/' || pattern === '/') return pattern === (pathname.replace(/\/+$/, '') || '/');
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i]);
}

/** React Router 7 behaviour, opted into now (and no warnings about it). */
export const routerFuture = { v7_startTransition: true, v7_relativeSplatPath: true } as const;
