create table public.services (
    id text not null,
    title text not null,
    price numeric(10,2) not null,
    category text not null,
    sort_order integer not null,
    constraint services_category_check check ((category = any (array['full'::text, 'workshops'::text]))),
    constraint services_price_check check ((price > (0)::numeric))
);

alter table only public.services
    add constraint services_pkey primary key (id);

alter table public.services enable row level security;

create policy "services are public" on public.services for select to anon, authenticated using (true);

GRANT ALL ON TABLE public.services TO service_role;
GRANT SELECT ON TABLE public.services TO anon;
GRANT SELECT ON TABLE public.services TO authenticated;


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

REVOKE ALL ON FUNCTION private.price_cart(service_ids text[], with_code boolean, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint) FROM PUBLIC;
GRANT ALL ON FUNCTION private.price_cart(service_ids text[], with_code boolean, OUT item_count integer, OUT subtotal_cents bigint, OUT discount_percent integer, OUT discount_cents bigint, OUT total_cents bigint) TO service_role;
