-- One normalisation for what a customer types, and no e-mail that vanishes (issue #44, item 4).
--
-- Billing `{"name":"\u00a0","address":"\u3000","city":"\u2003"}` was accepted (the database trimmed ASCII spaces
-- only), and send-emails' templates, which trim every Unicode space, refused the empty result: the order's
-- confirmation and the agency's copy were given up and the agency never heard of the order. Now:
-- - private.trim_spaces(value) trims the characters send-emails' plain-text.ts trims (SPACES: Unicode White_Space
--   and U+FEFF), and private.is_plain_text(value, multiline) refuses a value that is not trimmed or holds a control
--   character (C0, DEL, C1, U+2028/U+2029; a line feed only where the field may span lines, a note). The same
--   rule as plain-text.ts's normalisedText: local-supabase/test/hostile-round-two.test.ts runs both over the same
--   inputs on both engines.
-- - Check constraints on the typed fields of billing_details, meetings and newsletter_subscribers refuse (23514)
--   a value that is not its own normalisation: untrimmed (of any kind of space, as the billing checks already
--   refused ASCII spaces: the forms trim before sending) or holding a control character. Whoever writes them (the
--   checkout, Profile, a booking, a subscription) meets the same rule; book_discovery_call trims the name and note
--   it is given with trim_spaces (20261206130000_booking_own_address.sql), as it trimmed ASCII spaces before. The
--   constraints are `not valid`: rows stored before are not re-checked (their e-mails went out or were given up).
-- - An e-mail the outbox gives up on (refused for good by a template or the provider, or out of tries) is reported
--   to the agency's contact address (template delivery_failed: what, to whom, why, and its reference), once per
--   row; a failed report is not reported again.

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

alter table public.billing_details
  add constraint billing_details_plain_text check (
    private.is_plain_text(name) and private.is_plain_text(company) and private.is_plain_text(address)
    and private.is_plain_text(postal_code) and private.is_plain_text(city)
  ) not valid;
alter table public.meetings
  add constraint meetings_plain_text check (
    private.is_plain_text(contact_name) and private.is_plain_text(notes, true)
  ) not valid;
alter table public.newsletter_subscribers
  add constraint newsletter_subscribers_plain_text check (private.is_plain_text(name)) not valid;

-- As in 20261128090000_email_outbox.sql, and: a row given up (permanent, or its last try) is reported to the agency.
create or replace function public.mark_email_failed(
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

revoke all on function private.trim_spaces(text), private.is_plain_text(text, boolean)
  from public, anon, authenticated;
-- The checks run as the writing role: a customer writes their own billing details (Profile).
grant execute on function private.trim_spaces(text), private.is_plain_text(text, boolean)
  to authenticated, service_role;
