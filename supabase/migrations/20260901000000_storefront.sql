-- The storefront's schema: the spec's tables, the ones docs/architecture.md section 4 adds, row-level security
-- on every table, explicit grants (hosted Supabase no longer grants new tables to the API roles), column checks
-- that mirror the zod limits in shared-lib/src/validation, and the functions the browser calls.

create extension if not exists pgcrypto with schema extensions;

-- Catalogue ------------------------------------------------------------------------------------------------
create table public.services (
  id text primary key,
  title text not null,
  price numeric(10, 2) not null check (price > 0),
  category text not null check (category in ('full', 'workshops')),
  sort_order integer not null
);
alter table public.services enable row level security;
create policy "services are public" on public.services for select to anon, authenticated using (true);
grant select on public.services to anon, authenticated;

-- Cart -----------------------------------------------------------------------------------------------------
create table public.cart_items (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  email text check (char_length(email) <= 255),
  service_id text not null check (char_length(service_id) between 1 and 100),
  service_title text not null check (char_length(service_title) between 1 and 200),
  service_price numeric(10, 2) not null check (service_price >= 0),
  checked_out boolean not null default false,
  created_at timestamptz not null default now()
);
create index cart_items_user_id_idx on public.cart_items (user_id) where not checked_out;
alter table public.cart_items enable row level security;
create policy "own cart: select" on public.cart_items for select to authenticated using ((select auth.uid()) = user_id);
create policy "own cart: insert" on public.cart_items for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "own cart: update" on public.cart_items for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "own cart: delete" on public.cart_items for delete to authenticated using ((select auth.uid()) = user_id);
grant select, insert, update, delete on public.cart_items to authenticated;

-- Newsletter: anyone may subscribe, nobody may read (e-mails are private) -------------------------------------
create table public.newsletter_subscribers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 100),
  email text not null unique check (char_length(email) <= 255 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  discount_code text not null unique check (discount_code ~ '^[A-Z0-9]{6,9}$'),
  created_at timestamptz not null default now()
);
alter table public.newsletter_subscribers enable row level security;
create policy "anyone may subscribe" on public.newsletter_subscribers for insert to anon, authenticated with check (true);
grant insert on public.newsletter_subscribers to anon, authenticated;

-- Orders, their items and meetings: the owner reads; only place_order() or the agency writes ----------------
create table public.orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  total_amount integer not null check (total_amount >= 0),
  discount_amount integer not null default 0 check (discount_amount >= 0),
  discount_code text,
  status text not null default 'pending' check (status in ('pending', 'paid', 'in_progress', 'delivered', 'cancelled'))
);
create index orders_user_id_idx on public.orders (user_id, created_at desc);
alter table public.orders enable row level security;
create policy "own orders" on public.orders for select to authenticated using ((select auth.uid()) = user_id);
grant select on public.orders to authenticated;

create table public.order_items (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references public.orders (id) on delete cascade,
  service_id text,
  service_title text not null,
  service_price numeric(10, 2) not null,
  created_at timestamptz not null default now()
);
create index order_items_order_id_idx on public.order_items (order_id);
alter table public.order_items enable row level security;
create policy "items of own orders" on public.order_items for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())));
grant select on public.order_items to authenticated;

create table public.meetings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  meeting_type text not null,
  scheduled_at timestamptz,
  status text not null default 'requested' check (status in ('requested', 'scheduled', 'completed', 'cancelled')),
  notes text
);
create index meetings_user_id_idx on public.meetings (user_id, created_at desc);
alter table public.meetings enable row level security;
create policy "own meetings" on public.meetings for select to authenticated using ((select auth.uid()) = user_id);
grant select on public.meetings to authenticated;

-- Enquiries: stored for the agency, insert-only for clients ----------------------------------------------------
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 100),
  email text not null check (char_length(email) <= 255 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  message text not null check (char_length(btrim(message)) between 10 and 2000),
  created_at timestamptz not null default now()
);
alter table public.contact_messages enable row level security;
create policy "anyone may write" on public.contact_messages for insert to anon, authenticated with check (true);
grant insert on public.contact_messages to anon, authenticated;

create table public.project_requests (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 100),
  email text not null check (char_length(email) <= 255 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  company text check (char_length(company) <= 100),
  project_type text not null check (project_type in ('automation', 'chatbot', 'content', 'analytics', 'custom')),
  budget text not null check (budget in ('5k-10k', '10k-25k', '25k-50k', '50k+')),
  timeline text not null check (timeline in ('asap', '1-month', '2-3-months', 'flexible')),
  description text not null check (char_length(btrim(description)) between 10 and 1000),
  created_at timestamptz not null default now()
);
alter table public.project_requests enable row level security;
create policy "anyone may write" on public.project_requests for insert to anon, authenticated with check (true);
grant insert on public.project_requests to anon, authenticated;

grant all on all tables in schema public to service_role;

-- Functions --------------------------------------------------------------------------------------------------

-- True when a newsletter subscriber holds the code. Security definer: callers cannot read the table itself.
create function public.validate_discount_code(code text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.newsletter_subscribers s where s.discount_code = upper(btrim(code)));
$$;

-- The spec's delete-then-insert of the caller's open cart, as one transaction serialised per user, so two tabs
-- cannot interleave; an empty array empties the cart.
create function public.replace_cart(items jsonb) returns void
language plpgsql security invoker set search_path = ''
as $$
declare
  uid uuid := auth.uid();
begin
  if uid is null then
    raise exception 'Sign in to save a cart' using errcode = '42501';
  end if;
  if jsonb_typeof(items) <> 'array' then
    raise exception 'items must be an array' using errcode = '22023';
  end if;
  perform pg_advisory_xact_lock(hashtext('cart:' || uid::text));
  delete from public.cart_items where user_id = uid and not checked_out;
  insert into public.cart_items (user_id, email, service_id, service_title, service_price)
  select distinct on (i.service_id) uid, auth.jwt() ->> 'email', i.service_id, i.service_title, i.service_price
  from jsonb_to_recordset(items) as i(service_id text, service_title text, service_price numeric);
end;
$$;

-- Checkout: prices the caller's open cart from `services` (never from client prices) with the volume tiers
-- and the newsletter code rule, records the order in cents and marks the cart checked out.
create function public.place_order(discount_code text default null) returns uuid
language plpgsql security definer set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  item_count integer;
  unknown_count integer;
  subtotal_cents bigint;
  percent integer;
  total_cents bigint;
  code text := nullif(upper(btrim(coalesce(discount_code, ''))), '');
  new_order_id uuid;
begin
  if uid is null then
    raise exception 'Sign in to check out' using errcode = '42501';
  end if;
  -- The same lock as replace_cart: a save still in flight finishes before the cart is priced.
  perform pg_advisory_xact_lock(hashtext('cart:' || uid::text));

  select count(*), count(*) filter (where s.id is null), coalesce(sum(round(s.price * 100)), 0)
  into item_count, unknown_count, subtotal_cents
  from (select distinct c.service_id from public.cart_items c where c.user_id = uid and not c.checked_out) c
  left join public.services s on s.id = c.service_id;

  if item_count = 0 then
    raise exception 'Your cart is empty' using errcode = 'P0001';
  end if;
  if unknown_count > 0 then
    raise exception 'Your cart holds a service that is no longer offered' using errcode = 'P0001';
  end if;
  if code is not null and not public.validate_discount_code(code) then
    raise exception 'Invalid discount code' using errcode = 'P0001';
  end if;

  percent := case
    when item_count >= 10 then 25
    when item_count >= 7 then 20
    when item_count >= 5 then 15
    when item_count >= 3 then 10
    else 0
  end;
  if code is not null then
    percent := greatest(percent, 10);
  end if;
  -- total = subtotal × (1 − discount), rounded half up to the cent (shared-lib's priceCart does the same).
  total_cents := floor(subtotal_cents * (100 - percent) / 100.0 + 0.5);

  insert into public.orders (user_id, total_amount, discount_amount, discount_code)
  values (uid, total_cents, subtotal_cents - total_cents, code)
  returning id into new_order_id;
  insert into public.order_items (order_id, service_id, service_title, service_price)
  select new_order_id, s.id, s.title, s.price
  from (select distinct c.service_id from public.cart_items c where c.user_id = uid and not c.checked_out) c
  join public.services s on s.id = c.service_id
  order by s.sort_order;
  update public.cart_items set checked_out = true where user_id = uid and not checked_out;
  return new_order_id;
end;
$$;

revoke all on function public.validate_discount_code(text) from public;
revoke all on function public.replace_cart(jsonb) from public;
revoke all on function public.place_order(text) from public;
grant execute on function public.validate_discount_code(text) to anon, authenticated, service_role;
grant execute on function public.replace_cart(jsonb) to authenticated, service_role;
grant execute on function public.place_order(text) to authenticated, service_role;
