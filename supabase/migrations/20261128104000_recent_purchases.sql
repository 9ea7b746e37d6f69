-- Honest social proof (issue #31.7, beyond the spec): the purchase toast tells of real recent orders, and only of
-- those whose customers agreed to it at checkout (a checkbox, off by default; place_order records the answer).
-- The spec's toast showed invented buyers, which EU consumer law treats as a misleading practice.
--
-- recent_purchases() is all anyone may learn: per order, its first service, the city of its billing address and
-- its age in minutes; never a name, an id, an amount or an exact time. Nothing when no customer agreed.
-- Expand only: a new column with a default and a new function.

alter table public.orders add column show_in_recent_purchases boolean not null default false;

create index orders_recent_purchases_idx on public.orders (created_at desc) where show_in_recent_purchases;

create function public.recent_purchases()
returns table (service text, city text, age_minutes integer)
language sql stable security definer set search_path = ''
as $$
  select first_item.service_title, o.billing ->> 'city',
    floor(extract(epoch from now() - o.created_at) / 60)::integer
  from public.orders o
  cross join lateral (
    select i.service_title from public.order_items i
    where i.order_id = o.id order by i.sort_order, i.created_at limit 1
  ) first_item
  where o.show_in_recent_purchases
    and o.status <> 'cancelled'
    and o.billing ->> 'city' is not null
    and o.created_at > now() - interval '14 days'
  order by o.created_at desc
  limit 10;
$$;

revoke all on function public.recent_purchases() from public, anon, authenticated;
grant execute on function public.recent_purchases() to anon, authenticated, service_role;
