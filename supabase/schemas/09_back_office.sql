-- The agency's back office (issue #42, beyond the spec): its staff work in the browser, not with the service key.
-- A staff member is a user whose app_metadata.role is 'staff' (only the service role sets app_metadata: `npm run
-- staff`), signed in with their second factor. private.is_staff() is the one rule: every staff function asks
-- private.require_staff() first, and every staff policy uses is_staff(). It reads the role from auth.users, not
-- from the JWT, so removing a staff member ends their access at once, whatever tokens they still hold.
--
-- Reads go through security definer functions rather than staff policies on the customers' tables: a policy would
-- also widen what a staff member's own account pages read (they select their orders through RLS, unfiltered).

create function private.has_staff_role() returns boolean
    language sql stable security definer
    set search_path to ''
    as $$
  select exists (
    select 1 from auth.users u
    where u.id = auth.uid() and u.raw_app_meta_data ->> 'role' = 'staff'
  );
$$;

REVOKE ALL ON FUNCTION private.has_staff_role() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.has_staff_role() TO authenticated;
GRANT ALL ON FUNCTION private.has_staff_role() TO service_role;


create function private.is_staff() returns boolean
    language sql stable security definer
    set search_path to ''
    as $$
  select coalesce(auth.jwt() ->> 'aal', '') = 'aal2' and private.has_staff_role();
$$;

REVOKE ALL ON FUNCTION private.is_staff() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.is_staff() TO authenticated;
GRANT ALL ON FUNCTION private.is_staff() TO service_role;


-- Raises unless the caller is staff on a two-factor session: 403 with `insufficient_aal` for staff on a password
-- session (the app asks for the code), `staff_only` for anyone else. Returns the staff member's id.
create function private.require_staff() returns uuid
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  if private.is_staff() then
    return auth.uid();
  end if;
  raise sqlstate 'PGRST' using
    message = json_build_object(
      'code', case when private.has_staff_role() then 'insufficient_aal' else 'staff_only' end,
      'message', case when private.has_staff_role()
        then 'Enter the code from your authenticator app to continue.'
        else 'This is only for the agency''s staff.' end,
      'details', null,
      'hint', null
    )::text,
    detail = json_build_object('status', 403, 'headers', json_build_object())::text;
end;
$$;

REVOKE ALL ON FUNCTION private.require_staff() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.require_staff() TO authenticated;
GRANT ALL ON FUNCTION private.require_staff() TO service_role;


-- Ends every session of a user (GoTrue's global sign-out, which the admin API offers only with the user's own
-- token): `npm run staff -- remove` calls it after taking the role, so the removed member's refresh tokens die too.
create function public.end_user_sessions(user_id uuid) returns integer
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  ended integer;
begin
  delete from auth.refresh_tokens r where r.user_id = end_user_sessions.user_id;
  delete from auth.sessions s where s.user_id = end_user_sessions.user_id;
  get diagnostics ended = row_count;
  return ended;
end;
$$;

REVOKE ALL ON FUNCTION public.end_user_sessions(user_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.end_user_sessions(user_id uuid) TO service_role;


-- An order's status in the words the customer's Orders uses (shared-lib/src/orders/order-status.ts).
create function private.order_status_label(status text) returns text
    language sql immutable
    set search_path to ''
    as $$
  select case status
    when 'awaiting_payment' then 'Awaiting payment'
    when 'paid' then 'Paid'
    when 'in_progress' then 'In progress'
    when 'delivered' then 'Delivered'
    when 'cancelled' then 'Cancelled'
    else status
  end;
$$;

REVOKE ALL ON FUNCTION private.order_status_label(status text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.order_status_label(status text) TO service_role;


-- The audit trail of every status change, whoever made it: a staff member (changed_by), or the service role's
-- SQL (changed_by null). Written by the trigger below, never by a client; staff read it.
create table public.order_status_changes (
    id bigint generated always as identity primary key,
    order_id uuid not null references public.orders(id) on delete cascade,
    changed_at timestamp with time zone default now() not null,
    changed_by uuid references auth.users(id) on delete set null,
    -- Kept as it was, so the trail still names a member whose account is gone.
    changed_by_email text,
    from_status text not null,
    to_status text not null,
    note text,
    constraint order_status_changes_note_check check ((char_length(note) <= 1000))
);

create index order_status_changes_order_idx on public.order_status_changes using btree (order_id, changed_at);

alter table public.order_status_changes enable row level security;

create policy "staff read" on public.order_status_changes for select to authenticated using (( select private.is_staff() as is_staff));

REVOKE ALL ON TABLE public.order_status_changes FROM anon, authenticated;
GRANT SELECT ON TABLE public.order_status_changes TO authenticated;
GRANT ALL ON TABLE public.order_status_changes TO service_role;


-- After a status change (and after orders_credit_when_cancelled, which issues the credit note: triggers of one
-- event fire in name order): the audit row, with the note a staff function passed in storefront.status_note, and
-- the customer's e-mail on paid, delivered and cancelled, through the outbox.
create function private.order_status_changed() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  customer_email text;
  company private.company_details;
  credit_note public.invoices;
  payload jsonb;
begin
  insert into public.order_status_changes (order_id, changed_by, changed_by_email, from_status, to_status, note)
  values (new.id, auth.uid(), (select u.email from auth.users u where u.id = auth.uid()), old.status, new.status,
    nullif(btrim(current_setting('storefront.status_note', true)), ''));

  if new.status not in ('paid', 'delivered', 'cancelled') then
    return null;
  end if;
  select u.email into customer_email from auth.users u where u.id = new.user_id;
  if customer_email is null then
    return null;
  end if;
  select * into company from private.company_details;
  select * into credit_note from public.invoices i where i.order_id = new.id and i.kind = 'credit_note';
  payload := jsonb_build_object(
    'orderNumber', '#' || left(new.id::text, 8),
    'name', coalesce(nullif(new.billing ->> 'name', ''), customer_email),
    'totalCents', new.total_amount,
    'ordersUrl', company.site_url || '/account?tab=orders',
    'seller', private.seller()
  ) || case new.status
    when 'paid' then jsonb_build_object('paidOn', coalesce(new.paid_on, (now() at time zone company.time_zone)::date))
    when 'cancelled' then jsonb_strip_nulls(jsonb_build_object('creditNoteNumber', credit_note.number,
      'creditNoteUrl', case when credit_note.number is not null
        then company.site_url || '/account/invoice?number=' || credit_note.number end))
    else '{}'::jsonb
  end;
  perform private.enqueue_email('order_' || new.status, customer_email, payload,
    'order_' || new.status || ':' || new.id);
  return null;
end;
$$;

REVOKE ALL ON FUNCTION private.order_status_changed() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.order_status_changed() TO service_role;


create trigger orders_status_logged after update of status on public.orders for each row when ((old.status is distinct from new.status)) execute function private.order_status_changed();


-- One order as the desk shows it: items, billing, invoice, credit note and the audit trail.
create function private.staff_order_view(order_id uuid) returns json
    language sql stable security definer
    set search_path to ''
    as $$
  select json_build_object(
    'id', o.id,
    'order_number', '#' || left(o.id::text, 8),
    'created_at', o.created_at,
    'status', o.status,
    'status_changed_at', o.status_changed_at,
    'total_cents', o.total_amount,
    'discount_cents', o.discount_amount,
    'discount_code', o.discount_code,
    'paid_on', o.paid_on,
    'payment_reference', o.payment_reference,
    'customer', json_build_object('id', o.user_id, 'email', u.email),
    'billing', o.billing,
    'items', coalesce((
      select json_agg(json_build_object('service_id', i.service_id, 'title', i.service_title,
        'price_cents', round(i.service_price * 100)::integer) order by i.sort_order, i.created_at)
      from public.order_items i where i.order_id = o.id), '[]'),
    'invoice', (
      select json_build_object('number', i.number, 'issued_on', i.issued_on, 'due_on', i.due_on,
        'total_cents', i.total_cents)
      from public.invoices i where i.order_id = o.id and i.kind = 'invoice'),
    'credit_note', (
      select json_build_object('number', i.number, 'issued_on', i.issued_on, 'total_cents', i.total_cents)
      from public.invoices i where i.order_id = o.id and i.kind = 'credit_note'),
    'history', coalesce((
      select json_agg(json_build_object('changed_at', c.changed_at, 'changed_by', c.changed_by_email,
        'from_status', c.from_status, 'to_status', c.to_status, 'note', c.note) order by c.changed_at, c.id)
      from public.order_status_changes c where c.order_id = o.id), '[]')
  )
  from public.orders o
  left join auth.users u on u.id = o.user_id
  where o.id = staff_order_view.order_id;
$$;

REVOKE ALL ON FUNCTION private.staff_order_view(order_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.staff_order_view(order_id uuid) TO service_role;


create function public.staff_order(order_id uuid) returns json
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  found_order json;
begin
  perform private.require_staff();
  found_order := private.staff_order_view(staff_order.order_id);
  if found_order is null then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'order_not_found', 'message', 'There is no such order.',
        'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  return found_order;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_order(order_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_order(order_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_order(order_id uuid) TO service_role;


-- The orders desk's list: newest first, optionally of one status, searched by order number ("#1a2b3c4d" or its
-- start), the customer's e-mail (any part) or an invoice or credit note number (its start); one page at a time,
-- each row carrying the number of matching orders.
create function public.staff_orders(status_filter text default null::text, search text default null::text, page integer default 1, page_size integer default 25) returns table(id uuid, order_number text, created_at timestamp with time zone, status text, status_changed_at timestamp with time zone, total_cents integer, customer_email text, customer_name text, invoice_number text, credit_note_number text, total_count bigint)
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  term text := nullif(btrim(ltrim(btrim(coalesce(staff_orders.search, '')), '#')), '');
  pattern text := replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_');
  size integer := least(greatest(coalesce(staff_orders.page_size, 25), 1), 100);
begin
  perform private.require_staff();
  if char_length(term) > 200 then
    term := left(term, 200);
    pattern := replace(replace(replace(term, '\', '\\'), '%', '\%'), '_', '\_');
  end if;
  return query
  select o.id, '#' || left(o.id::text, 8), o.created_at, o.status, o.status_changed_at, o.total_amount,
    u.email::text, o.billing ->> 'name', inv.number, cn.number, count(*) over ()
  from public.orders o
  left join auth.users u on u.id = o.user_id
  left join public.invoices inv on inv.order_id = o.id and inv.kind = 'invoice'
  left join public.invoices cn on cn.order_id = o.id and cn.kind = 'credit_note'
  where (staff_orders.status_filter is null or o.status = staff_orders.status_filter)
    and (term is null
      or o.id::text ilike pattern || '%'
      or u.email ilike '%' || pattern || '%'
      or inv.number ilike pattern || '%'
      or cn.number ilike pattern || '%')
  order by o.created_at desc, o.id desc
  limit size offset (greatest(coalesce(staff_orders.page, 1), 1) - 1) * size;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_orders(status_filter text, search text, page integer, page_size integer) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_orders(status_filter text, search text, page integer, page_size integer) TO authenticated;
GRANT ALL ON FUNCTION public.staff_orders(status_filter text, search text, page integer, page_size integer) TO service_role;


-- Moves an order on for a staff member, if it still has the status they saw: of two staff acting at once, the
-- second waits on the row lock, finds another status and is refused with 409 `order_changed`, whose details are
-- the status it now has (the app shows it and reloads). A move the status machine forbids is refused by
-- orders_status_change (23514). Returns the order as staff_order does.
create function private.staff_move_order(order_id uuid, expected_status text, new_status text, note text, paid_on date default null::date, payment_reference text default null::text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  current_status text;
begin
  perform private.require_staff();
  if char_length(staff_move_order.note) > 1000 then
    raise exception 'A note has at most 1000 characters' using errcode = '22001';
  end if;
  select o.status into current_status from public.orders o where o.id = staff_move_order.order_id for update;
  if not found then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'order_not_found', 'message', 'There is no such order.',
        'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  if current_status is distinct from staff_move_order.expected_status then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'order_changed',
        'message', 'Someone else changed this order meanwhile: it is now ' ||
          private.order_status_label(current_status) || '.',
        'details', current_status, 'hint', null)::text,
      detail = json_build_object('status', 409, 'headers', json_build_object())::text;
  end if;
  perform set_config('storefront.status_note', coalesce(staff_move_order.note, ''), true);
  update public.orders o
  set status = staff_move_order.new_status,
    paid_on = coalesce(staff_move_order.paid_on, o.paid_on),
    payment_reference = coalesce(staff_move_order.payment_reference, o.payment_reference)
  where o.id = staff_move_order.order_id;
  perform set_config('storefront.status_note', '', true);
  return private.staff_order_view(staff_move_order.order_id);
end;
$$;

REVOKE ALL ON FUNCTION private.staff_move_order(order_id uuid, expected_status text, new_status text, note text, paid_on date, payment_reference text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.staff_move_order(order_id uuid, expected_status text, new_status text, note text, paid_on date, payment_reference text) TO service_role;


-- The bank transfer arrived: the day it was booked and the bank's reference are kept on the order.
create function public.staff_mark_order_paid(order_id uuid, expected_status text, paid_on date, bank_reference text, note text default null::text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  reference text := btrim(staff_mark_order_paid.bank_reference);
begin
  perform private.require_staff();
  if staff_mark_order_paid.paid_on is null
    or staff_mark_order_paid.paid_on > (now() at time zone (select c.time_zone from private.company_details c))::date
  then
    raise exception 'The day the payment arrived is today or earlier' using errcode = '22023';
  end if;
  if reference is null or char_length(reference) not between 1 and 140 then
    raise exception 'The bank reference has 1 to 140 characters' using errcode = '22023';
  end if;
  return private.staff_move_order(staff_mark_order_paid.order_id, staff_mark_order_paid.expected_status, 'paid',
    staff_mark_order_paid.note, staff_mark_order_paid.paid_on, reference);
end;
$$;

REVOKE ALL ON FUNCTION public.staff_mark_order_paid(order_id uuid, expected_status text, paid_on date, bank_reference text, note text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_mark_order_paid(order_id uuid, expected_status text, paid_on date, bank_reference text, note text) TO authenticated;
GRANT ALL ON FUNCTION public.staff_mark_order_paid(order_id uuid, expected_status text, paid_on date, bank_reference text, note text) TO service_role;


create function public.staff_start_order_work(order_id uuid, expected_status text, note text default null::text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return private.staff_move_order(staff_start_order_work.order_id, staff_start_order_work.expected_status,
    'in_progress', staff_start_order_work.note);
end;
$$;

REVOKE ALL ON FUNCTION public.staff_start_order_work(order_id uuid, expected_status text, note text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_start_order_work(order_id uuid, expected_status text, note text) TO authenticated;
GRANT ALL ON FUNCTION public.staff_start_order_work(order_id uuid, expected_status text, note text) TO service_role;


create function public.staff_mark_order_delivered(order_id uuid, expected_status text, note text default null::text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return private.staff_move_order(staff_mark_order_delivered.order_id, staff_mark_order_delivered.expected_status,
    'delivered', staff_mark_order_delivered.note);
end;
$$;

REVOKE ALL ON FUNCTION public.staff_mark_order_delivered(order_id uuid, expected_status text, note text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_mark_order_delivered(order_id uuid, expected_status text, note text) TO authenticated;
GRANT ALL ON FUNCTION public.staff_mark_order_delivered(order_id uuid, expected_status text, note text) TO service_role;


-- Cancelling credits the invoice: orders_credit_when_cancelled issues the credit note (private.issue_credit_note).
create function public.staff_cancel_order(order_id uuid, expected_status text, note text default null::text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return private.staff_move_order(staff_cancel_order.order_id, staff_cancel_order.expected_status, 'cancelled',
    staff_cancel_order.note);
end;
$$;

REVOKE ALL ON FUNCTION public.staff_cancel_order(order_id uuid, expected_status text, note text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_cancel_order(order_id uuid, expected_status text, note text) TO authenticated;
GRANT ALL ON FUNCTION public.staff_cancel_order(order_id uuid, expected_status text, note text) TO service_role;


-- An e-mail the outbox gave up on: never sent, and claim_emails will not try it again (refused for good, eight
-- attempts, or past the 23 hours its retries get).
create function private.email_given_up(e private.email_outbox) returns boolean
    language sql stable
    set search_path to ''
    as $$
  select e.sent_at is null and (e.claimed_until = 'infinity'::timestamptz or e.attempts >= 8
    or (e.attempts > 0 and e.created_at <= now() - interval '23 hours'));
$$;

REVOKE ALL ON FUNCTION private.email_given_up(e private.email_outbox) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.email_given_up(e private.email_outbox) TO service_role;


-- The start page: what needs doing today.
create function public.staff_dashboard() returns json
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  zone text := (select c.time_zone from private.company_details c);
  month_start date := date_trunc('month', now() at time zone zone)::date;
begin
  perform private.require_staff();
  return json_build_object(
    'awaiting_payment', (
      select json_build_object('count', count(*), 'total_cents', coalesce(sum(o.total_amount), 0))
      from public.orders o where o.status = 'awaiting_payment'),
    'paid_this_month', (
      select json_build_object('count', count(*), 'total_cents', coalesce(sum(o.total_amount), 0))
      from public.orders o
      where o.status <> 'cancelled' and o.paid_on >= month_start),
    'next_calls', coalesce((
      select json_agg(json_build_object('id', m.id, 'meeting_type', m.meeting_type, 'scheduled_at',
        m.scheduled_at, 'ends_at', m.ends_at, 'status', m.status,
        'name', coalesce(m.contact_name, u.raw_user_meta_data ->> 'full_name', u.email),
        'email', coalesce(m.contact_email, u.email)) order by m.scheduled_at)
      from (select * from public.meetings m
        where m.status in ('requested', 'scheduled') and m.scheduled_at >= now()
          and not private.is_expired_hold(m)
        order by m.scheduled_at limit 5) m
      left join auth.users u on u.id = m.user_id), '[]'),
    'unhandled_leads', json_build_object(
      'contact_messages', (select count(*) from public.contact_messages c where c.handled_at is null),
      'project_requests', (select count(*) from public.project_requests p where p.handled_at is null)),
    'subscribers', (select count(*) from public.newsletter_subscribers),
    'failed_emails', coalesce((
      select json_agg(json_build_object('id', e.id, 'template', e.template, 'recipient', e.recipient,
        'created_at', e.created_at, 'attempts', e.attempts, 'last_error', e.last_error) order by e.id desc)
      from private.email_outbox e where private.email_given_up(e)), '[]')
  );
end;
$$;

REVOKE ALL ON FUNCTION public.staff_dashboard() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_dashboard() TO authenticated;
GRANT ALL ON FUNCTION public.staff_dashboard() TO service_role;


-- Gives an e-mail the outbox gave up on another full round of attempts (its 23 hours start again).
create function public.staff_resend_email(email_id bigint) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  update private.email_outbox e
  set attempts = 0, claimed_until = null, last_error = null, created_at = now()
  where e.id = staff_resend_email.email_id and private.email_given_up(e);
  if not found then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'email_not_failed',
        'message', 'This e-mail is sent or still being tried.', 'details', null, 'hint', null)::text,
      detail = json_build_object('status', 409, 'headers', json_build_object())::text;
  end if;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_resend_email(email_id bigint) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_resend_email(email_id bigint) TO authenticated;
GRANT ALL ON FUNCTION public.staff_resend_email(email_id bigint) TO service_role;


-- Contact messages and project requests, newest first, for the leads desk.
create function public.staff_leads(kind text, unhandled_only boolean default false, page integer default 1, page_size integer default 25) returns json
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  size integer := least(greatest(coalesce(staff_leads.page_size, 25), 1), 100);
  skip integer := (greatest(coalesce(staff_leads.page, 1), 1) - 1) * size;
begin
  perform private.require_staff();
  if staff_leads.kind = 'contact_message' then
    return (select json_build_object('total_count', (select count(*) from public.contact_messages c
        where not coalesce(staff_leads.unhandled_only, false) or c.handled_at is null),
      'leads', coalesce(json_agg(to_json(c) order by c.created_at desc, c.id), '[]'))
      from (select * from public.contact_messages c
        where not coalesce(staff_leads.unhandled_only, false) or c.handled_at is null
        order by c.created_at desc, c.id limit size offset skip) c);
  elsif staff_leads.kind = 'project_request' then
    return (select json_build_object('total_count', (select count(*) from public.project_requests p
        where not coalesce(staff_leads.unhandled_only, false) or p.handled_at is null),
      'leads', coalesce(json_agg(to_json(p) order by p.created_at desc, p.id), '[]'))
      from (select * from public.project_requests p
        where not coalesce(staff_leads.unhandled_only, false) or p.handled_at is null
        order by p.created_at desc, p.id limit size offset skip) p);
  end if;
  raise exception 'kind is contact_message or project_request' using errcode = '22023';
end;
$$;

REVOKE ALL ON FUNCTION public.staff_leads(kind text, unhandled_only boolean, page integer, page_size integer) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_leads(kind text, unhandled_only boolean, page integer, page_size integer) TO authenticated;
GRANT ALL ON FUNCTION public.staff_leads(kind text, unhandled_only boolean, page integer, page_size integer) TO service_role;


-- Marks a contact message or project request handled (or, with handled false, not yet): returns when.
create function public.staff_mark_lead_handled(kind text, lead_id uuid, handled boolean default true) returns timestamp with time zone
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  stamp timestamptz := case when coalesce(staff_mark_lead_handled.handled, true) then now() end;
begin
  perform private.require_staff();
  if staff_mark_lead_handled.kind = 'contact_message' then
    update public.contact_messages c set handled_at = stamp where c.id = staff_mark_lead_handled.lead_id;
  elsif staff_mark_lead_handled.kind = 'project_request' then
    update public.project_requests p set handled_at = stamp where p.id = staff_mark_lead_handled.lead_id;
  else
    raise exception 'kind is contact_message or project_request' using errcode = '22023';
  end if;
  if not found then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'lead_not_found', 'message', 'There is no such message.',
        'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  return stamp;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_mark_lead_handled(kind text, lead_id uuid, handled boolean) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_mark_lead_handled(kind text, lead_id uuid, handled boolean) TO authenticated;
GRANT ALL ON FUNCTION public.staff_mark_lead_handled(kind text, lead_id uuid, handled boolean) TO service_role;


-- The calendar desk: the calls from `from_day` for `days` days (in the booking calendar's time zone), confirmed
-- and holds, with the booker's details, and the blocked-out times.
create function public.staff_calendar(from_day date, days integer default 14) returns json
    language plpgsql stable security definer
    set search_path to ''
    as $$
declare
  zone text := (select s.time_zone from public.booking_settings s);
  range_start timestamptz := staff_calendar.from_day::timestamp at time zone zone;
  range_end timestamptz := (staff_calendar.from_day + least(greatest(coalesce(staff_calendar.days, 14), 1), 62))::timestamp at time zone zone;
begin
  perform private.require_staff();
  return json_build_object(
    'time_zone', zone,
    'calls', coalesce((
      select json_agg(json_build_object('id', m.id, 'meeting_type', m.meeting_type, 'scheduled_at', m.scheduled_at,
        'ends_at', m.ends_at, 'status', m.status, 'hold', m.confirmed_at is null and m.hold_expires_at is not null,
        'hold_expires_at', m.hold_expires_at, 'name', coalesce(m.contact_name, u.raw_user_meta_data ->> 'full_name'),
        'email', coalesce(m.contact_email, u.email), 'account_email', u.email, 'notes', m.notes)
        order by m.scheduled_at)
      from public.meetings m
      left join auth.users u on u.id = m.user_id
      where m.scheduled_at >= range_start and m.scheduled_at < range_end
        and not private.is_expired_hold(m)), '[]'),
    'blockouts', coalesce((
      select json_agg(json_build_object('id', b.id, 'starts_at', b.starts_at, 'ends_at', b.ends_at,
        'reason', b.reason) order by b.starts_at)
      from private.booking_blockouts b
      where b.starts_at < range_end and b.ends_at > range_start), '[]')
  );
end;
$$;

REVOKE ALL ON FUNCTION public.staff_calendar(from_day date, days integer) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_calendar(from_day date, days integer) TO authenticated;
GRANT ALL ON FUNCTION public.staff_calendar(from_day date, days integer) TO service_role;


-- Moves a call on for a staff member: confirm (requested -> scheduled, which queues the call-confirmed e-mails:
-- meetings_call_confirmed), complete (scheduled -> completed) or cancel (-> cancelled, with a message e-mailed to
-- the booker). A call in another status is refused with 409 `call_changed` and its status in details.
create function private.staff_move_call(meeting_id uuid, from_statuses text[], new_status text, message text default null::text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  m public.meetings;
  booker_email text;
  words text := nullif(btrim(staff_move_call.message), '');
begin
  perform private.require_staff();
  select * into m from public.meetings where id = staff_move_call.meeting_id for update;
  if not found then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'call_not_found', 'message', 'There is no such call.',
        'details', null, 'hint', null)::text,
      detail = json_build_object('status', 404, 'headers', json_build_object())::text;
  end if;
  if not (m.status = any (staff_move_call.from_statuses)) or private.is_expired_hold(m) then
    raise sqlstate 'PGRST' using
      message = json_build_object('code', 'call_changed',
        'message', case when private.is_expired_hold(m) then 'This call''s hold has expired.'
          else 'This call is ' || m.status || ' now.' end,
        'details', m.status, 'hint', null)::text,
      detail = json_build_object('status', 409, 'headers', json_build_object())::text;
  end if;
  if char_length(words) > 2000 then
    raise exception 'A message has at most 2000 characters' using errcode = '22001';
  end if;
  update public.meetings set status = staff_move_call.new_status,
    cancelled_at = case when staff_move_call.new_status = 'cancelled' then now() else cancelled_at end,
    confirmed_at = case when staff_move_call.new_status = 'scheduled' then coalesce(confirmed_at, now())
      else confirmed_at end
  where id = m.id returning * into m;
  if m.status = 'cancelled' then
    select coalesce(m.contact_email, u.email) into booker_email from auth.users u where u.id = m.user_id;
    booker_email := coalesce(booker_email, m.contact_email);
    if booker_email is not null then
      perform private.enqueue_email('call_cancelled', booker_email, jsonb_strip_nulls(jsonb_build_object(
        'meetingType', m.meeting_type,
        'startsAt', m.scheduled_at,
        'endsAt', coalesce(m.ends_at, m.scheduled_at + interval '30 minutes'),
        'timeZone', (select s.time_zone from public.booking_settings s),
        'name', coalesce(m.contact_name, booker_email),
        'message', words,
        'bookUrl', (select c.site_url from private.company_details c) || '/contact',
        'seller', private.seller())), 'call_cancelled:' || m.id);
    end if;
  end if;
  return json_build_object('id', m.id, 'status', m.status, 'scheduled_at', m.scheduled_at,
    'confirmed_at', m.confirmed_at, 'cancelled_at', m.cancelled_at);
end;
$$;

REVOKE ALL ON FUNCTION private.staff_move_call(meeting_id uuid, from_statuses text[], new_status text, message text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.staff_move_call(meeting_id uuid, from_statuses text[], new_status text, message text) TO service_role;


create function public.staff_confirm_call(meeting_id uuid) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return private.staff_move_call(staff_confirm_call.meeting_id, array['requested'], 'scheduled');
end;
$$;

REVOKE ALL ON FUNCTION public.staff_confirm_call(meeting_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_confirm_call(meeting_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_confirm_call(meeting_id uuid) TO service_role;


create function public.staff_complete_call(meeting_id uuid) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return private.staff_move_call(staff_complete_call.meeting_id, array['scheduled'], 'completed');
end;
$$;

REVOKE ALL ON FUNCTION public.staff_complete_call(meeting_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_complete_call(meeting_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_complete_call(meeting_id uuid) TO service_role;


create function public.staff_cancel_call(meeting_id uuid, message text default null::text) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return private.staff_move_call(staff_cancel_call.meeting_id, array['requested', 'scheduled'], 'cancelled',
    staff_cancel_call.message);
end;
$$;

REVOKE ALL ON FUNCTION public.staff_cancel_call(meeting_id uuid, message text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_cancel_call(meeting_id uuid, message text) TO authenticated;
GRANT ALL ON FUNCTION public.staff_cancel_call(meeting_id uuid, message text) TO service_role;


-- Blocks out a time (whole days are from midnight to midnight in the calendar's time zone, which the app sends):
-- its slots leave available_slots and book_discovery_call refuses them. Calls already booked in it stay.
create function public.staff_block_time(starts_at timestamp with time zone, ends_at timestamp with time zone, reason text default null::text) returns uuid
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  new_id uuid;
begin
  perform private.require_staff();
  insert into private.booking_blockouts (starts_at, ends_at, reason, created_by)
  values (staff_block_time.starts_at, staff_block_time.ends_at, nullif(btrim(staff_block_time.reason), ''),
    private.acting_user())
  returning id into new_id;
  return new_id;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_block_time(starts_at timestamp with time zone, ends_at timestamp with time zone, reason text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_block_time(starts_at timestamp with time zone, ends_at timestamp with time zone, reason text) TO authenticated;
GRANT ALL ON FUNCTION public.staff_block_time(starts_at timestamp with time zone, ends_at timestamp with time zone, reason text) TO service_role;


create function public.staff_unblock_time(blockout_id uuid) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  delete from private.booking_blockouts b where b.id = staff_unblock_time.blockout_id;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_unblock_time(blockout_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_unblock_time(blockout_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_unblock_time(blockout_id uuid) TO service_role;


-- The booking hours and slot settings the calendar already has (public.booking_settings' one row): read, and
-- changed by the keys given (slot_minutes, weekdays, day_start, day_end, horizon_days, min_notice_minutes,
-- hold_seconds), checked by the table's constraints (23514).
create function public.staff_booking_settings(changes jsonb default null::jsonb) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  s public.booking_settings;
begin
  perform private.require_staff();
  if staff_booking_settings.changes is not null then
    if jsonb_typeof(staff_booking_settings.changes) <> 'object' or exists (
      select 1 from jsonb_object_keys(staff_booking_settings.changes) k
      where k not in ('slot_minutes', 'weekdays', 'day_start', 'day_end', 'horizon_days', 'min_notice_minutes',
        'hold_seconds')
    ) then
      raise exception 'changes may name slot_minutes, weekdays, day_start, day_end, horizon_days, min_notice_minutes and hold_seconds'
        using errcode = '22023';
    end if;
    update public.booking_settings b set
      slot_minutes = coalesce((staff_booking_settings.changes ->> 'slot_minutes')::integer, b.slot_minutes),
      weekdays = coalesce((select array_agg(d::integer) from jsonb_array_elements_text(
        staff_booking_settings.changes -> 'weekdays') d), b.weekdays),
      day_start = coalesce((staff_booking_settings.changes ->> 'day_start')::time, b.day_start),
      day_end = coalesce((staff_booking_settings.changes ->> 'day_end')::time, b.day_end),
      horizon_days = coalesce((staff_booking_settings.changes ->> 'horizon_days')::integer, b.horizon_days),
      min_notice_minutes = coalesce((staff_booking_settings.changes ->> 'min_notice_minutes')::integer,
        b.min_notice_minutes),
      hold_seconds = coalesce((staff_booking_settings.changes ->> 'hold_seconds')::integer, b.hold_seconds),
      updated_at = now();
  end if;
  select * into s from public.booking_settings;
  return json_build_object('slot_minutes', s.slot_minutes, 'weekdays', s.weekdays, 'day_start', s.day_start,
    'day_end', s.day_end, 'time_zone', s.time_zone, 'horizon_days', s.horizon_days,
    'min_notice_minutes', s.min_notice_minutes, 'hold_seconds', s.hold_seconds);
end;
$$;

REVOKE ALL ON FUNCTION public.staff_booking_settings(changes jsonb) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_booking_settings(changes jsonb) TO authenticated;
GRANT ALL ON FUNCTION public.staff_booking_settings(changes jsonb) TO service_role;


-- Promotions: every campaign, newest start first.
create function public.staff_promotions() returns setof public.promotions
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return query select * from public.promotions p order by p.starts_at desc, p.id;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_promotions() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_promotions() TO authenticated;
GRANT ALL ON FUNCTION public.staff_promotions() TO service_role;


-- Creates a promotion (promotion_id null) or edits one; the table's checks refuse empty or padded words, an
-- end at or before the start and a link that is neither a site path nor an https address (23514).
create function public.staff_save_promotion(promotion_id uuid, words text, starts_at timestamp with time zone, ends_at timestamp with time zone, link text default null) returns public.promotions
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  saved public.promotions;
begin
  perform private.require_staff();
  if staff_save_promotion.promotion_id is null then
    insert into public.promotions (words, starts_at, ends_at, link)
    values (staff_save_promotion.words, staff_save_promotion.starts_at, staff_save_promotion.ends_at,
      staff_save_promotion.link)
    returning * into saved;
  else
    update public.promotions p set words = staff_save_promotion.words, starts_at = staff_save_promotion.starts_at,
      ends_at = staff_save_promotion.ends_at, link = staff_save_promotion.link
    where p.id = staff_save_promotion.promotion_id
    returning * into saved;
    if not found then
      raise sqlstate 'PGRST' using
        message = json_build_object('code', 'promotion_not_found', 'message', 'There is no such promotion.',
          'details', null, 'hint', null)::text,
        detail = json_build_object('status', 404, 'headers', json_build_object())::text;
    end if;
  end if;
  return saved;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_save_promotion(promotion_id uuid, words text, starts_at timestamp with time zone, ends_at timestamp with time zone, link text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_save_promotion(promotion_id uuid, words text, starts_at timestamp with time zone, ends_at timestamp with time zone, link text) TO authenticated;
GRANT ALL ON FUNCTION public.staff_save_promotion(promotion_id uuid, words text, starts_at timestamp with time zone, ends_at timestamp with time zone, link text) TO service_role;


-- Ends a promotion now: a running one stops (its banner goes), one not yet started is removed; an ended one stays
-- as it was.
create function public.staff_end_promotion(promotion_id uuid) returns void
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  delete from public.promotions p where p.id = staff_end_promotion.promotion_id and p.starts_at >= now();
  update public.promotions p set ends_at = now()
  where p.id = staff_end_promotion.promotion_id and p.starts_at < now() and p.ends_at > now();
end;
$$;

REVOKE ALL ON FUNCTION public.staff_end_promotion(promotion_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_end_promotion(promotion_id uuid) TO authenticated;
GRANT ALL ON FUNCTION public.staff_end_promotion(promotion_id uuid) TO service_role;


-- The newsletter's subscribers for the CSV export, oldest first (no discount codes: they are the subscribers').
create function public.staff_subscribers() returns table(name text, email text, subscribed_at timestamp with time zone)
    language plpgsql stable security definer
    set search_path to ''
    as $$
begin
  perform private.require_staff();
  return query select s.name, s.email, s.created_at from public.newsletter_subscribers s order by s.created_at, s.id;
end;
$$;

REVOKE ALL ON FUNCTION public.staff_subscribers() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.staff_subscribers() TO authenticated;
GRANT ALL ON FUNCTION public.staff_subscribers() TO service_role;
