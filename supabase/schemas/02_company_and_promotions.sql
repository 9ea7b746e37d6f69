-- The company and its campaigns: the seller's facts that invoices and e-mails print, the list of countries the
-- billing form offers, and the promotions the site's banner announces. shared-lib's company file and country
-- lists are the same facts for the browser; backend tests compare them with these rows.

-- True for a time zone name PostgreSQL knows ('Europe/Berlin'): a typo would otherwise break every date an
-- invoice or a slot computes. Checked by company_details and booking_settings.
create function private.is_time_zone(zone text) returns boolean
    language plpgsql stable
    set search_path to ''
    as $$
begin
  perform now() at time zone zone;
  return true;
exception when invalid_parameter_value then
  return false;
end;
$$;

REVOKE ALL ON FUNCTION private.is_time_zone(zone text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.is_time_zone(zone text) TO service_role;

-- ISO 3166-1 alpha-2 codes with the English names invoices print; for the EU's member states, the form of their
-- VAT numbers (the prefix, Greece's is EL, and the rest as a regular expression).
create table private.countries (
    code text not null,
    name text not null,
    vat_prefix text,
    vat_pattern text,
    constraint countries_check check (((vat_prefix is null) = (vat_pattern is null))),
    constraint countries_code_check check ((code ~ '^[A-Z]{2}$'::text)),
    constraint countries_name_check check ((btrim(name) <> ''::text)),
    constraint countries_vat_prefix_check check ((vat_prefix ~ '^[A-Z]{2}$'::text)),
    constraint countries_pkey primary key (code)
);

alter table private.countries enable row level security;

GRANT SELECT ON TABLE private.countries TO service_role;

-- True for a code of the list. Security definer: billing_details' check calls it for clients, who cannot read
-- the list.
create function private.is_country(code text) returns boolean
    language sql stable security definer
    set search_path to ''
    as $$
  select exists (select 1 from private.countries c where c.code = is_country.code);
$$;

REVOKE ALL ON FUNCTION private.is_country(code text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.is_country(code text) TO authenticated;
GRANT ALL ON FUNCTION private.is_country(code text) TO service_role;

-- The company, one row: the seller on invoices and in e-mails, its bank, VAT rate and payment term, the time
-- zone its documents are dated in, and the deployment's site URL, from which SQL builds e-mails' links. Only the
-- agency reads or changes it.
create table private.company_details (
    id boolean default true not null,
    name text not null,
    legal_name text not null,
    street text not null,
    postal_code text not null,
    city text not null,
    country text not null,
    managing_directors text[] not null,
    register_court text not null,
    register_number text not null,
    vat_id text not null,
    email_contact text not null,
    email_billing text not null,
    email_privacy text not null,
    email_legal text not null,
    email_careers text not null,
    bank_name text not null,
    iban text not null,
    bic text not null,
    vat_rate_percent numeric(5,2) not null,
    prices_include_vat boolean not null,
    payment_term_days integer not null,
    time_zone text not null,
    site_url text default 'http://localhost:3000'::text not null,
    updated_at timestamp with time zone default now() not null,
    constraint company_details_bank_name_check check ((btrim(bank_name) <> ''::text)),
    constraint company_details_bic_check check ((bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'::text)),
    constraint company_details_city_check check ((btrim(city) <> ''::text)),
    constraint company_details_country_check check ((country ~ '^[A-Z]{2}$'::text)),
    constraint company_details_email_billing_check check ((email_billing ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    constraint company_details_email_careers_check check ((email_careers ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    constraint company_details_email_contact_check check ((email_contact ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    constraint company_details_email_legal_check check ((email_legal ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    constraint company_details_email_privacy_check check ((email_privacy ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'::text)),
    constraint company_details_iban_check check ((iban ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$'::text)),
    constraint company_details_id_check check (id),
    constraint company_details_legal_name_check check ((btrim(legal_name) <> ''::text)),
    constraint company_details_managing_directors_check check ((cardinality(managing_directors) > 0)),
    constraint company_details_name_check check ((btrim(name) <> ''::text)),
    constraint company_details_payment_term_days_check check (((payment_term_days >= 1) and (payment_term_days <= 120))),
    constraint company_details_postal_code_check check ((btrim(postal_code) <> ''::text)),
    constraint company_details_register_court_check check ((btrim(register_court) <> ''::text)),
    constraint company_details_register_number_check check ((btrim(register_number) <> ''::text)),
    constraint company_details_site_url_check check ((site_url ~ '^https?://[^/\s?#]+$'::text)),
    constraint company_details_street_check check ((btrim(street) <> ''::text)),
    constraint company_details_time_zone_check check (private.is_time_zone(time_zone)),
    constraint company_details_vat_id_check check ((vat_id ~ '^[A-Z]{2}[0-9A-Z+*]{2,12}$'::text)),
    constraint company_details_vat_rate_percent_check check (((vat_rate_percent >= (0)::numeric) and (vat_rate_percent <= (100)::numeric))),
    constraint company_details_pkey primary key (id)
);

alter table private.company_details enable row level security;

GRANT SELECT,UPDATE ON TABLE private.company_details TO service_role;

-- The seller as an invoice records it and e-mails name it, in the shape of shared-lib's company file (camelCase),
-- so a document shows what the file says. An invoice keeps the copy it was issued with.
create function private.seller() returns jsonb
    language sql stable
    set search_path to ''
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

REVOKE ALL ON FUNCTION private.seller() FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.seller() TO service_role;

-- An absolute link to a page of the site, for e-mails: private.site_link('/account?tab=orders').
create function private.site_link(path text) returns text
    language sql stable
    set search_path to ''
    as $$
  select c.site_url || site_link.path from private.company_details c;
$$;

REVOKE ALL ON FUNCTION private.site_link(path text) FROM PUBLIC, anon, authenticated;
GRANT ALL ON FUNCTION private.site_link(path text) TO service_role;

-- The banner's campaigns: the words it shows, when it starts, when it ends (the first moment it no longer runs) and
-- the offer it opens ('newsletter', the only one; a promotion gives no discount of its own). Anyone reads only the
-- promotions running now, by the database's clock, so an upcoming campaign stays unannounced; only the agency
-- writes them. The checks refuse what the banner could not show. `link` (#42.5), when set, is where the banner leads
-- instead of the newsletter offer: a path on this site ('/' then anything but a second '/', which browsers read as
-- another host) or an https address; no spaces or backslashes ('/\host' is another host too), at most 500
-- characters.
create table public.promotions (
    id uuid default gen_random_uuid() not null,
    words text not null,
    starts_at timestamp with time zone not null,
    ends_at timestamp with time zone not null,
    offer text default 'newsletter'::text not null,
    created_at timestamp with time zone default now() not null,
    link text,
    constraint promotions_ends_after_start check ((ends_at > starts_at)),
    constraint promotions_offer_check check ((offer = 'newsletter'::text)),
    constraint promotions_words_check check (((char_length(words) between 1 and 200) and (words = btrim(words)))),
    constraint promotions_link_check check (((link is null) or ((char_length(link) <= 500)
      and (strpos(link, '\') = 0)
      and (link ~ '^(/|/[^/[:space:]][^[:space:]]*|https://[^/[:space:]][^[:space:]]*)$')))),
    constraint promotions_pkey primary key (id)
);

alter table public.promotions enable row level security;

create policy "running promotions: select" on public.promotions for select to anon, authenticated using (((starts_at <= now()) and (now() < ends_at)));

REVOKE ALL ON TABLE public.promotions FROM anon, authenticated;
GRANT SELECT ON TABLE public.promotions TO anon;
GRANT SELECT ON TABLE public.promotions TO authenticated;
GRANT ALL ON TABLE public.promotions TO service_role;
