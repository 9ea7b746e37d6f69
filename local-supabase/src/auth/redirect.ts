// Where an e-mail link may lead, as GoTrue decides (utilities.IsRedirectURLValid and getRedirectURLOrReferrer):
// a URL on the site_url's host, or one matching a pattern of additional_redirect_urls; anything else falls back
// to the Referer when that is allowed, else to site_url. So a link can never send a customer to another site.

import type { FastifyRequest } from 'fastify';

export interface RedirectPolicy {
  siteUrl: string;
  additionalRedirectUrls: string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A pattern of additional_redirect_urls as GoTrue compiles it (gobwas/glob with `.` and `/` as separators): `**`
 * matches anything, `*` anything within one label or path segment, `?` one such character.
 */
function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i]!;
    if (ch === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i += 1;
    } else if (ch === '*') source += '[^./]*';
    else if (ch === '?') source += '[^./]';
    else source += escapeRegExp(ch);
  }
  return new RegExp(`^${source}$`);
}

function isRedirectAllowed(policy: RedirectPolicy, candidate: string): boolean {
  let target: URL;
  try {
    target = new URL(candidate);
  } catch {
    return false;
  }
  // Only web and app links: never javascript: or data: (a link in an e-mail opens whatever it names).
  if (['javascript:', 'data:', 'vbscript:', 'file:'].includes(target.protocol)) return false;
  if (new URL(policy.siteUrl).hostname === target.hostname) return true;
  return policy.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(candidate));
}

/** The redirect_to to use: the requested one when allowed, else the Referer when allowed, else site_url. */
function chooseRedirect(policy: RedirectPolicy, requested: unknown, referer: string | undefined): string {
  if (typeof requested === 'string' && requested !== '' && isRedirectAllowed(policy, requested))
    return requested;
  if (referer && isRedirectAllowed(policy, referer)) return referer;
  return policy.siteUrl;
}

/** What a request's redirect_to (query string, as supabase-js sends it) or Referer allows. */
export const requestRedirect = (policy: RedirectPolicy, request: FastifyRequest): string =>
  chooseRedirect(
    policy,
    (request.query as { redirect_to?: unknown } | undefined)?.redirect_to,
    request.headers.referer,
  );
