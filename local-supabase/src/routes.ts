// Every route the service serves, in one table, as GoTrue's api.go lists its own: the method and path, the API
// that answers it (GoTrue's, PostgREST's or the local inbox's: their error shapes and hooks, src/app.ts), the
// handler (each one file of src/auth, src/rest or src/mail, all with one signature, src/service.ts), the limits
// that may stop a request before it (src/limits.ts), and one line for the README's "What it serves", which
// test/routes.test.ts holds to this table (`npm run routes -w local-supabase` writes it).
//
// A new route is one line here: `{ method: 'POST', path: '/functions/v1/:name', api: 'functions', handler: invoke,
// limits: [], does: '…' }`, with its handler in a file of its own and, for a new API, its answers in src/app.ts.
import { deleteFactor, listFactors } from './auth/admin';
import { generateLink, invite } from './auth/admin-links';
import { createUser, deleteUser, getUserById, listUsers, updateUserById } from './auth/admin-users';
import { identityLinking, oauthServer, sso } from './auth/disabled';
import { challenge, enroll, unenroll, verifyFactor } from './auth/factors';
import { logout } from './auth/logout';
import { otp } from './auth/otp';
import { reauthenticate } from './auth/reauthenticate';
import { recover } from './auth/recover';
import { resend } from './auth/resend';
import { health, jwks, settings } from './auth/settings';
import { signup } from './auth/signup';
import { token } from './auth/token';
import { getUser, updateUser } from './auth/user';
import { verifyCode, verifyLink } from './auth/verify';
import { invokeFunction } from './functions/invoke';
import { emailFrequency, emailSent, rate, serviceRole, signedIn, type Limit } from './limits';
import {
  clearFromPage,
  deleteMessages,
  getMessage,
  inboxPage,
  listMessages,
  messageView,
} from './mail/inbox';
import { sendEmail } from './mail/provider';
import { insert } from './rest/insert';
import { readTable } from './rest/read';
import { callByGet, callByPost } from './rest/rpc';
import { remove, update } from './rest/update';
import type { Handler } from './service';

/**
 * Who answers a route: GoTrue's shapes under /auth/v1, PostgREST's under /rest/v1, Supabase's gateway in front of
 * the Edge Functions under /functions/v1, the inbox on its own port.
 */
export type Api = 'auth' | 'rest' | 'functions' | 'inbox';

export interface Route {
  /** ANY: every method, OPTIONS included (an Edge Function answers its own CORS preflight). */
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'ANY';
  /** As the client requests it (Fastify's syntax for parameters); an inbox route's is on the inbox's port. */
  path: string;
  api: Api;
  handler: Handler;
  /** What may stop the request before the handler, in order. */
  limits: Limit[];
  /** What it does, in the README's table. */
  does: string;
}

/**
 * Routes behind one guard, as GoTrue guards a group once (`r.With(api.requireAdminCredentials).Route("/admin",
 * ...)`): the guard runs first on each, then the route's own limits.
 */
const behind = (guard: Limit[], routes: Route[]): Route[] =>
  routes.map((route) => ({ ...route, limits: [...guard, ...route.limits] }));

// One line a route, so the table reads as one.
// prettier-ignore
export const ROUTES: Route[] = [
  // GoTrue (internal/api/api.go)
  { method: 'GET', path: '/auth/v1/health', api: 'auth', handler: health, limits: [], does: 'GoTrue health' },
  { method: 'GET', path: '/auth/v1/settings', api: 'auth', handler: settings, limits: [], does: 'which sign-ins are on' },
  { method: 'GET', path: '/auth/v1/.well-known/jwks.json', api: 'auth', handler: jwks, limits: [], does: 'the signing keys\' public parts (`[auth] signing_keys_path`; none under HS256)' },
  { method: 'POST', path: '/auth/v1/signup', api: 'auth', handler: signup, limits: [rate('signInSignUps'), emailSent, emailFrequency], does: 'sign up (signed in, or a confirmation e-mail)' },
  { method: 'POST', path: '/auth/v1/token', api: 'auth', handler: token, limits: [rate('signInSignUps', 'password'), rate('tokenRefresh', 'refresh_token')], does: 'sign in (`grant_type=password`), refresh (`refresh_token`)' },
  { method: 'GET', path: '/auth/v1/user', api: 'auth', handler: getUser, limits: [signedIn], does: 'the signed-in user' },
  { method: 'PUT', path: '/auth/v1/user', api: 'auth', handler: updateUser, limits: [signedIn, emailSent, emailFrequency], does: 'change password, e-mail (confirmed by link), user_metadata' },
  { method: 'POST', path: '/auth/v1/logout', api: 'auth', handler: logout, limits: [signedIn], does: 'sign out (`scope` global, local, others)' },
  { method: 'POST', path: '/auth/v1/recover', api: 'auth', handler: recover, limits: [emailSent, emailFrequency], does: 'password recovery e-mail' },
  { method: 'POST', path: '/auth/v1/otp', api: 'auth', handler: otp, limits: [emailSent, emailFrequency], does: "a magic link and code by e-mail (`signInWithOtp`; a new address signs up); by phone GoTrue's `phone_provider_disabled`" },
  { method: 'POST', path: '/auth/v1/resend', api: 'auth', handler: resend, limits: [emailSent, emailFrequency], does: 'the sign-up or e-mail change e-mail again' },
  { method: 'GET', path: '/auth/v1/verify', api: 'auth', handler: verifyLink, limits: [rate('tokenVerifications')], does: 'an e-mailed link: redirect with the session' },
  { method: 'POST', path: '/auth/v1/verify', api: 'auth', handler: verifyCode, limits: [rate('tokenVerifications')], does: 'a typed code or token hash: the session' },
  { method: 'GET', path: '/auth/v1/reauthenticate', api: 'auth', handler: reauthenticate, limits: [signedIn, emailSent, emailFrequency], does: 'e-mail a reauthentication code' },
  { method: 'POST', path: '/auth/v1/factors', api: 'auth', handler: enroll, limits: [signedIn], does: 'enrol a TOTP factor' },
  { method: 'POST', path: '/auth/v1/factors/:id/challenge', api: 'auth', handler: challenge, limits: [rate('mfaChallengeAndVerify'), signedIn], does: 'challenge a factor' },
  { method: 'POST', path: '/auth/v1/factors/:id/verify', api: 'auth', handler: verifyFactor, limits: [rate('mfaChallengeAndVerify'), signedIn], does: 'verify a TOTP code: an aal2 session' },
  { method: 'DELETE', path: '/auth/v1/factors/:id', api: 'auth', handler: unenroll, limits: [signedIn], does: 'unenrol a factor' },
  // The service role's (GoTrue's requireAdminCredentials): the invitation and everything under /admin.
  ...behind([serviceRole], [
    { method: 'POST', path: '/auth/v1/invite', api: 'auth', handler: invite, limits: [emailSent], does: 'invite a user by e-mail' },
    { method: 'POST', path: '/auth/v1/admin/users', api: 'auth', handler: createUser, limits: [], does: 'create a user (an address, a phone number or both; `id`)' },
    { method: 'GET', path: '/auth/v1/admin/users', api: 'auth', handler: listUsers, limits: [], does: 'list users (`page`, `per_page`, `filter`; X-Total-Count, Link)' },
    { method: 'GET', path: '/auth/v1/admin/users/:userId', api: 'auth', handler: getUserById, limits: [], does: 'a user' },
    { method: 'PUT', path: '/auth/v1/admin/users/:userId', api: 'auth', handler: updateUserById, limits: [], does: "change a user's address or phone (at once), password, metadata, confirmation, ban (`ban_duration`)" },
    { method: 'DELETE', path: '/auth/v1/admin/users/:userId', api: 'auth', handler: deleteUser, limits: [], does: 'delete a user (and its sessions, identities, factors), or soft-delete it (`should_soft_delete`)' },
    { method: 'POST', path: '/auth/v1/admin/generate_link', api: 'auth', handler: generateLink, limits: [], does: 'a sign-up, invite, magic link, recovery or e-mail change link, not e-mailed' },
    { method: 'GET', path: '/auth/v1/admin/users/:userId/factors', api: 'auth', handler: listFactors, limits: [], does: "a user's factors" },
    { method: 'DELETE', path: '/auth/v1/admin/users/:userId/factors/:factorId', api: 'auth', handler: deleteFactor, limits: [], does: "remove a user's factor" },
    { method: 'GET', path: '/auth/v1/admin/oauth/clients', api: 'auth', handler: oauthServer, limits: [], does: 'OAuth clients: off, GoTrue\'s `feature_disabled` "OAuth server is disabled"' },
    { method: 'POST', path: '/auth/v1/admin/oauth/clients', api: 'auth', handler: oauthServer, limits: [], does: 'register an OAuth client: off, `feature_disabled`' },
    { method: 'GET', path: '/auth/v1/admin/oauth/clients/:clientId', api: 'auth', handler: oauthServer, limits: [], does: 'an OAuth client: off, `feature_disabled`' },
    { method: 'PUT', path: '/auth/v1/admin/oauth/clients/:clientId', api: 'auth', handler: oauthServer, limits: [], does: 'update an OAuth client: off, `feature_disabled`' },
    { method: 'DELETE', path: '/auth/v1/admin/oauth/clients/:clientId', api: 'auth', handler: oauthServer, limits: [], does: 'delete an OAuth client: off, `feature_disabled`' },
    { method: 'POST', path: '/auth/v1/admin/oauth/clients/:clientId/regenerate_secret', api: 'auth', handler: oauthServer, limits: [], does: 'a new client secret: off, `feature_disabled`' },
  ]),
  { method: 'POST', path: '/auth/v1/sso', api: 'auth', handler: sso, limits: [], does: 'SAML SSO: off, GoTrue\'s `saml_provider_disabled`' },
  { method: 'GET', path: '/auth/v1/user/identities/authorize', api: 'auth', handler: identityLinking, limits: [signedIn], does: 'link an identity: off, `manual_linking_disabled`' },
  { method: 'DELETE', path: '/auth/v1/user/identities/:id', api: 'auth', handler: identityLinking, limits: [signedIn], does: 'unlink an identity: off, `manual_linking_disabled`' },

  // PostgREST
  { method: 'GET', path: '/rest/v1/:table', api: 'rest', handler: readTable, limits: [], does: 'read rows (and `HEAD`)' },
  { method: 'POST', path: '/rest/v1/:table', api: 'rest', handler: insert, limits: [], does: 'insert or upsert rows' },
  { method: 'PATCH', path: '/rest/v1/:table', api: 'rest', handler: update, limits: [], does: 'update rows' },
  { method: 'DELETE', path: '/rest/v1/:table', api: 'rest', handler: remove, limits: [], does: 'delete rows' },
  { method: 'POST', path: '/rest/v1/rpc/:fn', api: 'rest', handler: callByPost, limits: [], does: 'call a function (read-only when STABLE or IMMUTABLE)' },
  { method: 'GET', path: '/rest/v1/rpc/:fn', api: 'rest', handler: callByGet, limits: [], does: 'call a function read-only (and `HEAD`)' },

  // Supabase Edge Functions (supabase/functions/<name>, run under Deno: src/functions/runtime.ts)
  { method: 'ANY', path: '/functions/v1/*', api: 'functions', handler: invokeFunction, limits: [], does: '`<name>[/<path>]`: the Edge Function `supabase/functions/<name>`, which answers everything itself (CORS too)' },

  // The local inbox ([local_smtp] port)
  { method: 'GET', path: '/', api: 'inbox', handler: inboxPage, limits: [], does: 'the messages, newest first' },
  { method: 'GET', path: '/messages/:id', api: 'inbox', handler: messageView, limits: [], does: 'one message, its links clickable' },
  { method: 'POST', path: '/clear', api: 'inbox', handler: clearFromPage, limits: [], does: 'empty the inbox (its page)' },
  { method: 'GET', path: '/api/v1/messages', api: 'inbox', handler: listMessages, limits: [], does: '`?to=&limit=`: the messages as JSON' },
  { method: 'GET', path: '/api/v1/messages/:id', api: 'inbox', handler: getMessage, limits: [], does: 'one message with its links' },
  { method: 'DELETE', path: '/api/v1/messages', api: 'inbox', handler: deleteMessages, limits: [], does: 'empty the inbox' },
  { method: 'POST', path: '/emails', api: 'inbox', handler: sendEmail, limits: [], does: "send an e-mail as Resend's API takes it (the Edge Functions' provider)" },
];
