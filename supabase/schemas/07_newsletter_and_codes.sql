-- The newsletter and its discount codes, and the site's other public forms. A subscriber gets a code made by the
-- database (the name's first three letters and six random characters); a code gives 10% once per account, when
-- it lowers the price more than the volume tier does. Wrong codes count against the account's budget, or the
-- address's for a guest (01_fair_use), so codes cannot be guessed by trying. Nobody reads the addresses: they are private.

-- One subscription per address whatever its capitals, each with its code. Clients add rows only through
-- subscribe_newsletter.
create table public.newsletter_subscribers (
    id uuid default gen_random_uuid() not null,
    name text not null,
    email text not null,
    discount_code text not null,
    created_at timestamp with time zone default now() not null,
    constraint newsletter_subscribers_discount_code_check check ((discount_code ~ '^[^[:space:]a-z]{6,12}$'::text)),
    constraint newsletter_subscribers_email_check check (((char_length(email) <= 255) and (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    constraint newsletter_subscribers_discount_code_key unique (discount_code),
    constraint newsletter_subscribers_pkey primary key (id)
);

-- The stored text within the form's limits, padding and all (the UI trims before storing). Not valid: every
-- new or changed row is checked; rows stored before the rule came were never re-checked.
alter table public.newsletter_subscribers
    add constraint newsletter_subscribers_name_check check (((char_length(name) <= 100) and (btrim(name) <> ''::text))) not valid;

create unique index newsletter_subscribers_email_lower_key on public.newsletter_subscribers using btree (lower(email));

-- The name the code's e-mail greets is its own normalisation (03_email_outbox): trimmed of every kind of space,
-- free of control characters. Not valid: subscriptions made before the rule are not re-checked.
alter table public.newsletter_subscribers
    add constraint newsletter_subscribers_plain_text check (private.is_plain_text(name)) not valid;

alter table public.newsletter_subscribers enable row level security;

REVOKE ALL ON TABLE public.newsletter_subscribers FROM anon, authenticated;
GRANT ALL ON TABLE public.newsletter_subscribers TO service_role;
GRANT SELECT ON TABLE public.newsletter_subscribers TO anon;
GRANT SELECT ON TABLE public.newsletter_subscribers TO authenticated;

-- Later subscriptions that differed from an earlier one only in capitals, moved here when the rule came; their
-- codes stop validating unless an order used them.
create table private.newsletter_subscribers_merged (
    id uuid not null,
    name text not null,
    email text not null,
    discount_code text not null,
    created_at timestamp with time zone not null,
    kept_id uuid not null,
    merged_at timestamp with time zone default now() not null,
    constraint newsletter_subscribers_merged_pkey primary key (id)
);

-- When each address (whatever its capitals) was asked for its code again: at most once a day. Unknown addresses
-- are recorded too, so resend_newsletter_code prunes the rows older than that day, which count for nothing.
create table private.newsletter_code_resends (
    address text not null,
    sent_at timestamp with time zone not null,
    constraint newsletter_code_resends_pkey primary key (address)
);

create index newsletter_code_resends_sent_at_idx on private.newsletter_code_resends using btree (sent_at);

-- One row per redeemed code (the primary key makes a code single-use), written only by place_order; its owner reads
-- it. A deleted account or order leaves the row, so the code stays used.
create table public.discount_redemptions (
    code text not null,
    user_id uuid,
    order_id uuid,
    redeemed_at timestamp with time zone default now() not null,
    constraint discount_redemptions_order_id_key unique (order_id),
    constraint discount_redemptions_pkey primary key (code),
    constraint discount_redemptions_order_id_fkey foreign key (order_id) references public.orders(id) on delete set null,
    constraint discount_redemptions_user_id_fkey foreign key (user_id) references auth.users(id) on delete set null
);

create index discount_redemptions_user_id_idx on public.discount_redemptions using btree (user_id);

alter table public.discount_redemptions enable row level security;

create policy "own redemptions" on public.discount_redemptions for select to authenticated using ((( select auth.uid() as uid) = user_id));

create policy "second factor when verified" on public.discount_redemptions as restrictive to authenticated using (( select private.aal_sufficient() as aal_sufficient)) with check (( select private.aal_sufficient() as aal_sufficient));

REVOKE ALL ON TABLE public.discount_redemptions FROM anon, authenticated;
GRANT SELECT ON TABLE public.discount_redemptions TO authenticated;
GRANT ALL ON TABLE public.discount_redemptions TO service_role;

-- The code's prefix exactly as shared-lib's generateDiscountCode makes it in the browser: the name upper-cased as
-- JavaScript does ('ß' -> 'SS'), then its first three letters; ICU does both as JavaScript does, the database's
-- own locale would not.
create function private.discount_code_prefix(name text) returns text
    language sql immutable strict
    set search_path to ''
    as $$
  select left(
    regexp_replace(upper(normalize(name, nfc) collate "und-x-icu"), '[^[:alpha:]]', '', 'g'),
    3
  );
$$;

REVOKE ALL ON FUNCTION private.discount_code_prefix(name text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.discount_code_prefix(name text) TO service_role;

-- Six characters [A-Z0-9] from pgcrypto's cryptographic generator, each equally likely.
create function private.random_code_suffix() returns text
    language plpgsql
    set search_path to ''
    as $$
declare
  alphabet constant text := 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  suffix text := '';
  bytes bytea;
  b integer;
begin
  while char_length(suffix) < 6 loop
    bytes := extensions.gen_random_bytes(6);
    for i in 0..5 loop
      b := get_byte(bytes, i);
      if b < 252 and char_length(suffix) < 6 then
        suffix := suffix || substr(alphabet, b % 36 + 1, 1);
      end if;
    end loop;
  end loop;
  return suffix;
end;
$$;

REVOKE ALL ON FUNCTION private.random_code_suffix() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.random_code_suffix() TO service_role;

-- A code or nothing: upper-cased and trimmed, as the codes are stored.
create function private.normalised_code(code text) returns text
    language sql immutable
    set search_path to ''
    as $$
  select nullif(upper(btrim(coalesce(code, ''))), '');
$$;

REVOKE ALL ON FUNCTION private.normalised_code(code text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.normalised_code(code text) TO service_role;

-- Where a code stands: null for none, 'valid' (issued, unused), 'redeemed', or 'unknown'.
create function private.discount_code_status(code text) returns text
    language sql stable
    set search_path to ''
    as $$
  select case
    when c.normalised is null then null
    when exists (select 1 from public.discount_redemptions r where r.code = c.normalised) then 'redeemed'
    when exists (select 1 from public.newsletter_subscribers s where s.discount_code = c.normalised) then 'valid'
    else 'unknown'
  end
  from (select nullif(upper(btrim(coalesce(discount_code_status.code, ''))), '') as normalised) c;
$$;

REVOKE ALL ON FUNCTION private.discount_code_status(code text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.discount_code_status(code text) TO service_role;

-- Where a code stands for an order of these services by this account: null without a code, 'unknown',
-- 'redeemed', 'account_used' (the account has had its one code discount), 'no_benefit' (the order costs as much
-- without it), or 'valid'.
create function private.code_status_for(code text, ids text[], account uuid) returns text
    language sql stable
    set search_path to ''
    as $$
  select case
    when s.status is distinct from 'valid' then s.status
    when account is not null
      and exists (select 1 from public.discount_redemptions r where r.user_id = account) then 'account_used'
    when ids is not null
      and (select c.total_cents from private.price_cart(ids, true) c)
        >= (select p.total_cents from private.price_cart(ids, false) p) then 'no_benefit'
    else 'valid'
  end
  from (select private.discount_code_status(code) as status) s;
$$;

REVOKE ALL ON FUNCTION private.code_status_for(code text, ids text[], account uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.code_status_for(code text, ids text[], account uuid) TO service_role;

-- Whose wrong codes a call counts: the client's, and the account's when signed in.
create function private.code_guessers() returns text[]
    language sql stable
    set search_path to ''
    as $$
  select array[private.budget_subject()];
$$;

REVOKE ALL ON FUNCTION private.code_guessers() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.code_guessers() TO service_role;

-- Before a code is looked up: locks the callers' wrong-code counters (their concurrent guesses queue) and answers
-- 429 when any has none left, so a guess over budget is never looked up.
create function private.check_code_budget() returns void
    language plpgsql
    set search_path to ''
    as $$
declare
  guesser text;
  taken record;
begin
  if auth.role() = 'service_role' then
    return;
  end if;
  foreach guesser in array private.code_guessers() loop
    select * into taken from private.take_budget('code_miss', guesser, 0);
    if taken.spent >= taken.allowed then
      perform private.raise_over_budget(taken.retry_after, guesser);
    end if;
  end loop;
end;
$$;

REVOKE ALL ON FUNCTION private.check_code_budget() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.check_code_budget() TO service_role;

-- Records a wrong code against each of the callers.
create function private.count_code_miss() returns void
    language plpgsql
    set search_path to ''
    as $$
declare
  guesser text;
begin
  if auth.role() = 'service_role' then
    return;
  end if;
  foreach guesser in array private.code_guessers() loop
    perform private.take_budget('code_miss', guesser, 1);
  end loop;
end;
$$;

REVOKE ALL ON FUNCTION private.count_code_miss() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.count_code_miss() TO service_role;

-- The code's status for the caller, with the budget checked before and a miss recorded after. The caller must
-- let the miss commit: answer normally, or with private.refusal.
create function private.checked_code_status(code text, ids text[], account uuid) returns text
    language plpgsql
    set search_path to ''
    as $$
declare
  status text;
begin
  if code is null then
    return null;
  end if;
  perform private.check_code_budget();
  status := private.code_status_for(code, ids, account);
  if status = 'unknown' then
    perform private.count_code_miss();
  end if;
  return status;
end;
$$;

REVOKE ALL ON FUNCTION private.checked_code_status(code text, ids text[], account uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.checked_code_status(code text, ids text[], account uuid) TO service_role;

-- Subscribes and returns the new code. A known address fails with 23505, which the popup shows as 'Already
-- Subscribed'; spends the client's subscription budget.
create function public.subscribe_newsletter(name text, email text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  code text;
  violated text;
begin
  for attempt in 1..5 loop
    code := private.discount_code_prefix(coalesce(name, '')) || private.random_code_suffix();
    begin
      insert into public.newsletter_subscribers (name, email, discount_code)
      values (btrim(subscribe_newsletter.name), btrim(subscribe_newsletter.email), code);
      perform private.spend_client_budget('subscription');
      return to_json(code);
    exception when unique_violation then
      get stacked diagnostics violated = constraint_name;
      if violated = 'newsletter_subscribers_email_lower_key' then
        perform private.spend_client_budget('subscription');
        return private.refusal(409, '23505', 'This email is already subscribed.');
      end if;
      if violated is distinct from 'newsletter_subscribers_discount_code_key' or attempt = 5 then
        raise;
      end if;
    end;
  end loop;
  return null; -- not reached: the fifth attempt returns or raises
end;
$$;

REVOKE ALL ON FUNCTION public.subscribe_newsletter(name text, email text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.subscribe_newsletter(name text, email text) TO anon;
GRANT ALL ON FUNCTION public.subscribe_newsletter(name text, email text) TO authenticated;
GRANT ALL ON FUNCTION public.subscribe_newsletter(name text, email text) TO service_role;

-- "Already Subscribed" is no dead end: e-mails the address its code again, through the outbox. The answer is the
-- same whether or not the address is subscribed, the wait included (every address asked for is recorded), and
-- never holds the code; at most once a day per address (429 `code_recently_sent`), and each request spends the
-- caller's subscription budget.
create function public.resend_newsletter_code(email text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  wanted text := lower(btrim(coalesce(email, '')));
  subscriber public.newsletter_subscribers;
  last_sent timestamptz;
begin
  perform private.spend_client_budget('subscription');
  -- A day on, a row counts for nothing: pruned here, so that addresses asked for cannot pile up. At most a hundred
  -- a call (each call records one) and never waiting for a row another request holds.
  delete from private.newsletter_code_resends r
  where r.address in (
    select o.address from private.newsletter_code_resends o
    where o.sent_at <= now() - interval '1 day'
    limit 100
    for update skip locked
  );
  -- Every address asked for is recorded, subscribed or not: the answer is the same for both.
  insert into private.newsletter_code_resends as r (address, sent_at)
  values (left(wanted, 255), now())
  on conflict (address) do update set sent_at = excluded.sent_at
    where r.sent_at <= excluded.sent_at - interval '1 day';
  if not found then
    select r.sent_at into last_sent from private.newsletter_code_resends r where r.address = left(wanted, 255);
    perform set_config('response.status', '429', true);
    return json_build_object(
      'code', 'code_recently_sent',
      'message', 'We sent this address its code less than a day ago.',
      'details', json_build_object('retry_after_seconds',
        greatest(1, ceil(extract(epoch from last_sent + interval '1 day' - now())))::integer)::text,
      'hint', null
    );
  end if;
  select * into subscriber from public.newsletter_subscribers s where lower(s.email) = wanted;
  if found then
    perform private.enqueue_email(
      'newsletter_code',
      subscriber.email,
      jsonb_build_object('name', subscriber.name, 'code', subscriber.discount_code),
      'newsletter_code:' || subscriber.id || ':' || (extract(epoch from now()) * 1000000)::bigint::text
    );
  end if;
  return null;
end;
$$;

REVOKE ALL ON FUNCTION public.resend_newsletter_code(email text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.resend_newsletter_code(email text) TO anon;
GRANT ALL ON FUNCTION public.resend_newsletter_code(email text) TO authenticated;
GRANT ALL ON FUNCTION public.resend_newsletter_code(email text) TO service_role;

-- Spec section 7: true for an issued code that no order has used. Wrong codes count against the caller's budget.
create function public.validate_discount_code(code text) returns boolean
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  return coalesce(private.checked_code_status(private.normalised_code(code), null, null) = 'valid', false);
end;
$$;

REVOKE ALL ON FUNCTION public.validate_discount_code(code text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.validate_discount_code(code text) TO service_role;
GRANT ALL ON FUNCTION public.validate_discount_code(code text) TO anon;
GRANT ALL ON FUNCTION public.validate_discount_code(code text) TO authenticated;

-- The contact form's enquiries: anyone may insert one, nobody reads them but the agency.
create table public.contact_messages (
    id uuid default gen_random_uuid() not null,
    name text not null,
    email text not null,
    message text not null,
    created_at timestamp with time zone default now() not null,
    handled_at timestamp with time zone,
    constraint contact_messages_email_check check (((char_length(email) <= 255) and (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    constraint contact_messages_pkey primary key (id)
);

-- The stored text within the form's limits, padding and all (the UI trims before storing). Not valid: every
-- new or changed row is checked; rows stored before the rule came were never re-checked.
alter table public.contact_messages
    add constraint contact_messages_message_check check (((char_length(message) <= 2000) and (char_length(btrim(message)) >= 10))) not valid;

alter table public.contact_messages
    add constraint contact_messages_name_check check (((char_length(name) <= 100) and (btrim(name) <> ''::text))) not valid;

alter table public.contact_messages enable row level security;

create policy "anyone may write" on public.contact_messages for insert to anon, authenticated with check (true);

REVOKE ALL ON TABLE public.contact_messages FROM anon, authenticated;
GRANT ALL ON TABLE public.contact_messages TO service_role;
GRANT SELECT,INSERT ON TABLE public.contact_messages TO anon;
GRANT SELECT,INSERT ON TABLE public.contact_messages TO authenticated;

-- The project request form's enquiries: insert-only for clients, like contact_messages.
create table public.project_requests (
    id uuid default gen_random_uuid() not null,
    name text not null,
    email text not null,
    company text,
    project_type text not null,
    budget text not null,
    timeline text not null,
    description text not null,
    created_at timestamp with time zone default now() not null,
    handled_at timestamp with time zone,
    constraint project_requests_budget_check check ((budget = any (array['5k-10k'::text, '10k-25k'::text, '25k-50k'::text, '50k+'::text]))),
    constraint project_requests_company_check check ((char_length(company) <= 100)),
    constraint project_requests_email_check check (((char_length(email) <= 255) and (email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text))),
    constraint project_requests_project_type_check check ((project_type = any (array['automation'::text, 'chatbot'::text, 'content'::text, 'analytics'::text, 'custom'::text]))),
    constraint project_requests_timeline_check check ((timeline = any (array['asap'::text, '1-month'::text, '2-3-months'::text, 'flexible'::text]))),
    constraint project_requests_pkey primary key (id)
);

-- The stored text within the form's limits, padding and all (the UI trims before storing). Not valid: every
-- new or changed row is checked; rows stored before the rule came were never re-checked.
alter table public.project_requests
    add constraint project_requests_description_check check (((char_length(description) <= 1000) and (char_length(btrim(description)) >= 10))) not valid;

alter table public.project_requests
    add constraint project_requests_name_check check (((char_length(name) <= 100) and (btrim(name) <> ''::text))) not valid;

alter table public.project_requests enable row level security;

create policy "anyone may write" on public.project_requests for insert to anon, authenticated with check (true);

REVOKE ALL ON TABLE public.project_requests FROM anon, authenticated;
GRANT ALL ON TABLE public.project_requests TO service_role;
GRANT SELECT,INSERT ON TABLE public.project_requests TO anon;
GRANT SELECT,INSERT ON TABLE public.project_requests TO authenticated;
