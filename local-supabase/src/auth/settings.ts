// GoTrue's health, settings and key set (internal/api/api.go, settings.go, jwks.go): the key set holds the public
// parts of the signing keys, and is empty under HS256, where supabase-js's getClaims asks GET /user instead.
import { publicJwks } from '../keys';
import type { Handler } from '../service';

export const health: Handler = async () => ({
  version: 'local',
  name: 'GoTrue',
  description: 'local-supabase auth',
});

export const settings: Handler = async (_request, _reply, { auth }) => ({
  external: { email: auth.emailEnabled, phone: false, anonymous_users: false },
  disable_signup: !auth.enableSignup,
  mailer_autoconfirm: auth.autoConfirm,
  phone_autoconfirm: false,
  sms_provider: '',
  saml_enabled: false,
});

export const jwks: Handler = async (_request, _reply, { auth }) => publicJwks(auth);
