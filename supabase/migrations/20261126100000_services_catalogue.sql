-- The catalogue is data the migrations own, so `supabase db push` alone gives a shop that sells: seed.sql, which
-- used to insert it, never reaches a hosted project, and without these rows replace_cart, quote_cart and
-- place_order refuse every cart. The rows are shared-lib's catalogue (ids, titles, prices in euros, categories
-- and its order), which the code reads; a backend test fails when the two differ. An upsert, so it also applies
-- to a database that seed.sql already filled. A later change (a price, a title, a new service) is a new
-- migration that upserts the changed rows in the same way (README, "Data").
insert into public.services (id, title, price, category, sort_order) values
  ('smart-website', 'Smart Website', 899, 'full', 1),
  ('product-photos', 'Product Photos', 499, 'full', 2),
  ('personal-assistant', 'Personal Assistant', 699, 'full', 3),
  ('brand-creator', 'Brand Creator', 449, 'full', 4),
  ('content-maker', 'Content Maker', 399, 'full', 5),
  ('social-manager', 'Social Manager', 499, 'full', 6),
  ('chat-helper', 'Chat Helper', 699, 'full', 7),
  ('smart-emails', 'Smart Emails', 349, 'full', 8),
  ('task-automator', 'Task Automator', 499, 'full', 9),
  ('ai-dashboard', 'AI Dashboard', 649, 'full', 10),
  ('mvp-masterclass', 'MVP Masterclass (idea to MVP in 2 hours)', 499, 'workshops', 11),
  ('one-day-training', '1 Day Training', 999, 'workshops', 12),
  ('two-day-training', '2 Day Training', 1799, 'workshops', 13)
on conflict (id) do update set title = excluded.title, price = excluded.price, category = excluded.category,
  sort_order = excluded.sort_order;
