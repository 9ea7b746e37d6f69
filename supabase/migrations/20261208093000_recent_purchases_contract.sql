-- recent_purchases() loses `city` (issue #44, round two, item 6).
--
-- 20261206120000_recent_purchases_paid.sql kept a `city` column holding the country's name for toasts deployed
-- before `country`; every deployed toast reads `country` now (mfe-marketing's PurchaseToast), so the column goes:
-- the contract step of that expand-then-contract.

drop function public.recent_purchases();

create function public.recent_purchases() returns table(service text, country text, age_minutes integer)
    language sql stable security definer
    set search_path to ''
    as $$
  select latest.service, latest.country, latest.age_minutes
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

REVOKE ALL ON FUNCTION public.recent_purchases() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.recent_purchases() TO anon;
GRANT ALL ON FUNCTION public.recent_purchases() TO authenticated;
GRANT ALL ON FUNCTION public.recent_purchases() TO service_role;
