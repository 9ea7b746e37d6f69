-- The catalogue and its one pricing rule. `services` is what the agency sells, readable by anyone; the rows come
-- from a migration and equal shared-lib's catalogue (a backend test compares them). Every price the shop
-- records or shows is computed here from `services`, never from what a client sends.

-- One row per service: its id (the slug the site uses), title, price in euros and category, and its place in
-- the list.
create table public.services (
    id text not null,
    title text not null,
    price numeric(10,2) not null,
    category text not null,
    sort_order integer not null,
    constraint services_category_check check ((category = any (array['full'::text, 'workshops'::text]))),
    constraint services_price_check check ((price > (0)::numeric)),
    constraint services_pkey primary key (id)
);

alter table public.services enable row level security;

create policy "services are public" on public.services for select to anon, authenticated using (true);

REVOKE ALL ON TABLE public.services FROM anon, authenticated;
GRANT ALL ON TABLE public.services TO service_role;
GRANT SELECT ON TABLE public.services TO anon;
GRANT SELECT ON TABLE public.services TO authenticated;

-- The one pricing rule (spec section 9): volume tiers by the number of distinct services, a valid newsletter code
-- worth 10%, the larger discount wins; total = subtotal x (1 - discount) rounded half up to the cent, in integer
-- cents. Unknown ids are not counted (callers refuse them first). quote_cart shows it, place_order records it;
-- shared-lib's priceCart gives the same figures in the browser, tested against this for every cart.
create function private.price_cart(service_ids text[], with_code boolean, out item_count integer, out subtotal_cents bigint, out discount_percent integer, out discount_cents bigint, out total_cents bigint) returns record
    language sql stable
    set search_path to ''
    as $$
  select c.n, c.subtotal, p.percent, c.subtotal - t.total, t.total
  from (
    select count(*)::integer as n, coalesce(sum(round(s.price * 100)), 0)::bigint as subtotal
    from public.services s
    where s.id = any (service_ids)
  ) c
  cross join lateral (
    select case
      when c.n = 0 then 0
      else greatest(
        case when c.n >= 10 then 25 when c.n >= 7 then 20 when c.n >= 5 then 15 when c.n >= 3 then 10 else 0 end,
        case when with_code then 10 else 0 end
      )
    end as percent
  ) p
  cross join lateral (select (c.subtotal * (100 - p.percent) + 50) / 100 as total) t;
$$;

REVOKE ALL ON FUNCTION private.price_cart(service_ids text[], with_code boolean, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.price_cart(service_ids text[], with_code boolean, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint) TO service_role;
