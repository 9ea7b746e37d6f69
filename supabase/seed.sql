-- Local and preview data only (the Supabase CLI never runs this on `db push`): a demo account,
-- demo@example.com / DemoPass123, with orders and meetings so the account area has something to show. The
-- service catalogue is not here: the migrations own it (20261126100000_services_catalogue.sql).
-- Its dates are counted back (and one forward) from the day the seed runs, so the demo always reads as a real
-- account would today (#33.6: a "Scheduled" call of March 2025 was long past): the account is four months old, its
-- three orders are about three months, a month and five days old, and its 30-Day Success Call lies four weeks ahead
-- (after the booking calendar's 21-day horizon, so it takes none of the slots visitors see).

-- The password is hashed as GoTrue hashes it (bcrypt, cost 10). GoTrue reads the token columns as strings, so
-- they hold '' rather than NULL, or signing in fails on a Supabase CLI stack.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', 'd0d0d0d0-0000-4000-8000-000000000001', 'authenticated',
  'authenticated', 'demo@example.com', extensions.crypt('DemoPass123', extensions.gen_salt('bf', 10)), now(),
  '', '', '', '',
  '{"provider":"email","providers":["email"]}', '{}', current_date - 120 + time '09:00', now())
on conflict (id) do nothing;

insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values ('d0d0d0d0-0000-4000-8000-0000000000a1', 'd0d0d0d0-0000-4000-8000-000000000001',
  'd0d0d0d0-0000-4000-8000-000000000001',
  '{"sub":"d0d0d0d0-0000-4000-8000-000000000001","email":"demo@example.com","email_verified":true}',
  'email', now(), now(), now())
on conflict do nothing;

-- The agency's demo staff member (issue #42, the back office at /admin): staff@example.com / StaffPass123, with
-- app_metadata.role 'staff' (as `npm run staff -- add` sets it) and a verified TOTP factor whose secret is
-- HBBYD5GZOINQNZGUVF2Q5PTOD3KYN3MJ (add it to an authenticator app; README, "The back office"). Local use only:
-- the password and the secret are public, so a deployed database never gets this file.
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
values ('00000000-0000-0000-0000-000000000000', 'd0d0d0d0-0000-4000-8000-000000000002', 'authenticated',
  'authenticated', 'staff@example.com', extensions.crypt('StaffPass123', extensions.gen_salt('bf', 10)), now(),
  '', '', '', '',
  '{"provider":"email","providers":["email"],"role":"staff"}', '{}', current_date - 120 + time '09:00', now())
on conflict (id) do nothing;

insert into auth.identities (id, user_id, provider_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values ('d0d0d0d0-0000-4000-8000-0000000000a2', 'd0d0d0d0-0000-4000-8000-000000000002',
  'd0d0d0d0-0000-4000-8000-000000000002',
  '{"sub":"d0d0d0d0-0000-4000-8000-000000000002","email":"staff@example.com","email_verified":true}',
  'email', now(), now(), now())
on conflict do nothing;

insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at)
values ('d0d0d0d0-0000-4000-8000-0000000000f2', 'd0d0d0d0-0000-4000-8000-000000000002', 'Demo authenticator',
  'totp', 'verified', 'HBBYD5GZOINQNZGUVF2Q5PTOD3KYN3MJ', now(), now())
on conflict do nothing;

-- A subscriber whose code the demo used on its second order (below): codes are single-use, so it is redeemed.
insert into public.newsletter_subscribers (name, email, discount_code)
values ('Demo', 'demo-newsletter@example.com', 'DEMO2025X')
on conflict do nothing;

-- Orders: one small, one with a newsletter code (10% off), one large enough for the 20% tier.
insert into public.orders (id, user_id, created_at, total_amount, discount_amount, discount_code, status) values
  ('a1b2c3d4-1111-4000-8000-000000000001', 'd0d0d0d0-0000-4000-8000-000000000001',
    current_date - 95 + time '10:30', 89900, 0, null, 'delivered'),
  ('b2c3d4e5-2222-4000-8000-000000000002', 'd0d0d0d0-0000-4000-8000-000000000001',
    current_date - 30 + time '14:00', 107820, 11980, 'DEMO2025X', 'in_progress'),
  ('c3d4e5f6-3333-4000-8000-000000000003', 'd0d0d0d0-0000-4000-8000-000000000001',
    current_date - 5 + time '16:45', 283440, 70860, null, 'paid')
on conflict (id) do nothing;

insert into public.order_items (order_id, service_id, service_title, service_price) values
  ('a1b2c3d4-1111-4000-8000-000000000001', 'smart-website', 'Smart Website', 899),
  ('b2c3d4e5-2222-4000-8000-000000000002', 'product-photos', 'Product Photos', 499),
  ('b2c3d4e5-2222-4000-8000-000000000002', 'personal-assistant', 'Personal Assistant', 699),
  ('c3d4e5f6-3333-4000-8000-000000000003', 'brand-creator', 'Brand Creator', 449),
  ('c3d4e5f6-3333-4000-8000-000000000003', 'content-maker', 'Content Maker', 399),
  ('c3d4e5f6-3333-4000-8000-000000000003', 'social-manager', 'Social Manager', 499),
  ('c3d4e5f6-3333-4000-8000-000000000003', 'chat-helper', 'Chat Helper', 699),
  ('c3d4e5f6-3333-4000-8000-000000000003', 'smart-emails', 'Smart Emails', 349),
  ('c3d4e5f6-3333-4000-8000-000000000003', 'task-automator', 'Task Automator', 499),
  ('c3d4e5f6-3333-4000-8000-000000000003', 'ai-dashboard', 'AI Dashboard', 649)
on conflict do nothing;

-- The redemption of that code (the table exists from 20261124110000_discount_codes.sql on; the migrations test
-- seeds a database that stops before it).
do $$
begin
  if to_regclass('public.discount_redemptions') is not null then
    insert into public.discount_redemptions (code, user_id, order_id, redeemed_at)
    values ('DEMO2025X', 'd0d0d0d0-0000-4000-8000-000000000001', 'b2c3d4e5-2222-4000-8000-000000000002',
      current_date - 30 + time '14:00')
    on conflict do nothing;
  end if;
end
$$;

-- The purchase toast tells of paid orders whose customers agreed to it (recent_purchases, by their billing
-- country): three demo customers, one paid order each from the last days, so the toast shows locally. They cannot
-- sign in (no password). The column exists from 20261128104000_recent_purchases.sql on; the migrations tests seed
-- databases that stop before it.
do $$
begin
  if exists (select 1 from information_schema.columns
             where table_schema = 'public' and table_name = 'orders' and column_name = 'show_in_recent_purchases') then
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      confirmation_token, recovery_token, email_change_token_new, email_change,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000', b.id::uuid, 'authenticated', 'authenticated', b.email, '', now(),
      '', '', '', '', '{"provider":"email","providers":["email"]}', '{}', current_date - 20 + time '09:00', now()
    from (values
      ('d0d0d0d0-0000-4000-8000-000000000101', 'demo-buyer-at@example.com'),
      ('d0d0d0d0-0000-4000-8000-000000000102', 'demo-buyer-fr@example.com'),
      ('d0d0d0d0-0000-4000-8000-000000000103', 'demo-buyer-it@example.com')
    ) as b(id, email)
    on conflict (id) do nothing;
    insert into public.orders (id, user_id, created_at, total_amount, discount_amount, discount_code, status, billing,
      show_in_recent_purchases)
    values
      ('d1d1d1d1-0000-4000-8000-000000000101', 'd0d0d0d0-0000-4000-8000-000000000101', now() - interval '2 days',
        69900, 0, null, 'paid', '{"name":"Demo Buyer","address":"Demoweg 1","city":"Wien","country":"AT"}', true),
      ('d1d1d1d1-0000-4000-8000-000000000102', 'd0d0d0d0-0000-4000-8000-000000000102', now() - interval '4 days',
        89900, 0, null, 'paid', '{"name":"Demo Buyer","address":"1 rue Demo","city":"Lyon","country":"FR"}', true),
      ('d1d1d1d1-0000-4000-8000-000000000103', 'd0d0d0d0-0000-4000-8000-000000000103', now() - interval '6 days',
        49900, 0, null, 'in_progress', '{"name":"Demo Buyer","address":"Via Demo 1","city":"Milano","country":"IT"}',
        true)
    on conflict (id) do nothing;
    insert into public.order_items (order_id, service_id, service_title, service_price) values
      ('d1d1d1d1-0000-4000-8000-000000000101', 'chat-helper', 'Chat Helper', 699),
      ('d1d1d1d1-0000-4000-8000-000000000102', 'smart-website', 'Smart Website', 899),
      ('d1d1d1d1-0000-4000-8000-000000000103', 'product-photos', 'Product Photos', 499)
    on conflict do nothing;
  end if;
end
$$;

insert into public.meetings (id, user_id, created_at, meeting_type, scheduled_at, status, notes) values
  ('e1e1e1e1-0000-4000-8000-000000000001', 'd0d0d0d0-0000-4000-8000-000000000001', current_date - 100 + time '08:00',
    'Discovery Call', current_date - 98 + time '14:30', 'completed', 'Agreed on a smart website with a booking form.'),
  ('e1e1e1e1-0000-4000-8000-000000000002', 'd0d0d0d0-0000-4000-8000-000000000001', current_date - 6 + time '08:00',
    '30-Day Success Call', current_date + 28 + time '10:00', 'scheduled', null),
  ('e1e1e1e1-0000-4000-8000-000000000003', 'd0d0d0d0-0000-4000-8000-000000000001', current_date - 4 + time '08:00',
    'AI Strategy Call', null, 'requested', 'Wants to discuss automating invoicing.')
on conflict (id) do nothing;

-- The September campaign (#33.5) with its real dates: its banner ran through September 2026 (Berlin time, the
-- company's), so on the demo, which runs later, no banner shows. The table exists from 20261203090000_promotions.sql
-- on; the migrations tests seed databases that stop before it.
do $$
begin
  if to_regclass('public.promotions') is not null then
    insert into public.promotions (id, words, starts_at, ends_at, offer)
    values ('f0f0f0f0-0000-4000-8000-000000000901', '10% off your first project order this September.',
      '2026-09-01 00:00 Europe/Berlin', '2026-10-01 00:00 Europe/Berlin', 'newsletter')
    on conflict (id) do nothing;
  end if;
end
$$;
