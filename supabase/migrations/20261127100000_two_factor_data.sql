-- Two-factor authentication that protects data, not only the UI (issue #30, item 4). A customer who turned it on
-- signs in with the password alone to an aal1 session; until now that session read their orders, meetings and
-- cart and placed orders through the API, and only the browser asked for the code.
--
-- For a user with a verified factor, every row of theirs needs an aal2 session (the access token's `aal` claim):
-- - restrictive policies `to authenticated` on each table with a user_id (cart_items, orders, order_items through
--   its order and by itself, meetings, discount_redemptions; a backend test fails for any later table with a
--   user_id column and no such policy), so an aal1 read answers no rows and an aal1 write is refused;
-- - the functions that act for the account (place_order, replace_cart) refuse an aal1 session with 403
--   `insufficient_aal` (GoTrue's code for the same situation), through private.require_account; the functions
--   open to guests (booking, quotes) treat it as a guest, through private.acting_user.
-- The factors live in auth.mfa_factors, which hosted Supabase does not let `authenticated` read: the lookup is
-- private.aal_sufficient, a security definer function the policies call (so `authenticated` may use the private
-- schema, which the API does not expose, and execute that function and require_account; nothing else there).

-- True unless the caller has a verified factor and the session is below aal2. True for anon (no factors).
create function private.aal_sufficient() returns boolean
language sql stable security definer set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status::text = 'verified'
    );
$$;

-- The account a request may act for: the caller, unless their session still lacks its second factor (then null,
-- as for a guest).
create function private.acting_user() returns uuid
language sql stable set search_path = ''
as $$
  select auth.uid() where private.aal_sufficient();
$$;

-- The caller's id for a function only an account may use ('Sign in to <action>' for a guest), refused with 403
-- `insufficient_aal` while the session lacks its second factor.
create function private.require_account(action text) returns uuid
language plpgsql stable set search_path = ''
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

do $$
declare
  t text;
begin
  foreach t in array array['cart_items', 'orders', 'order_items', 'meetings', 'discount_redemptions'] loop
    execute format(
      'create policy "second factor when verified" on public.%I as restrictive for all to authenticated
         using ((select private.aal_sufficient())) with check ((select private.aal_sufficient()))',
      t
    );
  end loop;
end;
$$;

-- As in 20261124100000_replace_cart_limit.sql, with the account checked by private.require_account: an aal1
-- session of a two-factor account would otherwise delete nothing (the policies hide the rows) and then fail on
-- the insert with a row-level security error.
create or replace function public.replace_cart(items jsonb) returns void
language plpgsql security invoker set search_path = ''
as $$
declare
  uid uuid := private.require_account('save a cart');
  most integer;
begin
  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'items must be an array of {service_id, service_title, service_price}' using errcode = '22023';
  end if;
  select count(*) into most from public.services;
  if jsonb_array_length(items) > most then
    raise exception 'A cart holds at most % items, one per service', most
      using errcode = '22023', detail = format('%s items were sent', jsonb_array_length(items));
  end if;
  -- One save at a time per user: concurrent calls queue here, and the last one's cart is what remains.
  perform pg_advisory_xact_lock(hashtext('cart:' || uid::text));
  delete from public.cart_items where user_id = uid and not checked_out;
  insert into public.cart_items (user_id, email, service_id, service_title, service_price, sort_order)
  select distinct on (i.service_id)
    uid, auth.jwt() ->> 'email', i.service_id, i.service_title, i.service_price, i.position - 1
  from rows from (jsonb_to_recordset(items) as (service_id text, service_title text, service_price numeric))
    with ordinality as i(service_id, service_title, service_price, position)
  order by i.service_id, i.position;
end;
$$;

revoke all on function private.aal_sufficient(), private.acting_user(), private.require_account(text)
  from public, anon, authenticated;
grant usage on schema private to authenticated;
grant execute on function private.aal_sufficient(), private.require_account(text) to authenticated;
grant execute on function private.aal_sufficient(), private.acting_user(), private.require_account(text)
  to service_role;
