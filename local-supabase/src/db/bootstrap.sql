-- What hosted Supabase provides before any migration runs: the API roles, the auth schema with its users,
-- identities, sessions and refresh tokens, the auth.uid()/role()/email()/jwt() helpers, the extensions schema
-- and the CLI's migration history. Idempotent, so it runs at every start.
-- Roles are shared by every database of a PostgreSQL cluster, so two databases bootstrapping at once (parallel
-- test suites on a fresh CI server) may race to create them: the loser's error is ignored.
do $$
declare
  spec text[];
begin
  foreach spec slice 1 in array array[
    ['anon', 'nologin noinherit'],
    ['authenticated', 'nologin noinherit'],
    ['service_role', 'nologin noinherit bypassrls'],
    -- PostgREST's role on hosted Supabase, which projects' migrations configure (`alter role authenticator set
    -- pgrst.…`, as supabase-js's postgrest-js suite does); this service connects as the DATABASE_URL's role.
    ['authenticator', 'nologin noinherit']
  ] loop
    if not exists (select 1 from pg_roles where rolname = spec[1]) then
      begin
        execute format('create role %I %s', spec[1], spec[2]);
      exception when duplicate_object or unique_violation then null;
      end;
    end if;
  end loop;
  -- Hosted Supabase's statement timeouts (anon 3 s, authenticated 8 s), which each request applies as PostgREST
  -- does. Only where a role has none: a project that changed one keeps its own. Roles belong to the whole cluster:
  -- a connecting role that may not alter them, or a second database doing it at the same moment ("tuple
  -- concurrently updated"), leaves them as they are.
  foreach spec slice 1 in array array[['anon', '3s'], ['authenticated', '8s']] loop
    if not exists (
      select 1 from pg_roles, unnest(rolconfig) c where rolname = spec[1] and c like 'statement\_timeout=%'
    ) then
      begin
        execute format('alter role %I set statement_timeout = %L', spec[1], spec[2]);
      exception when insufficient_privilege or internal_error then null;
      end;
    end if;
  end loop;
  -- `set local role` needs membership unless the connecting role is a superuser (a DATABASE_URL may name the
  -- database owner instead, like Supabase's `authenticator`).
  if not (select rolsuper from pg_roles where rolname = current_user) then
    execute format('grant anon, authenticated, service_role to %I', current_user);
  end if;
end
$$;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
grant usage on schema public, extensions to anon, authenticated, service_role;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud text,
  role text,
  email text unique,
  encrypted_password text,
  email_confirmed_at timestamptz,
  confirmation_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb not null default '{}',
  raw_user_meta_data jsonb not null default '{}',
  is_anonymous boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Hosted auth.users columns that seeds fill in: GoTrue reads them as strings, and a NULL there breaks its
-- sign-in, so seed.sql sets them to ''. Added separately so data folders created before them get them too.
alter table auth.users add column if not exists confirmation_token varchar(255) default '';
alter table auth.users add column if not exists recovery_token varchar(255) default '';
alter table auth.users add column if not exists email_change_token_new varchar(255) default '';
alter table auth.users add column if not exists email_change varchar(255) default '';
-- GoTrue's e-mail tokens (#21): each holds the SHA-224 of the address and the code sent, cleared when used; its
-- *_sent_at starts its lifetime ([auth.email] otp_expiry). email_change_confirm_status counts the confirmations
-- of a change when double_confirm_changes asks for two.
alter table auth.users add column if not exists recovery_sent_at timestamptz;
alter table auth.users add column if not exists email_change_token_current varchar(255) default '';
alter table auth.users add column if not exists email_change_sent_at timestamptz;
alter table auth.users add column if not exists email_change_confirm_status smallint default 0;
-- GoTrue's reauthentication (GET /reauthenticate): the hash of the e-mailed code and when it was sent.
alter table auth.users add column if not exists reauthentication_token varchar(255) default '';
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
-- GoTrue's bans (the admin API's ban_duration): no sign-in or refresh until then.
alter table auth.users add column if not exists banned_until timestamptz;
-- GoTrue's soft delete (the admin API's should_soft_delete): the row stays, its address obfuscated.
alter table auth.users add column if not exists deleted_at timestamptz;
-- GoTrue's phone users, which only the admin API creates here (no SMS provider): the number as E.164 digits.
alter table auth.users add column if not exists phone text unique default null;
alter table auth.users add column if not exists phone_confirmed_at timestamptz;
-- When the admin API invited the user (inviteUserByEmail), as GoTrue's user JSON shows it.
alter table auth.users add column if not exists invited_at timestamptz;

create table if not exists auth.identities (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  provider_id text not null,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists refresh_tokens_session_idx on auth.refresh_tokens (session_id);

-- Two-factor authentication as GoTrue keeps it (#21): a session's assurance level and the factor that raised it,
-- the methods it was authenticated with (the access token's `amr`), the TOTP factors and their challenges.
alter table auth.sessions add column if not exists aal text not null default 'aal1';
alter table auth.sessions add column if not exists factor_id uuid;

create table if not exists auth.mfa_amr_claims (
  id uuid primary key default gen_random_uuid(),
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null default 'totp',
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  secret text not null,
  -- The time step of the last code accepted: no code of that step or an earlier one is accepted again.
  last_totp_step bigint,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists mfa_factors_user_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_idx on auth.mfa_factors (user_id, friendly_name)
  where friendly_name is not null and friendly_name <> '';

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text not null default ''
);
create index if not exists mfa_challenges_factor_idx on auth.mfa_challenges (factor_id);

-- The local mail catcher's messages (local-supabase only; hosted Supabase sends e-mail instead), kept with the
-- database so they survive restarts. No API role may read them: only the service itself serves them.
create schema if not exists inbucket;
create table if not exists inbucket.messages (
  id bigserial primary key,
  sender text not null,
  recipient text not null,
  subject text not null,
  text_body text not null,
  html_body text not null,
  created_at timestamptz not null default now()
);
create index if not exists messages_recipient_idx on inbucket.messages (lower(recipient), id desc);
-- Messages sent through the inbox's e-mail API (src/mail/provider.ts): the request's Idempotency-Key and a hash of
-- its body, so a repeated key is answered as Resend answers it.
alter table inbucket.messages add column if not exists idempotency_key text;
alter table inbucket.messages add column if not exists request_hash text;
create index if not exists messages_idempotency_key_idx on inbucket.messages (idempotency_key)
  where idempotency_key is not null;

create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim', true), ''), nullif(current_setting('request.jwt.claims', true), ''))::jsonb
$$;
create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid
$$;
create or replace function auth.role() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role'))::text
$$;
create or replace function auth.email() returns text language sql stable as $$
  select coalesce(nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email'))::text
$$;
grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to anon, authenticated, service_role;

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
