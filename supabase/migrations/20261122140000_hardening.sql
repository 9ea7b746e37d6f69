-- Hardening of the first schema (20260901000000_storefront.sql), as a new migration so databases that already
-- applied the first one (hosted, preview and every developer's local data folder) receive it too.

-- 1. Privileges exactly as written, whatever the project's default privileges are. Older hosted projects still
--    grant every new table and function in `public` to anon and authenticated by default; revoking first makes
--    a hosted project and the local service behave the same (RLS stays the second line of defence).
revoke all on table public.services, public.cart_items, public.newsletter_subscribers, public.orders,
  public.order_items, public.meetings, public.contact_messages, public.project_requests
  from anon, authenticated;
grant select on public.services to anon, authenticated;
grant select, insert, update, delete on public.cart_items to authenticated;
-- Write-only tables: insert, and select without any policy, so a read answers an empty list (as for any row a
-- caller may not see) instead of an error, while row-level security still shows nobody a single row.
grant select, insert on public.newsletter_subscribers, public.contact_messages, public.project_requests
  to anon, authenticated;
grant select on public.orders, public.order_items, public.meetings to authenticated;
grant all on table public.services, public.cart_items, public.newsletter_subscribers, public.orders,
  public.order_items, public.meetings, public.contact_messages, public.project_requests
  to service_role;

revoke all on function public.validate_discount_code(text), public.replace_cart(jsonb), public.place_order(text)
  from public, anon, authenticated;
grant execute on function public.validate_discount_code(text) to anon, authenticated, service_role;
grant execute on function public.replace_cart(jsonb), public.place_order(text) to authenticated, service_role;

-- 2. Newsletter codes. shared-lib's generateDiscountCode takes the first three letters of the name in any
--    alphabet ('Zoë' gives 'ZOË', 'ß' upper-cases to 'SS', a short name gives a shorter prefix), so the code is
--    6 to 12 characters without spaces or lower-case ASCII, not only A-Z and digits.
alter table public.newsletter_subscribers drop constraint newsletter_subscribers_discount_code_check;
alter table public.newsletter_subscribers add constraint newsletter_subscribers_discount_code_check
  check (discount_code ~ '^[^[:space:]a-z]{6,12}$');

-- 3. Length limits on the stored text itself (the UI trims before storing): a value padded with spaces must not
--    get past the zod maximum, and a value of only spaces must not pass the minimum. `not valid`: enforced for
--    every new or changed row without failing the migration over a row stored before.
alter table public.newsletter_subscribers drop constraint newsletter_subscribers_name_check;
alter table public.newsletter_subscribers add constraint newsletter_subscribers_name_check
  check (char_length(name) <= 100 and btrim(name) <> '') not valid;
alter table public.contact_messages drop constraint contact_messages_name_check;
alter table public.contact_messages add constraint contact_messages_name_check
  check (char_length(name) <= 100 and btrim(name) <> '') not valid;
alter table public.contact_messages drop constraint contact_messages_message_check;
alter table public.contact_messages add constraint contact_messages_message_check
  check (char_length(message) <= 2000 and char_length(btrim(message)) >= 10) not valid;
alter table public.project_requests drop constraint project_requests_name_check;
alter table public.project_requests add constraint project_requests_name_check
  check (char_length(name) <= 100 and btrim(name) <> '') not valid;
alter table public.project_requests drop constraint project_requests_description_check;
alter table public.project_requests add constraint project_requests_description_check
  check (char_length(description) <= 1000 and char_length(btrim(description)) >= 10) not valid;

-- 4. The cart's index covers every row of a user (the account's reads, the cascade when a user is deleted),
--    not only the open cart.
drop index public.cart_items_user_id_idx;
create index cart_items_user_id_idx on public.cart_items (user_id, checked_out);

-- 5. replace_cart refuses anything but an array (a JSON null used to empty the cart) and items without an id.
create or replace function public.replace_cart(items jsonb) returns void
language plpgsql security invoker set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception 'Sign in to save a cart' using errcode = '42501';
  end if;
  if items is null or jsonb_typeof(items) <> 'array' then
    raise exception 'items must be an array of {service_id, service_title, service_price}' using errcode = '22023';
  end if;
  -- One save at a time per user: concurrent calls queue here, and the last one's cart is what remains.
  perform pg_advisory_xact_lock(hashtext('cart:' || uid::text));
  delete from public.cart_items where user_id = uid and not checked_out;
  insert into public.cart_items (user_id, email, service_id, service_title, service_price)
  select distinct on (i.service_id) uid, auth.jwt() ->> 'email', i.service_id, i.service_title, i.service_price
  from jsonb_to_recordset(items) as i(service_id text, service_title text, service_price numeric);
end;
$$;
revoke all on function public.replace_cart(jsonb) from public, anon;
grant execute on function public.replace_cart(jsonb) to authenticated, service_role;
