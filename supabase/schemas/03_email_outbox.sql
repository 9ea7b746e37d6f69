-- The e-mail outbox: every e-mail the shop sends (order confirmations, booking receipts and links, newsletter
-- codes) is a row queued in the same transaction as what it reports, so an e-mail goes out exactly when its
-- order or booking exists. The send-emails Edge Function (supabase/functions/send-emails) claims rows, sends them
-- and marks them sent or failed; the browser triggers it after an action, and a sweep every minute catches what
-- no browser did.

-- One row per e-mail: its template (send-emails' templates.ts), address and payload, and the sender's progress.
-- The idempotency key makes queueing the same e-mail twice a no-op.
create table private.email_outbox (
    id bigint not null,
    template text not null,
    recipient text not null,
    payload jsonb not null,
    idempotency_key text not null,
    created_at timestamp with time zone default now() not null,
    claimed_until timestamp with time zone,
    attempts integer default 0 not null,
    sent_at timestamp with time zone,
    last_error text,
    constraint email_outbox_idempotency_key_check check (((length(idempotency_key) >= 1) and (length(idempotency_key) <= 256))),
    constraint email_outbox_payload_check check ((jsonb_typeof(payload) = 'object'::text)),
    constraint email_outbox_recipient_check check (((length(recipient) between 3 and 255) and (recipient ~ '^[^@\s]+@[^@\s]+$'::text))),
    constraint email_outbox_template_check check ((template ~ '^[a-z][a-z_]{0,62}$'::text)),
    constraint email_outbox_idempotency_key_key unique (idempotency_key),
    constraint email_outbox_pkey primary key (id)
);

alter table private.email_outbox alter column id add generated always as identity (
    sequence name private.email_outbox_id_seq
    start with 1
    increment by 1
    no minvalue
    no maxvalue
    cache 1
);

create index email_outbox_unsent on private.email_outbox using btree (id) where (sent_at is null);

alter table private.email_outbox enable row level security;

-- Queues an e-mail; the same idempotency key again queues nothing. Called by the other areas' functions.
create function private.enqueue_email(template text, recipient text, payload jsonb, idempotency_key text) returns void
    language sql security definer
    set search_path to ''
    as $$
  insert into private.email_outbox (template, recipient, payload, idempotency_key)
  values (enqueue_email.template, enqueue_email.recipient, enqueue_email.payload, enqueue_email.idempotency_key)
  on conflict (idempotency_key) do nothing;
$$;

REVOKE ALL ON FUNCTION private.enqueue_email(template text, recipient text, payload jsonb, idempotency_key text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.enqueue_email(template text, recipient text, payload jsonb, idempotency_key text) TO service_role;

-- Gives up the rows claim_emails stopped trying because their 23 hours ran out (tried before, not sent, their
-- lease or wait over): each is marked given up for good (claimed_until 'infinity', as a refusal is) and reported
-- to the agency's contact address once (delivery_failed), as mark_email_failed reports the rows it gives up.
create function private.give_up_aged_emails() returns void
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  agency text := (select c.email_contact from private.company_details c);
  aged private.email_outbox;
begin
  for aged in
    update private.email_outbox o set claimed_until = 'infinity'::timestamptz
    where o.id in (
      select c.id from private.email_outbox c
      where c.sent_at is null and c.attempts between 1 and 7
        and c.created_at <= now() - interval '23 hours'
        and (c.claimed_until is null or c.claimed_until < now())
      for update skip locked
    )
    returning o.*
  loop
    if aged.template <> 'delivery_failed' and agency is not null then
      perform private.enqueue_email('delivery_failed', agency, jsonb_build_object(
        'failedTemplate', aged.template,
        'recipient', aged.recipient,
        'reason', left('Given up after 23 hours: ' || coalesce(aged.last_error, 'no error recorded'), 1000),
        'reference', aged.idempotency_key,
        'seller', private.seller()
      ), 'delivery_failed:' || aged.id);
    end if;
  end loop;
end;
$$;

REVOKE ALL ON FUNCTION private.give_up_aged_emails() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.give_up_aged_emails() TO service_role;

-- For send-emails (service role): the rows it may send now (unsent, not leased or the lease ran out, not given
-- up), each leased to it (claimed_until) so that a second sender does not take it meanwhile. First gives up, and
-- reports, the rows whose 23 hours ran out, so the report goes out in this batch.
create function public.claim_emails(batch_size integer default 10) returns table(id bigint, template text, recipient text, payload jsonb, idempotency_key text, attempts integer)
    language sql security definer
    set search_path to ''
    as $$
  select private.give_up_aged_emails();
  update private.email_outbox o
  set claimed_until = now() + interval '5 minutes', attempts = o.attempts + 1
  where o.id in (
    select c.id from private.email_outbox c
    where c.sent_at is null
      and (c.claimed_until is null or c.claimed_until < now())
      and c.attempts < 8
      and (c.attempts = 0 or c.created_at > now() - interval '23 hours')
    order by c.id
    limit least(greatest(coalesce(batch_size, 10), 1), 50)
    for update skip locked
  )
  returning o.id, o.template, o.recipient, o.payload, o.idempotency_key, o.attempts;
$$;

REVOKE ALL ON FUNCTION public.claim_emails(batch_size integer) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.claim_emails(batch_size integer) TO service_role;

-- For send-emails: the e-mail went out.
create function public.mark_email_sent(email_id bigint) returns void
    language sql security definer
    set search_path to ''
    as $$
  update private.email_outbox
  set sent_at = now(), claimed_until = null, last_error = null
  where id = email_id and sent_at is null;
$$;

REVOKE ALL ON FUNCTION public.mark_email_sent(email_id bigint) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.mark_email_sent(email_id bigint) TO service_role;

-- For send-emails: the e-mail failed. It is tried again after a minute doubled per attempt, or the provider's
-- `retry_after_seconds` when longer (either at most two hours), or never when `permanent`; claim_emails gives up
-- after eight attempts or 23 hours. A row given up here (permanent, or its last attempt) is reported to the
-- agency's contact address once (delivery_failed); a failed report is not reported again.
create function public.mark_email_failed(
  email_id bigint,
  error text,
  retry_after_seconds integer default null,
  permanent boolean default false
)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  failed private.email_outbox;
  agency text := (select c.email_contact from private.company_details c);
begin
  update private.email_outbox
  set last_error = left(error, 1000),
      claimed_until = case
        when permanent then 'infinity'::timestamptz
        else now() + make_interval(secs => greatest(
          least(60 * power(2, greatest(attempts - 1, 0)), 7200),
          least(coalesce(retry_after_seconds, 0), 7200)
        ))
      end
  where id = email_id and sent_at is null
  returning * into failed;
  if failed.id is null or failed.template = 'delivery_failed' or agency is null
    or not (permanent or failed.attempts >= 8) then
    return;
  end if;
  perform private.enqueue_email('delivery_failed', agency, jsonb_build_object(
    'failedTemplate', failed.template,
    'recipient', failed.recipient,
    'reason', failed.last_error,
    'reference', failed.idempotency_key,
    'seller', private.seller()
  ), 'delivery_failed:' || failed.id);
end;
$$;

REVOKE ALL ON FUNCTION public.mark_email_failed(email_id bigint, error text, retry_after_seconds integer, permanent boolean) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.mark_email_failed(email_id bigint, error text, retry_after_seconds integer, permanent boolean) TO service_role;

-- The periodic sweep: calls send-emails over HTTP (pg_net) with the project's URL and key from Vault, where the
-- agency stores them once (README, "Deploying"); until then each run does nothing but say so.
create function private.request_email_sweep() returns bigint
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  project_url text;
  sweep_key text;
begin
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into sweep_key from vault.decrypted_secrets where name = 'email_sweep_key';
  if project_url is null or sweep_key is null then
    raise notice 'send-emails sweep skipped: store the Vault secrets project_url and email_sweep_key (README, Deploying)';
    return null;
  end if;
  -- The function sends for up to 60 seconds; pg_net records its answer (net._http_response) when it comes.
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/send-emails',
    headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', sweep_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 90000
  );
end;
$$;

REVOKE ALL ON FUNCTION private.request_email_sweep() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.request_email_sweep() TO service_role;

-- Every minute on hosted Supabase, which offers pg_cron and pg_net. A database without them (local-supabase's
-- PGlite, or a plain PostgreSQL) gets no job: local-supabase runs the same call on a timer of its own
-- (local-supabase/src/functions/schedule.ts).
do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron')
    and exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron with schema pg_catalog;
    create extension if not exists pg_net with schema extensions;
    -- A job of the same name is replaced, so applying this again changes nothing.
    perform cron.schedule('send-emails', '* * * * *', 'select private.request_email_sweep()');
  end if;
end;
$$;

-- One normalisation for what a customer types (a name, an address, a note), the rule send-emails' templates apply
-- (supabase/functions/send-emails/plain-text.ts; local-supabase/test/hostile-round-two.test.ts compares both), so
-- nothing the database stores is refused by an e-mail: Unicode spaces trimmed at both ends, control characters
-- refused (a line feed only where a field may span lines). The typed fields of 06-08's tables must be their own
-- normalisation (is_plain_text); book_discovery_call trims what it is given with trim_spaces.
create function private.trim_spaces(value text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select regexp_replace(value,
    '^[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '', 'g');
$$;

create function private.is_plain_text(value text, multiline boolean default false) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select value is null or (
    value = private.trim_spaces(value)
    and value !~ case when multiline
      then '[\u0001-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]'
      else '[\u0001-\u001f\u007f-\u009f\u2028\u2029]' end
  );
$$;

REVOKE ALL ON FUNCTION private.trim_spaces(value text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.trim_spaces(value text) TO authenticated;
GRANT ALL ON FUNCTION private.trim_spaces(value text) TO service_role;
REVOKE ALL ON FUNCTION private.is_plain_text(value text, multiline boolean) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.is_plain_text(value text, multiline boolean) TO authenticated;
GRANT ALL ON FUNCTION private.is_plain_text(value text, multiline boolean) TO service_role;
