-- Contract step of 20261124110000_discount_codes.sql, applied once the marketing and catalogue remotes that
-- subscribe through subscribe_newsletter and order through place_order(items, expected_total, discount_code)
-- are the ones deployed:
-- - nobody inserts into newsletter_subscribers directly any more, so no client can choose its own code;
-- - place_order no longer orders the saved cart on a bare discount_code: it takes the cart and the total the
--   customer saw, both required.

drop policy "anyone may subscribe" on public.newsletter_subscribers;
revoke insert on public.newsletter_subscribers from anon, authenticated;

drop function public.place_order(text, jsonb, integer);
create function public.place_order(items jsonb, expected_total integer, discount_code text default null)
returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  ids text[];
  new_order_id uuid;
begin
  if uid is null then
    raise exception 'Sign in to check out' using errcode = '42501';
  end if;
  if expected_total is null then
    raise exception 'expected_total is the total the customer saw, in cents' using errcode = '22023';
  end if;
  -- The same lock as replace_cart: a save in flight finishes first, and no save interleaves with the order.
  perform pg_advisory_xact_lock(hashtext('cart:' || uid::text));
  ids := private.cart_service_ids(items);
  new_order_id := private.record_order(uid, ids, discount_code, expected_total);
  -- The open cart rows become the order's items, checked out.
  delete from public.cart_items where user_id = uid and not checked_out;
  insert into public.cart_items (user_id, email, service_id, service_title, service_price, sort_order, checked_out)
  select uid, auth.jwt() ->> 'email', s.id, s.title, s.price, (i.place - 1)::integer, true
  from unnest(ids) with ordinality as i(id, place)
  join public.services s on s.id = i.id;
  return new_order_id;
end;
$$;
revoke all on function public.place_order(jsonb, integer, text) from public, anon, authenticated;
grant execute on function public.place_order(jsonb, integer, text) to authenticated, service_role;
