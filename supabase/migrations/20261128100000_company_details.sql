-- The company behind the site, in the database (issue #31.6): invoices and e-mails take the seller's details from
-- this one row, which is a copy of shared-lib's company file (shared-lib/src/company/company.ts), the one place
-- those details are written; local-supabase/test/company.test.ts fails when the two differ. A later change of the
-- company is a new migration that updates this row, committed with the same change to the file.
--
-- The row also holds the one setting that is not the company's but the deployment's: `site_url`, the site's public
-- origin, from which SQL builds the absolute links of e-mails (an invoice, a booking's confirmation). The agency
-- sets it once per deployment (README, "Deploying"); local-supabase sets it to the site it serves.

create schema if not exists private;

create table private.company_details (
  -- One row: the primary key can only be true.
  id boolean primary key default true check (id),
  name text not null check (btrim(name) <> ''),
  legal_name text not null check (btrim(legal_name) <> ''),
  street text not null check (btrim(street) <> ''),
  postal_code text not null check (btrim(postal_code) <> ''),
  city text not null check (btrim(city) <> ''),
  country text not null check (country ~ '^[A-Z]{2}$'),
  managing_directors text[] not null check (cardinality(managing_directors) > 0),
  register_court text not null check (btrim(register_court) <> ''),
  register_number text not null check (btrim(register_number) <> ''),
  vat_id text not null check (vat_id ~ '^[A-Z]{2}[0-9A-Z+*]{2,12}$'),
  email_contact text not null check (email_contact ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  email_billing text not null check (email_billing ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  email_privacy text not null check (email_privacy ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  email_legal text not null check (email_legal ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  email_careers text not null check (email_careers ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  bank_name text not null check (btrim(bank_name) <> ''),
  iban text not null check (iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'),
  bic text not null check (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
  vat_rate_percent numeric(5, 2) not null check (vat_rate_percent between 0 and 100),
  prices_include_vat boolean not null,
  payment_term_days integer not null check (payment_term_days between 1 and 120),
  time_zone text not null check (private.is_time_zone(time_zone)),
  -- The deployment's public origin, without a path: 'https://shop.example.com'.
  site_url text not null default 'http://localhost:3000' check (site_url ~ '^https?://[^/\s?#]+$'),
  updated_at timestamptz not null default now()
);

insert into private.company_details (
  name, legal_name, street, postal_code, city, country, managing_directors, register_court, register_number,
  vat_id, email_contact, email_billing, email_privacy, email_legal, email_careers, bank_name, iban, bic,
  vat_rate_percent, prices_include_vat, payment_term_days, time_zone
) values (
  'AI Made Simple', 'AI Made Simple GmbH', 'Musterstraße 1', '10115', 'Berlin', 'DE',
  '{Lena Hoffmann,Marco Rossi}', 'Amtsgericht Berlin-Charlottenburg', 'HRB 000000 B', 'DE000000000',
  'hello@shop.example.com', 'billing@shop.example.com', 'privacy@shop.example.com', 'legal@shop.example.com',
  'careers@shop.example.com', 'Commerzbank', 'DE89370400440532013000', 'COBADEFFXXX', 19, true, 14,
  'Europe/Berlin'
);

alter table private.company_details enable row level security;
revoke all on table private.company_details from public, anon, authenticated;
grant select, update on table private.company_details to service_role;

-- The seller as an invoice records it, and as e-mails name it: the row in the shape shared-lib's file has
-- (camelCase), so what a document shows is what the file says. An invoice keeps the copy it was issued with.
create function private.seller() returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'name', c.name,
    'legalName', c.legal_name,
    'address', jsonb_build_object('street', c.street, 'postalCode', c.postal_code, 'city', c.city,
      'country', c.country),
    'managingDirectors', to_jsonb(c.managing_directors),
    'register', jsonb_build_object('court', c.register_court, 'number', c.register_number),
    'vatId', c.vat_id,
    'email', jsonb_build_object('contact', c.email_contact, 'billing', c.email_billing,
      'privacy', c.email_privacy, 'legal', c.email_legal, 'careers', c.email_careers),
    'bank', jsonb_build_object('name', c.bank_name, 'iban', c.iban, 'bic', c.bic),
    'vat', jsonb_build_object('ratePercent', c.vat_rate_percent, 'pricesIncludeVat', c.prices_include_vat),
    'paymentTermDays', c.payment_term_days,
    'timeZone', c.time_zone
  )
  from private.company_details c;
$$;

-- An absolute link to a page of the site, for e-mails: private.site_link('/account?tab=orders').
create function private.site_link(path text) returns text
language sql stable set search_path = ''
as $$
  select c.site_url || site_link.path from private.company_details c;
$$;

revoke all on function private.seller(), private.site_link(text) from public, anon, authenticated;
grant usage on schema private to service_role;
grant execute on function private.seller(), private.site_link(text) to service_role;
