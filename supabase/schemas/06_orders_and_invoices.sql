-- Orders and invoices: checkout (place_order), the order's way from awaiting payment to delivered, the customer's
-- billing details, and the invoices and credit notes the database issues. Customers only read their orders,
-- items and invoices; orders are written by place_order (security definer) and moved on by the agency with the
-- service role (README, "The agency's side of an order"), never directly by a client.

-- One row per order, in integer cents, with its status and the buyer's billing details as they were at checkout;
-- its owner reads it. show_in_recent_purchases is the customer's consent to the purchase toast.
create table public.orders (
    id uuid default gen_random_uuid() not null,
    user_id uuid not null,
    created_at timestamp with time zone default now() not null,
    total_amount integer not null,
    discount_amount integer default 0 not null,
    discount_code text,
    status text default 'awaiting_payment'::text not null,
    status_changed_at timestamp with time zone default now() not null,
    billing jsonb,
    show_in_recent_purchases boolean default false not null,
    paid_on date,
    payment_reference text,
    constraint orders_billing_check check (((billing is null) or (jsonb_typeof(billing) = 'object'::text))),
    constraint orders_discount_amount_check check ((discount_amount >= 0)),
    constraint orders_payment_reference_check check ((char_length(payment_reference) between 1 and 140)),
    constraint orders_status_check check ((status = any (array['awaiting_payment'::text, 'paid'::text, 'in_progress'::text, 'delivered'::text, 'cancelled'::text]))),
    constraint orders_total_amount_check check ((total_amount >= 0)),
    constraint orders_pkey primary key (id),
    constraint orders_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);

create index orders_recent_purchases_idx on public.orders using btree (created_at desc) where show_in_recent_purchases;

create index orders_user_id_idx on public.orders using btree (user_id, created_at desc);

alter table public.orders enable row level security;

create policy "own orders" on public.orders for select to authenticated using ((( select auth.uid() as uid) = user_id));

create policy "second factor when verified" on public.orders as restrictive to authenticated using (( select private.aal_sufficient() as aal_sufficient)) with check (( select private.aal_sufficient() as aal_sufficient));

REVOKE ALL ON TABLE public.orders FROM anon, authenticated;
GRANT ALL ON TABLE public.orders TO service_role;
GRANT SELECT ON TABLE public.orders TO authenticated;

-- The services of an order, with the title and price they were ordered at and their place in the cart; read
-- through their order.
create table public.order_items (
    id uuid default gen_random_uuid() not null,
    order_id uuid not null,
    service_id text,
    service_title text not null,
    service_price numeric(10,2) not null,
    created_at timestamp with time zone default now() not null,
    sort_order integer default 0 not null,
    constraint order_items_sort_order_check check ((sort_order >= 0)),
    constraint order_items_pkey primary key (id),
    constraint order_items_order_id_fkey foreign key (order_id) references public.orders(id) on delete cascade
);

create index order_items_order_id_idx on public.order_items using btree (order_id);

alter table public.order_items enable row level security;

create policy "items of own orders" on public.order_items for select to authenticated using ((exists ( select 1
   from public.orders o
  where ((o.id = order_items.order_id) and (o.user_id = ( select auth.uid() as uid))))));

create policy "second factor when verified" on public.order_items as restrictive to authenticated using (( select private.aal_sufficient() as aal_sufficient)) with check (( select private.aal_sufficient() as aal_sufficient));

REVOKE ALL ON TABLE public.order_items FROM anon, authenticated;
GRANT ALL ON TABLE public.order_items TO service_role;
GRANT SELECT ON TABLE public.order_items TO authenticated;

-- True when `vat_number` (upper case, no separators) has the form of a VAT number of `country`, or there is none.
-- Security definer: billing_details' check calls it for clients, who cannot read private.countries.
create function private.vat_number_valid(country text, vat_number text) returns boolean
    language sql stable security definer
    set search_path to ''
    as $_$
  select vat_number_valid.vat_number is null or exists (
    select 1 from private.countries c
    where c.code = vat_number_valid.country
      and c.vat_prefix is not null
      and vat_number_valid.vat_number ~ ('^' || c.vat_prefix || '(' || c.vat_pattern || ')$')
  );
$_$;

REVOKE ALL ON FUNCTION private.vat_number_valid(country text, vat_number text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.vat_number_valid(country text, vat_number text) TO authenticated;
GRANT ALL ON FUNCTION private.vat_number_valid(country text, vat_number text) TO service_role;

-- One row per customer: who their invoices are made out to (the last order's details, or what they saved in
-- Profile), read and written only by its owner. The checks refuse what the billing form refuses.
create table public.billing_details (
    user_id uuid default auth.uid() not null,
    name text not null,
    company text,
    address text not null,
    postal_code text,
    city text not null,
    country text not null,
    vat_number text,
    updated_at timestamp with time zone default now() not null,
    constraint billing_details_address_check check (((char_length(address) between 1 and 200) and (address = btrim(address)))),
    constraint billing_details_check check (((vat_number ~ '^[A-Z0-9+*]+$'::text) and private.vat_number_valid(country, vat_number))),
    constraint billing_details_city_check check (((char_length(city) between 1 and 100) and (city = btrim(city)))),
    constraint billing_details_company_check check (((char_length(company) between 1 and 100) and (company = btrim(company)))),
    constraint billing_details_country_check check (private.is_country(country)),
    constraint billing_details_name_check check (((char_length(name) between 1 and 100) and (name = btrim(name)))),
    constraint billing_details_postal_code_check check (((char_length(postal_code) between 1 and 20) and (postal_code = btrim(postal_code)))),
    constraint billing_details_pkey primary key (user_id),
    constraint billing_details_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);

alter table public.billing_details enable row level security;

create policy "own billing details: insert" on public.billing_details for insert to authenticated with check ((( select auth.uid() as uid) = user_id));

create policy "own billing details: select" on public.billing_details for select to authenticated using ((( select auth.uid() as uid) = user_id));

create policy "own billing details: update" on public.billing_details for update to authenticated using ((( select auth.uid() as uid) = user_id)) with check ((( select auth.uid() as uid) = user_id));

create policy "second factor when verified" on public.billing_details as restrictive to authenticated using (( select private.aal_sufficient() as aal_sufficient)) with check (( select private.aal_sufficient() as aal_sufficient));

REVOKE ALL ON TABLE public.billing_details FROM anon, authenticated;
GRANT SELECT,INSERT,UPDATE ON TABLE public.billing_details TO authenticated;
GRANT ALL ON TABLE public.billing_details TO service_role;

create trigger billing_details_updated_at before update on public.billing_details for each row execute function private.touch_updated_at();

-- What a customer typed is its own normalisation: trimmed of every kind of space, free of control characters
-- (03_email_outbox), so the invoice's e-mails take it; rows stored before the rule are not re-checked.
alter table public.billing_details
    add constraint billing_details_plain_text check ((private.is_plain_text(name) and private.is_plain_text(company) and private.is_plain_text(address) and private.is_plain_text(postal_code) and private.is_plain_text(city))) not valid;

-- The way an order goes: awaiting_payment -> paid -> in_progress -> delivered, and cancelled from any of them (a
-- delivered order is cancelled when refunded); a cancelled order stays cancelled.
create function private.order_status_allowed(old_status text, new_status text) returns boolean
    language sql immutable
    set search_path to ''
    as $$
  select old_status = new_status or (old_status, new_status) in (
    ('awaiting_payment', 'paid'),
    ('paid', 'in_progress'),
    ('in_progress', 'delivered'),
    ('awaiting_payment', 'cancelled'),
    ('paid', 'cancelled'),
    ('in_progress', 'cancelled'),
    ('delivered', 'cancelled')
  );
$$;

REVOKE ALL ON FUNCTION private.order_status_allowed(old_status text, new_status text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.order_status_allowed(old_status text, new_status text) TO service_role;

-- Refuses any other move, whoever asks (23514, the move named), and dates each change (status_changed_at).
create function private.order_status_change() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  if new.status = old.status then
    new.status_changed_at := old.status_changed_at;
    return new;
  end if;
  if not private.order_status_allowed(old.status, new.status) then
    raise exception 'An order cannot go from % to %', old.status, new.status
      using errcode = '23514', hint = 'awaiting_payment -> paid -> in_progress -> delivered, or cancelled';
  end if;
  new.status_changed_at := now();
  return new;
end;
$$;

REVOKE ALL ON FUNCTION private.order_status_change() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.order_status_change() TO service_role;

create trigger orders_status_change before update of status, status_changed_at on public.orders for each row execute function private.order_status_change();

-- Invoices and credit notes, read by the owner of their order. Each keeps the seller, buyer, lines and amounts it
-- was issued with, so a later change of the company or the billing details never alters an issued document.
create table public.invoices (
    id uuid default gen_random_uuid() not null,
    kind text not null,
    number text not null,
    year integer not null,
    sequence integer not null,
    order_id uuid,
    corrects_id uuid,
    issued_on date not null,
    due_on date,
    seller jsonb not null,
    buyer jsonb not null,
    lines jsonb not null,
    subtotal_cents integer not null,
    discount_percent integer not null,
    discount_cents integer not null,
    total_cents integer not null,
    vat_rate_percent numeric(5,2) not null,
    vat_cents integer not null,
    created_at timestamp with time zone default now() not null,
    -- The period of the service (issue #45.2), set for invoices issued since; null on older ones, which show
    -- their issue date. A credit note keeps its invoice's.
    service_from date,
    service_to date,
    constraint invoices_buyer_check check ((jsonb_typeof(buyer) = 'object'::text)),
    constraint invoices_check check (((vat_cents >= 0) and (vat_cents <= total_cents))),
    constraint invoices_check1 check (((kind = 'invoice'::text) = (due_on is not null))),
    constraint invoices_check2 check (((kind = 'credit_note'::text) = (corrects_id is not null))),
    constraint invoices_check3 check ((total_cents = (subtotal_cents - discount_cents))),
    constraint invoices_discount_cents_check check ((discount_cents >= 0)),
    constraint invoices_discount_percent_check check (((discount_percent >= 0) and (discount_percent <= 100))),
    constraint invoices_kind_check check ((kind = any (array['invoice'::text, 'credit_note'::text]))),
    constraint invoices_lines_check check (((jsonb_typeof(lines) = 'array'::text) and (jsonb_array_length(lines) > 0))),
    constraint invoices_seller_check check ((jsonb_typeof(seller) = 'object'::text)),
    constraint invoices_sequence_check check ((sequence > 0)),
    constraint invoices_service_period_check check ((((service_from is null) = (service_to is null)) and (service_from <= service_to))),
    constraint invoices_subtotal_cents_check check ((subtotal_cents >= 0)),
    constraint invoices_total_cents_check check ((total_cents >= 0)),
    constraint invoices_vat_rate_percent_check check (((vat_rate_percent >= (0)::numeric) and (vat_rate_percent <= (100)::numeric))),
    constraint invoices_kind_year_sequence_key unique (kind, year, sequence),
    constraint invoices_number_key unique (number),
    constraint invoices_pkey primary key (id),
    constraint invoices_corrects_id_fkey foreign key (corrects_id) references public.invoices(id),
    constraint invoices_order_id_fkey foreign key (order_id) references public.orders(id) on delete set null
);

create index invoices_corrects_id_idx on public.invoices using btree (corrects_id);

create unique index invoices_one_per_order on public.invoices using btree (order_id, kind) where (order_id is not null);

alter table public.invoices enable row level security;

create policy "invoices of own orders" on public.invoices for select to authenticated using ((exists ( select 1
   from public.orders o
  where ((o.id = invoices.order_id) and (o.user_id = ( select auth.uid() as uid))))));

create policy "second factor when verified" on public.invoices as restrictive to authenticated using (( select private.aal_sufficient() as aal_sufficient)) with check (( select private.aal_sufficient() as aal_sufficient));

REVOKE ALL ON TABLE public.invoices FROM anon, authenticated;
GRANT SELECT ON TABLE public.invoices TO authenticated;
GRANT SELECT ON TABLE public.invoices TO service_role;

-- The last number of each series ('invoice', 'credit_note') and year; locked while a number is taken.
create table private.invoice_counters (
    series text not null,
    year integer not null,
    last_number integer not null,
    constraint invoice_counters_last_number_check check ((last_number > 0)),
    constraint invoice_counters_series_check check ((series = any (array['invoice'::text, 'credit_note'::text]))),
    constraint invoice_counters_year_check check (((year >= 2000) and (year <= 9999))),
    constraint invoice_counters_pkey primary key (series, year)
);

alter table private.invoice_counters enable row level security;

GRANT SELECT ON TABLE private.invoice_counters TO service_role;

-- VAT contained in a gross amount at `rate_percent`, rounded half up to the cent (shared-lib's vatContained
-- computes the same, and a test compares them).
create function private.vat_contained(gross_cents bigint, rate_percent numeric) returns bigint
    language sql immutable strict
    set search_path to ''
    as $$
  select (gross_cents * r * 2 + (10000 + r)) / (2 * (10000 + r))
  from (select round(rate_percent * 100)::bigint as r) rate;
$$;

REVOKE ALL ON FUNCTION private.vat_contained(gross_cents bigint, rate_percent numeric) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.vat_contained(gross_cents bigint, rate_percent numeric) TO service_role;

-- The figures a document prints, from its row alone: the lines (quantity 1, the unit price the gross each was
-- sold at, its net), the discount's gross and net (the difference between the lines' nets and the total's, so
-- the nets add up), one entry per VAT rate (net, VAT, gross), and the service period.
create function private.invoice_figures(invoice public.invoices) returns jsonb
language sql stable set search_path = ''
as $$
  with line as (
    select l.ordinality, l.value ->> 'title' as title, (l.value ->> 'priceCents')::bigint as gross
    from jsonb_array_elements(invoice.lines) with ordinality l
  ), priced as (
    select ordinality, title, gross, gross - private.vat_contained(gross, invoice.vat_rate_percent) as net
    from line
  )
  select jsonb_build_object(
    'lines', (select jsonb_agg(jsonb_build_object('title', p.title, 'quantity', 1, 'unitCents', p.gross,
      'netCents', p.net) order by p.ordinality) from priced p),
    'discount', case when invoice.discount_cents > 0 then jsonb_build_object(
      'percent', invoice.discount_percent,
      'grossCents', invoice.discount_cents,
      'netCents', (select sum(p.net) from priced p) - (invoice.total_cents - invoice.vat_cents)) end,
    'rates', jsonb_build_array(jsonb_build_object(
      'ratePercent', invoice.vat_rate_percent,
      'netCents', invoice.total_cents - invoice.vat_cents,
      'vatCents', invoice.vat_cents,
      'grossCents', invoice.total_cents)),
    'netCents', invoice.total_cents - invoice.vat_cents,
    'vatCents', invoice.vat_cents,
    'grossCents', invoice.total_cents,
    'serviceFrom', coalesce(invoice.service_from, invoice.issued_on),
    'serviceTo', coalesce(invoice.service_to, invoice.issued_on)
  );
$$;

REVOKE ALL ON FUNCTION private.invoice_figures(invoice public.invoices) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.invoice_figures(invoice public.invoices) TO service_role;

-- The next number of a series in a year, e.g. '2026-0042' or 'CN-2026-0003'. The counter row stays locked by the
-- caller's transaction, so numbers have no gaps and no duplicates.
create function private.next_document_number(series text, year integer, out number text, out sequence integer) returns record
    language plpgsql
    set search_path to ''
    as $$
begin
  insert into private.invoice_counters as c (series, year, last_number)
  values (next_document_number.series, next_document_number.year, 1)
  on conflict on constraint invoice_counters_pkey do update set last_number = c.last_number + 1
  returning c.last_number into sequence;
  number := case when next_document_number.series = 'credit_note' then 'CN-' else '' end
    || next_document_number.year || '-' || lpad(sequence::text, greatest(4, char_length(sequence::text)), '0');
end;
$$;

REVOKE ALL ON FUNCTION private.next_document_number(series text, year integer, OUT number text, OUT sequence integer) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.next_document_number(series text, year integer, OUT number text, OUT sequence integer) TO service_role;

-- Issues an order's invoice: the next number of the year, dated today in the company's time zone, due after its
-- payment term, with the seller, the buyer, the items, discount, total and the VAT the total contains, and the
-- service period (from the order to the end of the spec's "results in 7-14 days"). Called in the order's own
-- transaction.
create function private.issue_invoice(order_id uuid) returns public.invoices
    language plpgsql
    set search_path to ''
    as $$
declare
  o public.orders;
  company private.company_details;
  today date;
  numbered record;
  lines jsonb;
  subtotal integer;
  issued public.invoices;
begin
  select * into o from public.orders where id = issue_invoice.order_id;
  if not found then
    raise exception 'No order %', issue_invoice.order_id using errcode = 'P0002';
  end if;
  if o.billing is null then
    raise exception 'Order % has no billing details to invoice', o.id using errcode = '23502';
  end if;
  select * into company from private.company_details;
  today := (now() at time zone company.time_zone)::date;
  select coalesce(jsonb_agg(jsonb_build_object('title', i.service_title,
      'priceCents', round(i.service_price * 100)::bigint) order by i.sort_order, i.created_at), '[]'),
    coalesce(sum(round(i.service_price * 100)), 0)::integer
  into lines, subtotal
  from public.order_items i where i.order_id = o.id;
  select * into numbered from private.next_document_number('invoice', extract(year from today)::integer);
  insert into public.invoices (kind, number, year, sequence, order_id, issued_on, due_on, seller, buyer, lines,
    subtotal_cents, discount_percent, discount_cents, total_cents, vat_rate_percent, vat_cents, service_from,
    service_to)
  values ('invoice', numbered.number, extract(year from today)::integer, numbered.sequence, o.id, today,
    today + company.payment_term_days, private.seller(),
    o.billing || jsonb_build_object('email', (select u.email from auth.users u where u.id = o.user_id)),
    lines, subtotal,
    case when subtotal = 0 then 0 else round(o.discount_amount * 100.0 / subtotal)::integer end,
    o.discount_amount, o.total_amount, company.vat_rate_percent,
    private.vat_contained(o.total_amount, company.vat_rate_percent), today, today + 14)
  returning * into issued;
  return issued;
end;
$$;

REVOKE ALL ON FUNCTION private.issue_invoice(order_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.issue_invoice(order_id uuid) TO service_role;

-- Credits a cancelled order's invoice in full with a credit note of its own series. An order without an invoice, or
-- already credited, gets nothing.
create function private.issue_credit_note(order_id uuid) returns public.invoices
    language plpgsql
    set search_path to ''
    as $$
declare
  invoice public.invoices;
  today date;
  numbered record;
  issued public.invoices;
begin
  select * into invoice from public.invoices i
  where i.order_id = issue_credit_note.order_id and i.kind = 'invoice';
  if not found or exists (
    select 1 from public.invoices c where c.order_id = issue_credit_note.order_id and c.kind = 'credit_note'
  ) then
    return null;
  end if;
  today := (now() at time zone (select c.time_zone from private.company_details c))::date;
  select * into numbered from private.next_document_number('credit_note', extract(year from today)::integer);
  insert into public.invoices (kind, number, year, sequence, order_id, corrects_id, issued_on, due_on, seller,
    buyer, lines, subtotal_cents, discount_percent, discount_cents, total_cents, vat_rate_percent, vat_cents,
    service_from, service_to)
  values ('credit_note', numbered.number, extract(year from today)::integer, numbered.sequence, invoice.order_id,
    invoice.id, today, null, invoice.seller, invoice.buyer, invoice.lines, invoice.subtotal_cents,
    invoice.discount_percent, invoice.discount_cents, invoice.total_cents, invoice.vat_rate_percent,
    invoice.vat_cents, invoice.service_from, invoice.service_to)
  returning * into issued;
  return issued;
end;
$$;

REVOKE ALL ON FUNCTION private.issue_credit_note(order_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.issue_credit_note(order_id uuid) TO service_role;

-- An invoice is never changed, deleted or truncated by anyone; the one change allowed is the database's own when
-- the order goes with its customer's deleted account (order_id becomes null).
create function private.invoice_is_final() returns trigger
    language plpgsql
    set search_path to ''
    as $$
begin
  if tg_op = 'UPDATE' and new.order_id is null
     and (to_jsonb(new) - 'order_id') = (to_jsonb(old) - 'order_id') then
    return new;
  end if;
  raise exception 'An issued invoice cannot be changed or deleted: cancel the order to credit it'
    using errcode = '55000';
end;
$$;

REVOKE ALL ON FUNCTION private.invoice_is_final() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.invoice_is_final() TO service_role;

create trigger invoices_are_final before delete or update on public.invoices for each row execute function private.invoice_is_final();

create trigger invoices_are_never_truncated before truncate on public.invoices for each statement execute function private.invoice_is_final();

-- When the agency cancels an order, its invoice is credited in the same transaction.
create function private.credit_cancelled_order() returns trigger
    language plpgsql security definer
    set search_path to ''
    as $$
begin
  perform private.issue_credit_note(new.id);
  return null;
end;
$$;

REVOKE ALL ON FUNCTION private.credit_cancelled_order() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.credit_cancelled_order() TO service_role;

create trigger orders_credit_when_cancelled after update of status on public.orders for each row when (((new.status = 'cancelled'::text) and (old.status is distinct from 'cancelled'::text))) execute function private.credit_cancelled_order();

-- Issues an order's invoice and queues its confirmation (to the customer) and the agency's copy (to the company's
-- billing address), with absolute links from the site URL. Called in the order's own transaction.
create function private.invoice_and_confirm_order(order_id uuid) returns void
    language plpgsql
    set search_path to ''
    as $$
declare
  o public.orders;
  invoice public.invoices := private.issue_invoice(invoice_and_confirm_order.order_id);
  company private.company_details;
  customer_email text;
  payload jsonb;
begin
  select * into o from public.orders where id = invoice_and_confirm_order.order_id;
  select * into company from private.company_details;
  select u.email into customer_email from auth.users u where u.id = o.user_id;
  payload := jsonb_build_object(
    'orderId', o.id,
    'orderNumber', '#' || left(o.id::text, 8),
    'invoiceNumber', invoice.number,
    'createdAt', o.created_at,
    'lines', invoice.lines,
    'subtotalCents', invoice.subtotal_cents,
    'discountPercent', invoice.discount_percent,
    'discountCents', invoice.discount_cents,
    'totalCents', invoice.total_cents,
    'vatRatePercent', invoice.vat_rate_percent,
    'vatCents', invoice.vat_cents,
    -- What the invoice prints: per line quantity, unit price and net, per VAT rate net, VAT and gross.
    'figures', private.invoice_figures(invoice),
    'billing', jsonb_build_object(
      'name', o.billing ->> 'name',
      'company', o.billing ->> 'company',
      'address', concat_ws(E'\n', o.billing ->> 'address',
        concat_ws(' ', o.billing ->> 'postal_code', o.billing ->> 'city')),
      'country', (select c.name from private.countries c where c.code = o.billing ->> 'country'),
      'vatNumber', o.billing ->> 'vat_number'),
    'dueDate', invoice.due_on,
    'invoiceUrl', company.site_url || '/account/invoice?number=' || invoice.number,
    'bookKickoffUrl', company.site_url || '/contact',
    'customerEmail', customer_email,
    -- The e-mail goes out in the seller's name, with its legal details and bank account, as the invoice has them.
    'seller', invoice.seller
  );
  if customer_email is not null then
    perform private.enqueue_email('order_confirmation', customer_email, payload, 'order_confirmation:' || o.id);
  end if;
  perform private.enqueue_email('order_agency_copy', company.email_billing, payload, 'order_agency_copy:' || o.id);
end;
$$;

REVOKE ALL ON FUNCTION private.invoice_and_confirm_order(order_id uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.invoice_and_confirm_order(order_id uuid) TO service_role;

-- Orders within reason: 409 `too_many_unpaid_orders` while the account has as many orders awaiting payment as
-- client_budgets 'unpaid_order' allows ("You have 3 orders awaiting payment: pay one, or ask us to cancel it"),
-- 429 once its 'order' budget (10 a day) is spent; otherwise counts the order. Called by place_order under the
-- account's cart lock, so a burst gets exactly the budget. The invoice keeps its number from the order on (the
-- customer pays against it): these bound the register.
create function private.check_order_allowance(account uuid) returns void
language plpgsql volatile set search_path = ''
as $$
declare
  cap public.client_budgets;
  unpaid integer;
  taken record;
begin
  if auth.role() = 'service_role' then
    return;
  end if;
  select * into strict cap from public.client_budgets b where b.action = 'unpaid_order';
  select count(*) into unpaid from public.orders o
  where o.user_id = account and o.status = 'awaiting_payment'
    and o.created_at > now() - make_interval(secs => cap.window_seconds);
  if unpaid >= cap.max_uses then
    raise sqlstate 'PGRST' using
      message = json_build_object(
        'code', 'too_many_unpaid_orders',
        'message', format('You have %s orders awaiting payment: pay one, or ask us to cancel it', unpaid),
        'details', json_build_object('unpaid_orders', unpaid)::text,
        'hint', null
      )::text,
      detail = json_build_object('status', 409, 'headers', json_build_object())::text;
  end if;
  select * into taken from private.take_budget('order', 'account:' || account::text, 1);
  if taken.spent > taken.allowed then
    perform private.raise_over_budget(taken.retry_after, 'account:' || account::text);
  end if;
end;
$$;

REVOKE ALL ON FUNCTION private.check_order_allowance(account uuid) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.check_order_allowance(account uuid) TO service_role;

-- Checkout. Records the order of `items` priced as quote_cart prices them, redeems the code in the same
-- transaction (one code discount per account; of concurrent orders with one code, one gets it), replaces the
-- caller's open cart rows with the ordered items checked out, saves `billing` as the customer's details and copies
-- it onto the order, invoices it and queues its e-mails. It refuses, recording nothing of the order: an empty cart,
-- a service no longer offered, a used code, a total other than `expected_total` (the cents the customer saw:
-- PT409, and the checkout asks again), billing details the form would refuse. An unknown code records the miss
-- against the budgets in an answer that commits (private.refusal).
create function private.place_order(items jsonb, expected_total integer, discount_code text default null::text, billing jsonb default null::jsonb, show_in_recent_purchases boolean default false) returns json
    language plpgsql security definer
    set search_path to ''
    as $$
declare
  ids text[] := private.cart_service_ids(items);
  uid uuid := private.require_account('check out');
  code text := private.normalised_code(discount_code);
  code_state text;
  price record;
  buyer public.billing_details;
  new_order_id uuid;
begin
  if expected_total is null then
    raise exception 'expected_total is the total the customer saw, in cents' using errcode = '22023';
  end if;
  if place_order.billing is not null and jsonb_typeof(place_order.billing) <> 'object' then
    raise exception 'billing must be an object of billing details' using errcode = '22023';
  end if;
  -- Each detail is text or absent: 123, {"a":1} or [1,2] would otherwise be stored as their JSON text.
  if exists (select 1 from jsonb_each(place_order.billing) f where jsonb_typeof(f.value) not in ('string', 'null')) then
    raise exception 'Each billing detail is text' using errcode = '22023';
  end if;
  -- The same lock as replace_cart: a save in flight finishes first, and no save interleaves with the order; it
  -- also makes the one-code-per-account check safe against the account's concurrent orders.
  perform pg_advisory_xact_lock(hashtext('cart:' || uid::text));
  if cardinality(ids) = 0 then
    raise exception 'Your cart is empty' using errcode = 'P0001';
  end if;
  if exists (select 1 from unnest(ids) i where not exists (select 1 from public.services s where s.id = i)) then
    raise exception 'Your cart holds a service that is no longer offered' using errcode = 'P0001';
  end if;
  code_state := private.checked_code_status(code, ids, uid);
  if code_state = 'unknown' then
    -- Commits (the wrong code's count): nothing else may have been written before it.
    return private.refusal(400, 'P0001', 'Invalid discount code');
  end if;
  if code_state = 'redeemed' then
    raise exception 'This discount code has already been used.' using errcode = 'P0001';
  end if;
  select * into price from private.price_cart(ids, code_state = 'valid');
  if expected_total <> price.total_cents then
    raise exception 'The price of your order has changed.' using errcode = 'PT409',
      detail = json_build_object('total_cents', price.total_cents)::text;
  end if;
  -- Within reason (under the account's cart lock, so a burst's calls queue here and each sees the ones before).
  perform private.check_order_allowance(uid);

  -- The buyer: the details given now, saved for next time (the table's checks apply), or the saved ones.
  if place_order.billing is not null then
    insert into public.billing_details (user_id, name, company, address, postal_code, city, country, vat_number)
    select uid, d.name, d.company, d.address, d.postal_code, d.city, d.country, d.vat_number
    from jsonb_populate_record(null::public.billing_details, place_order.billing) d
    on conflict on constraint billing_details_pkey do update set name = excluded.name, company = excluded.company,
      address = excluded.address, postal_code = excluded.postal_code, city = excluded.city,
      country = excluded.country, vat_number = excluded.vat_number
    returning * into buyer;
  else
    select * into buyer from public.billing_details b where b.user_id = uid;
  end if;

  insert into public.orders (user_id, total_amount, discount_amount, discount_code, billing, show_in_recent_purchases)
  values (uid, price.total_cents, price.discount_cents, case when code_state = 'valid' then code end,
    case when buyer.user_id is not null then to_jsonb(buyer) - 'user_id' - 'updated_at' end,
    coalesce(place_order.show_in_recent_purchases, false))
  returning id into new_order_id;
  -- The primary key decides between concurrent orders with one code: the second waits for the first, finds the
  -- row and raises, which takes its order back with it.
  if code_state = 'valid' then
    insert into public.discount_redemptions (code, user_id, order_id) values (code, uid, new_order_id)
    on conflict on constraint discount_redemptions_pkey do nothing;
    if not found then
      raise exception 'This discount code has already been used.' using errcode = 'P0001';
    end if;
  end if;
  insert into public.order_items (order_id, service_id, service_title, service_price, sort_order)
  select new_order_id, s.id, s.title, s.price, (i.place - 1)::integer
  from unnest(ids) with ordinality as i(id, place)
  join public.services s on s.id = i.id;

  if buyer.user_id is not null then
    perform private.invoice_and_confirm_order(new_order_id);
  end if;

  delete from public.cart_items where user_id = uid and not checked_out;
  insert into public.cart_items (user_id, email, service_id, service_title, service_price, sort_order, checked_out)
  select uid, auth.jwt() ->> 'email', s.id, s.title, s.price, (i.place - 1)::integer, true
  from unnest(ids) with ordinality as i(id, place)
  join public.services s on s.id = i.id;
  return to_json(new_order_id);
end;
$$;

REVOKE ALL ON FUNCTION private.place_order(items jsonb, expected_total integer, discount_code text, billing jsonb, show_in_recent_purchases boolean) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.place_order(items jsonb, expected_total integer, discount_code text, billing jsonb, show_in_recent_purchases boolean) TO service_role;

-- The browser's place_order: checks the cart as json (05_cart), then the body above. The wrapper exists so that a
-- hostile cart is refused before PostgreSQL builds it as jsonb.
create function public.place_order(items json, expected_total integer, discount_code text default null::text, billing jsonb default null::jsonb, show_in_recent_purchases boolean default false) returns json
    language sql security definer
    set search_path to ''
    as $$
  select private.place_order(
    private.checked_items(items), expected_total, discount_code, billing, show_in_recent_purchases
  );
$$;

REVOKE ALL ON FUNCTION public.place_order(items json, expected_total integer, discount_code text, billing jsonb, show_in_recent_purchases boolean) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.place_order(items json, expected_total integer, discount_code text, billing jsonb, show_in_recent_purchases boolean) TO authenticated;
GRANT ALL ON FUNCTION public.place_order(items json, expected_total integer, discount_code text, billing jsonb, show_in_recent_purchases boolean) TO service_role;

-- The purchase toast, for anyone: paid orders of the last 14 days whose customers agreed, at most one per customer
-- (their latest), as the service's title, the billing country's name and the age in minutes only: never who
-- bought, never a word a customer typed.
create function public.recent_purchases() returns table(service text, country text, age_minutes integer)
    language sql stable security definer
    set search_path to ''
    as $$
  select latest.service, latest.country, latest.age_minutes
  from (
    select distinct on (o.user_id) first_item.service_title as service, c.name as country,
      floor(extract(epoch from now() - o.created_at) / 60)::integer as age_minutes, o.created_at
    from public.orders o
    join private.countries c on c.code = o.billing ->> 'country'
    cross join lateral (
      select i.service_title from public.order_items i
      where i.order_id = o.id order by i.sort_order, i.created_at limit 1
    ) first_item
    where o.show_in_recent_purchases
      and o.status in ('paid', 'in_progress', 'delivered')
      and o.created_at > now() - interval '14 days'
    order by o.user_id, o.created_at desc
  ) latest
  order by latest.created_at desc
  limit 10;
$$;

REVOKE ALL ON FUNCTION public.recent_purchases() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION public.recent_purchases() TO anon;
GRANT ALL ON FUNCTION public.recent_purchases() TO authenticated;
GRANT ALL ON FUNCTION public.recent_purchases() TO service_role;
