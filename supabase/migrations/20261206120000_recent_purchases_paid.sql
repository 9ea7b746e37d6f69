-- Social proof only from what happened (issue #44, item 2). Three orders that agreed to the purchase toast, billed
-- to the city "Refunds at evil.example", showed that text to every visitor for 14 days, before any was paid.
-- recent_purchases() now tells only of paid orders (status 'paid' or later: in progress, delivered), only in words
-- the shop wrote: the first service's title and the name of the billing country from private.countries, never the
-- city or an address line a customer typed; and at most one entry per customer (their latest), so one account's
-- orders cannot fill the toast. Still only orders whose customers agreed at checkout, of the last 14 days.
--
-- Contract: the answer's `country` is new; `city` stays for a purchase toast deployed before this migration and
-- carries the same country name (never the billing city). A later migration drops it once every deployed toast
-- reads `country`.

drop function public.recent_purchases();
create function public.recent_purchases()
returns table (service text, country text, age_minutes integer, city text)
language sql stable security definer set search_path = ''
as $$
  select latest.service, latest.country, latest.age_minutes, latest.country
  from (
    select distinct on (o.user_id) first_item.service_title as service, c.name as country,
      floor(extract(epoch from now() - o.created_at) / 60)::integer as age_minutes, o.created_at
    from public.orders o
    join private.countries c on c.code = o.billing ->> 'country'
    cross join lateral (
      select i.service_title from public.order_items i
      where i.order_id = o.id order by i.sort_order, i.created_at limit 1
    ) first_item
    where o.show_in_recent_purchases
      and o.status in ('paid', 'in_progress', 'delivered')
      and o.created_at > now() - interval '14 days'
    order by o.user_id, o.created_at desc
  ) latest
  order by latest.created_at desc
  limit 10;
$$;

revoke all on function public.recent_purchases() from public, anon, authenticated;
grant execute on function public.recent_purchases() to anon, authenticated, service_role;
