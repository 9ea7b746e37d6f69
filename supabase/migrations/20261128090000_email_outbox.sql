-- The e-mail outbox (issue #31): an event (an order, a booking, a confirmed call) writes its e-mails here in the
-- same transaction as itself, so an e-mail exists exactly when its event does; the Edge Function
-- supabase/functions/send-emails sends them and marks them sent.
-- - private.enqueue_email(template, recipient, payload, idempotency_key): called inside the event's own
--   transaction; the same key again is a no-op, so a retried event never queues a second e-mail.
-- - public.claim_emails(batch_size): a sender takes up to batch_size due rows with `for update skip locked` and a
--   five-minute lease (claimed_until), counting the attempt: two senders at once never take the same row, and
--   a sender that dies leaves its rows to the next one after the lease.
-- - public.mark_email_sent(id) / public.mark_email_failed(id, error, retry_after_seconds, permanent): the
--   outcome. A failure waits 1, 2, 4, ... minutes (at most 2 hours, at least the provider's Retry-After);
--   a permanent one (the provider refused the message itself) is never tried again.
-- - A row is tried at most 8 times, and never again once a day has nearly passed since it was queued: the
--   provider (Resend) remembers an idempotency key for 24 hours, so every retry of a send that may have gone
--   through (a timeout, or a send whose mark failed) reaches the provider while it still answers the first
--   send's result instead of sending again. README, "E-mail", says what the agency does with such rows.
-- Only service_role may claim or mark (the function uses it); no client role reads or writes the outbox.

create table private.email_outbox (
  id bigint generated always as identity primary key,
  template text not null check (template ~ '^[a-z][a-z_]{0,62}$'),
  recipient text not null check (length(recipient) between 3 and 255 and recipient ~ '^[^@\s]+@[^@\s]+$'),
  payload jsonb not null check (jsonb_typeof(payload) = 'object'),
  -- Resend takes keys of 1 to 256 characters.
  idempotency_key text not null unique check (length(idempotency_key) between 1 and 256),
  created_at timestamptz not null default now(),
  claimed_until timestamptz,
  attempts integer not null default 0,
  sent_at timestamptz,
  last_error text
);

-- What a claim scans: the rows not yet sent, oldest first.
create index email_outbox_unsent on private.email_outbox (id) where sent_at is null;

alter table private.email_outbox enable row level security;
revoke all on table private.email_outbox from public, anon, authenticated;

create function private.enqueue_email(template text, recipient text, payload jsonb, idempotency_key text)
returns void
language sql volatile security definer set search_path = ''
as $$
  insert into private.email_outbox (template, recipient, payload, idempotency_key)
  values (enqueue_email.template, enqueue_email.recipient, enqueue_email.payload, enqueue_email.idempotency_key)
  on conflict (idempotency_key) do nothing;
$$;

-- The rows a sender may take now: unsent, not leased (or the lease ran out), not given up.
create function public.claim_emails(batch_size integer default 10)
returns table (id bigint, template text, recipient text, payload jsonb, idempotency_key text, attempts integer)
language sql volatile security definer set search_path = ''
as $$
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

create function public.mark_email_sent(email_id bigint)
returns void
language sql volatile security definer set search_path = ''
as $$
  update private.email_outbox
  set sent_at = now(), claimed_until = null, last_error = null
  where id = email_id and sent_at is null;
$$;

create function public.mark_email_failed(
  email_id bigint,
  error text,
  retry_after_seconds integer default null,
  permanent boolean default false
)
returns void
language sql volatile security definer set search_path = ''
as $$
  update private.email_outbox
  set last_error = left(error, 1000),
      claimed_until = case
        when permanent then 'infinity'::timestamptz
        else now() + make_interval(secs => greatest(
          least(60 * power(2, greatest(attempts - 1, 0)), 7200),
          least(coalesce(retry_after_seconds, 0), 7200)
        ))
      end
  where id = email_id and sent_at is null;
$$;

revoke all on function private.enqueue_email(text, text, jsonb, text), public.claim_emails(integer),
  public.mark_email_sent(bigint), public.mark_email_failed(bigint, text, integer, boolean)
  from public, anon, authenticated;
grant execute on function private.enqueue_email(text, text, jsonb, text), public.claim_emails(integer),
  public.mark_email_sent(bigint), public.mark_email_failed(bigint, text, integer, boolean)
  to service_role;
