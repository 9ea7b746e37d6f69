-- E-mails given up after 23 hours are reported to the agency (issue #44, round two, item 5).
--
-- mark_email_failed reports the rows it gives up (refused for good, or the eighth attempt) with a delivery_failed
-- e-mail to the agency, but a row whose 23 hours of retries ran out was just no longer claimed: the back office's
-- start page listed it, yet no one was told. claim_emails, which every send-emails run calls (the sweep every
-- minute), now first gives such rows up for good (claimed_until 'infinity') and queues their report, once each.

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

create or replace function public.claim_emails(batch_size integer default 10) returns table(id bigint, template text, recipient text, payload jsonb, idempotency_key text, attempts integer)
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
