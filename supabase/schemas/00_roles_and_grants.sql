-- Roles and grants: who may call and read what, and the helpers every other file uses to say so.
--
-- The platform provides the roles (anon: a visitor, authenticated: a signed-in user, service_role: the agency and
-- the Edge Functions), the schema `auth` with auth.uid() and auth.jwt(), and the schemas public and extensions
-- (local-supabase/src/db/bootstrap.sql stands in for it locally). Everything in these files comes after that.
--
-- - `public` is what the API (PostgREST) exposes: tables clients may read or write under their row-level
--   security, and the functions the browser calls (supabase.rpc). Every table has row-level security on, and
--   grants are written per role: nothing relies on the project's default privileges.
-- - `private` is not exposed: the bodies, helpers and tables no client may touch. A public function reaches it
--   as security definer, with `search_path` empty, so every name in a body is schema-qualified.
-- - Every grant starts from a revoke: a function's EXECUTE from PUBLIC (PostgreSQL grants it to everyone by
--   default), and every table's and function's privileges from anon and authenticated, which hosted projects'
--   default privileges hand every new object in public (the migrations revoke them the same way,
--   20261122140000_hardening.sql). Then each role gets what it needs, so a database built from these files on
--   any project ends with the grants written here.
--
-- Reading order: this file, then 01_fair_use (budgets), 02_company_and_promotions, 03_email_outbox, then the
-- shop from 04_catalogue_and_pricing through 05_cart, 06_orders_and_invoices, 07_newsletter_and_codes, and
-- 08_booking. supabase/config.toml lists them in this order; each file uses only what it or an earlier one
-- defines. Rows the migrations insert (the catalogue, countries, company, budgets, booking settings) are data:
-- they stay in supabase/migrations.

-- The functions' bodies and the tables no client reads. authenticated may use the schema only for the few
-- functions that run with its own rights: aal_sufficient in policies, require_account in replace_cart (a
-- security invoker, so the cart's policies apply), is_country and vat_number_valid in billing_details' checks.
-- service_role (the agency) uses it all.
create schema private;

GRANT USAGE ON SCHEMA private TO service_role;
GRANT USAGE ON SCHEMA private TO authenticated;

-- The platform grants these already; repeated so this file states every role's way in.
GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;

-- Two-factor: true unless the caller has a verified factor and the session is below aal2 (true for anon, who has
-- no factors). Every table with a user_id has a restrictive policy "second factor when verified" built on it.
create function private.aal_sufficient() returns boolean
    language sql stable security definer
    set search_path to ''
    as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status::text = 'verified'
    );
$$;

REVOKE ALL ON FUNCTION private.aal_sufficient() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.aal_sufficient() TO authenticated;
GRANT ALL ON FUNCTION private.aal_sufficient() TO service_role;

-- The account a request may act for: the caller, or null (as for a guest) while the session still lacks its
-- second factor. quote_cart and book_discovery_call act as a guest then.
create function private.acting_user() returns uuid
    language sql stable
    set search_path to ''
    as $$
  select auth.uid() where private.aal_sufficient();
$$;

set default_tablespace = '';

set default_table_access_method = heap;

REVOKE ALL ON FUNCTION private.acting_user() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.acting_user() TO service_role;

-- A refusal that keeps what the call wrote before it (a spent budget, a recorded wrong code, a queued e-mail):
-- PostgREST answers `status` with this body, which supabase-js returns as the error, and commits the
-- transaction, where a raised error would roll all of it back. Returned from functions that return json.
create function private.refusal(status integer, code text, message text) returns json
    language plpgsql
    set search_path to ''
    as $$
begin
  perform set_config('response.status', status::text, true);
  return json_build_object('code', code, 'message', message, 'details', null, 'hint', null);
end;
$$;

REVOKE ALL ON FUNCTION private.refusal(status integer, code text, message text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.refusal(status integer, code text, message text) TO service_role;

-- The caller's id for a function only an account may use ('Sign in to <action>' for a guest, 401), refused with
-- 403 `insufficient_aal` while the session lacks its second factor: without it an aal1 session would see its rows
-- hidden by the policies and fail later with a less helpful error.
create function private.require_account(action text) returns uuid
    language plpgsql stable
    set search_path to ''
    as $$
begin
  if auth.uid() is null then
    raise exception 'Sign in to %', action using errcode = '42501';
  end if;
  if not private.aal_sufficient() then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'insufficient_aal',
        'message', 'Enter the code from your authenticator app to continue.',
        'details', null,
        'hint', null
      )::text,
      detail = json_build_object('status', 403, 'headers', json_build_object())::text;
  end if;
  return auth.uid();
end;
$$;

REVOKE ALL ON FUNCTION private.require_account(action text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.require_account(action text) TO authenticated;
GRANT ALL ON FUNCTION private.require_account(action text) TO service_role;

-- Dates every change of a row that has updated_at (a trigger per table).
create function private.touch_updated_at() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

REVOKE ALL ON FUNCTION private.touch_updated_at() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.touch_updated_at() TO service_role;
