-- Promotions (issue #33, item 5): the banner's campaign is a row with dates instead of words built into the shell,
-- which still said "this September" at the end of November. A promotion is the words the banner shows, when it
-- starts, when it ends (the first moment it no longer runs) and the offer its banner opens. It creates no
-- discount of its own: the one offer is the newsletter code, which subscribe_newsletter issues and place_order
-- honours once, whatever promotion led to it.
-- - Who reads: anyone, but only the promotions running now, by the database's clock (never the visitor's). An
--   upcoming campaign stays unannounced until it starts (a client that could list it could show it early), and
--   an ended one offers nothing, so neither is any client's business.
-- - Who writes: only the agency (the service role: the dashboard, SQL); clients are granted SELECT alone.
-- - The checks refuse what the banner could not show: an end at or before the start, and words that are empty,
--   blank, padded or longer than a line of the banner holds.
-- Should two promotions overlap, the banner shows the one that started last.

create table public.promotions (
  id uuid primary key default gen_random_uuid(),
  words text not null constraint promotions_words_check
    check (char_length(words) between 1 and 200 and words = btrim(words)),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  -- What the banner's "See the details" opens: 'newsletter', the newsletter offer (its dialog in the shell). A new
  -- kind of offer is a migration that widens this list, after a shell that opens it has shipped.
  offer text not null default 'newsletter' constraint promotions_offer_check check (offer in ('newsletter')),
  created_at timestamptz not null default now(),
  constraint promotions_ends_after_start check (ends_at > starts_at)
);
alter table public.promotions enable row level security;
create policy "running promotions: select" on public.promotions for select to anon, authenticated
  using (starts_at <= now() and now() < ends_at);
revoke all on table public.promotions from public, anon, authenticated;
grant select on public.promotions to anon, authenticated;
grant all on table public.promotions to service_role;
