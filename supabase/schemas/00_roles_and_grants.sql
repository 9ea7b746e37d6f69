create schema private;


GRANT USAGE ON SCHEMA private TO service_role;
GRANT USAGE ON SCHEMA private TO authenticated;

GRANT USAGE ON SCHEMA public TO anon;
GRANT USAGE ON SCHEMA public TO authenticated;
GRANT USAGE ON SCHEMA public TO service_role;


create function private.aal_sufficient() returns boolean
    language sql stable security definer
    set search_path to ''
    as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status::text = 'verified'
    );
$$;

REVOKE ALL ON FUNCTION private.aal_sufficient() FROM PUBLIC;
GRANT ALL ON FUNCTION private.aal_sufficient() TO authenticated;
GRANT ALL ON FUNCTION private.aal_sufficient() TO service_role;


create function private.acting_user() returns uuid
    language sql stable
    set search_path to ''
    as $$
  select auth.uid() where private.aal_sufficient();
$$;


set default_tablespace = '';

set default_table_access_method = heap;

REVOKE ALL ON FUNCTION private.acting_user() FROM PUBLIC;
GRANT ALL ON FUNCTION private.acting_user() TO service_role;


create function private.refusal(status integer, code text, message text) returns json
    language plpgsql
    set search_path to ''
    as $$
begin
  perform set_config('response.status', status::text, true);
  return json_build_object('code', code, 'message', message, 'details', null, 'hint', null);
end;
$$;

REVOKE ALL ON FUNCTION private.refusal(status integer, code text, message text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.refusal(status integer, code text, message text) TO service_role;


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

REVOKE ALL ON FUNCTION private.require_account(action text) FROM PUBLIC;
GRANT ALL ON FUNCTION private.require_account(action text) TO authenticated;
GRANT ALL ON FUNCTION private.require_account(action text) TO service_role;


create function private.touch_updated_at() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

REVOKE ALL ON FUNCTION private.touch_updated_at() FROM PUBLIC;
GRANT ALL ON FUNCTION private.touch_updated_at() TO service_role;
