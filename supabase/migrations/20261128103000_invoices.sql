-- Invoices and credit notes (issue #31.5, beyond the spec): an order placed to be paid by bank transfer is
-- invoiced in the same transaction (place_order calls private.issue_invoice), a cancelled order gets a credit note,
-- and no invoice is ever changed, deleted or renumbered.
--
-- - Numbers have no gaps within a year and series: invoices 2026-0001, 2026-0002, ...; credit notes CN-2026-0001,
--   ... . The next number is an upsert of a counter row (private.invoice_counters), which stays locked until the
--   order's transaction ends: a concurrent order waits for it, and an order that fails takes its number back with
--   it, so no number is ever skipped or used twice.
-- - An invoice keeps what it was issued with: the seller (private.seller(), the company's row at that moment), the
--   buyer (the order's billing details), the lines, the discount, the total and the VAT it contains.
-- - Catalogue prices include VAT (the company's `prices_include_vat`): the total a customer sees at checkout is
--   what they pay, as the spec's totals are, and the invoice shows the VAT contained at the company's rate.
-- - The customer reads the invoices of their own orders; nobody writes them but these functions.
-- Expand only: new tables, functions and a nullable column; nothing a deployed app reads changes.

-- The billing details an order was placed with (its buyer): a copy, so a later change in Profile never changes
-- an order or its invoice. place_order fills it; orders placed before have none.
alter table public.orders
  add column billing jsonb check (billing is null or jsonb_typeof(billing) = 'object');

-- VAT contained in a gross amount at `rate_percent`, rounded half up to the cent, in integers (shared-lib's
-- vatContained computes the same, and a test compares the two).
create function private.vat_contained(gross_cents bigint, rate_percent numeric) returns bigint
language sql immutable strict set search_path = ''
as $$
  select (gross_cents * r * 2 + (10000 + r)) / (2 * (10000 + r))
  from (select round(rate_percent * 100)::bigint as r) rate;
$$;

-- Counters ---------------------------------------------------------------------------------------------------

create table private.invoice_counters (
  series text not null check (series in ('invoice', 'credit_note')),
  year integer not null check (year between 2000 and 9999),
  last_number integer not null check (last_number > 0),
  primary key (series, year)
);
alter table private.invoice_counters enable row level security;
revoke all on table private.invoice_counters from public, anon, authenticated;
grant select on table private.invoice_counters to service_role;

-- The next number of a series in a year, e.g. '2026-0042' or 'CN-2026-0003' (four digits at least). The counter
-- row stays locked by the caller's transaction until it ends.
create function private.next_document_number(series text, year integer, out number text, out sequence integer)
language plpgsql volatile set search_path = ''
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

-- Invoices -----------------------------------------------------------------------------------------------------

create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('invoice', 'credit_note')),
  number text not null unique,
  year integer not null,
  sequence integer not null check (sequence > 0),
  -- Null only once the order is gone (its customer deleted their account): the invoice itself is kept.
  order_id uuid references public.orders (id) on delete set null,
  -- A credit note's invoice.
  corrects_id uuid references public.invoices (id),
  issued_on date not null,
  -- When an invoice must be paid; a credit note has no due date.
  due_on date,
  seller jsonb not null check (jsonb_typeof(seller) = 'object'),
  buyer jsonb not null check (jsonb_typeof(buyer) = 'object'),
  -- [{title, priceCents}], as the order's items.
  lines jsonb not null check (jsonb_typeof(lines) = 'array' and jsonb_array_length(lines) > 0),
  subtotal_cents integer not null check (subtotal_cents >= 0),
  discount_percent integer not null check (discount_percent between 0 and 100),
  discount_cents integer not null check (discount_cents >= 0),
  total_cents integer not null check (total_cents >= 0),
  vat_rate_percent numeric(5, 2) not null check (vat_rate_percent between 0 and 100),
  vat_cents integer not null check (vat_cents between 0 and total_cents),
  created_at timestamptz not null default now(),
  unique (kind, year, sequence),
  check ((kind = 'invoice') = (due_on is not null)),
  check ((kind = 'credit_note') = (corrects_id is not null)),
  check (total_cents = subtotal_cents - discount_cents)
);
-- One invoice and at most one credit note per order.
create unique index invoices_one_per_order on public.invoices (order_id, kind) where order_id is not null;
create index invoices_corrects_id_idx on public.invoices (corrects_id);

alter table public.invoices enable row level security;
create policy "invoices of own orders" on public.invoices for select to authenticated
  using (exists (select 1 from public.orders o where o.id = order_id and o.user_id = (select auth.uid())));
revoke all on table public.invoices from public, anon, authenticated;
grant select on table public.invoices to authenticated, service_role;

-- An invoice is never changed or deleted, by anyone: the only change allowed is the one the database makes when
-- the order itself is deleted with its customer's account (order_id becomes null).
create function private.invoice_is_final() returns trigger
language plpgsql set search_path = ''
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
create trigger invoices_are_final before update or delete on public.invoices
for each row execute function private.invoice_is_final();
create trigger invoices_are_never_truncated before truncate on public.invoices
for each statement execute function private.invoice_is_final();

-- Issues the invoice of an order: the next number of the year, dated today in the company's time zone, due after
-- its payment term, with the seller, the order's billing details and e-mail as the buyer, its items, discount
-- and total, and the VAT that total contains. Called in the order's own transaction.
create function private.issue_invoice(order_id uuid) returns public.invoices
language plpgsql volatile set search_path = ''
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
    subtotal_cents, discount_percent, discount_cents, total_cents, vat_rate_percent, vat_cents)
  values ('invoice', numbered.number, extract(year from today)::integer, numbered.sequence, o.id, today,
    today + company.payment_term_days, private.seller(),
    o.billing || jsonb_build_object('email', (select u.email from auth.users u where u.id = o.user_id)),
    lines, subtotal,
    case when subtotal = 0 then 0 else round(o.discount_amount * 100.0 / subtotal)::integer end,
    o.discount_amount, o.total_amount, company.vat_rate_percent,
    private.vat_contained(o.total_amount, company.vat_rate_percent))
  returning * into issued;
  return issued;
end;
$$;

-- Credits a cancelled order's invoice in full: a credit note with the next number of its own series, dated today,
-- repeating the invoice's seller, buyer, lines and amounts. An order without an invoice (placed before invoices)
-- or already credited gets nothing.
create function private.issue_credit_note(order_id uuid) returns public.invoices
language plpgsql volatile set search_path = ''
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
    buyer, lines, subtotal_cents, discount_percent, discount_cents, total_cents, vat_rate_percent, vat_cents)
  values ('credit_note', numbered.number, extract(year from today)::integer, numbered.sequence, invoice.order_id,
    invoice.id, today, null, invoice.seller, invoice.buyer, invoice.lines, invoice.subtotal_cents,
    invoice.discount_percent, invoice.discount_cents, invoice.total_cents, invoice.vat_rate_percent,
    invoice.vat_cents)
  returning * into issued;
  return issued;
end;
$$;

-- The agency cancels an order (service role, README "Orders"): its invoice is credited in the same transaction.
create function private.credit_cancelled_order() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.issue_credit_note(new.id);
  return null;
end;
$$;
create trigger orders_credit_when_cancelled after update of status on public.orders
for each row when (new.status = 'cancelled' and old.status is distinct from 'cancelled')
execute function private.credit_cancelled_order();

revoke all on function private.vat_contained(bigint, numeric),
  private.next_document_number(text, integer), private.invoice_is_final(), private.issue_invoice(uuid),
  private.issue_credit_note(uuid), private.credit_cancelled_order()
  from public, anon, authenticated;
grant execute on function private.vat_contained(bigint, numeric), private.next_document_number(text, integer),
  private.invoice_is_final(), private.issue_invoice(uuid), private.issue_credit_note(uuid),
  private.credit_cancelled_order() to service_role;
