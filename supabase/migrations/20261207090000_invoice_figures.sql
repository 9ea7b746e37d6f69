-- An invoice an EU accountant accepts (issue #45.2): the period of the service, and per line the quantity, unit
-- price and net amount, the net total per VAT rate with its VAT and gross. Issued invoices never change: their
-- figures are computed from the stored row (quantity 1, unit price = the line's gross, net total = total -
-- vat_cents), and one without a service period shows its issue date. shared-lib's invoiceFigures computes the
-- same for the invoice page; local-supabase/test/invoices.test.ts compares the two.

-- The service period a new invoice states: from its issue (work starts on the order) to the end of the spec's
-- "results in 7-14 days". A credit note keeps its invoice's. Older rows keep null: their issue date stands for it.
alter table public.invoices
  add column service_from date,
  add column service_to date,
  add constraint invoices_service_period_check
    check ((service_from is null) = (service_to is null) and service_from <= service_to);

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

revoke all on function private.invoice_figures(public.invoices) from public, anon, authenticated;
grant execute on function private.invoice_figures(public.invoices) to service_role;

-- New invoices state their service period; credit notes keep their invoice's.
create or replace function private.issue_invoice(order_id uuid) returns public.invoices
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

create or replace function private.issue_credit_note(order_id uuid) returns public.invoices
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

-- The order's e-mails print the invoice's figures as the invoice page does.
create or replace function private.invoice_and_confirm_order(order_id uuid) returns void
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

