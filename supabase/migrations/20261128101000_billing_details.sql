-- Billing details (issue #31.1, beyond the spec): who a customer's invoices are made out to, remembered for their
-- next order and editable in Profile. The columns refuse what the billing form refuses (shared-lib's
-- billingSchema): trimmed text within the same limits, a country of the list, and a VAT number only in the form of
-- one of the billing country's (EU member states only). Both lists are shared-lib's (shared-lib/src/billing), and a
-- backend test compares them with these rows. Expand only: new tables and functions, nothing a deployed app reads
-- changes.

-- Countries -----------------------------------------------------------------------------------------------------

-- ISO 3166-1 alpha-2 codes with the English names invoices print; for the EU's member states, the form of their
-- VAT numbers: the prefix (Greece's is EL) and the rest as a regular expression.
create table private.countries (
  code text primary key check (code ~ '^[A-Z]{2}$'),
  name text not null check (btrim(name) <> ''),
  vat_prefix text check (vat_prefix ~ '^[A-Z]{2}$'),
  vat_pattern text,
  check ((vat_prefix is null) = (vat_pattern is null))
);
insert into private.countries (code, name, vat_prefix, vat_pattern) values
  ('AF', 'Afghanistan', null, null),
  ('AX', 'Åland Islands', null, null),
  ('AL', 'Albania', null, null),
  ('DZ', 'Algeria', null, null),
  ('AS', 'American Samoa', null, null),
  ('AD', 'Andorra', null, null),
  ('AO', 'Angola', null, null),
  ('AI', 'Anguilla', null, null),
  ('AQ', 'Antarctica', null, null),
  ('AG', 'Antigua & Barbuda', null, null),
  ('AR', 'Argentina', null, null),
  ('AM', 'Armenia', null, null),
  ('AW', 'Aruba', null, null),
  ('AU', 'Australia', null, null),
  ('AT', 'Austria', 'AT', 'U[0-9]{8}'),
  ('AZ', 'Azerbaijan', null, null),
  ('BS', 'Bahamas', null, null),
  ('BH', 'Bahrain', null, null),
  ('BD', 'Bangladesh', null, null),
  ('BB', 'Barbados', null, null),
  ('BY', 'Belarus', null, null),
  ('BE', 'Belgium', 'BE', '[01][0-9]{9}'),
  ('BZ', 'Belize', null, null),
  ('BJ', 'Benin', null, null),
  ('BM', 'Bermuda', null, null),
  ('BT', 'Bhutan', null, null),
  ('BO', 'Bolivia', null, null),
  ('BA', 'Bosnia & Herzegovina', null, null),
  ('BW', 'Botswana', null, null),
  ('BV', 'Bouvet Island', null, null),
  ('BR', 'Brazil', null, null),
  ('IO', 'British Indian Ocean Territory', null, null),
  ('VG', 'British Virgin Islands', null, null),
  ('BN', 'Brunei', null, null),
  ('BG', 'Bulgaria', 'BG', '[0-9]{9,10}'),
  ('BF', 'Burkina Faso', null, null),
  ('BI', 'Burundi', null, null),
  ('KH', 'Cambodia', null, null),
  ('CM', 'Cameroon', null, null),
  ('CA', 'Canada', null, null),
  ('CV', 'Cape Verde', null, null),
  ('BQ', 'Caribbean Netherlands', null, null),
  ('KY', 'Cayman Islands', null, null),
  ('CF', 'Central African Republic', null, null),
  ('TD', 'Chad', null, null),
  ('CL', 'Chile', null, null),
  ('CN', 'China', null, null),
  ('CX', 'Christmas Island', null, null),
  ('CC', 'Cocos (Keeling) Islands', null, null),
  ('CO', 'Colombia', null, null),
  ('KM', 'Comoros', null, null),
  ('CG', 'Congo - Brazzaville', null, null),
  ('CD', 'Congo - Kinshasa', null, null),
  ('CK', 'Cook Islands', null, null),
  ('CR', 'Costa Rica', null, null),
  ('CI', 'Côte d’Ivoire', null, null),
  ('HR', 'Croatia', 'HR', '[0-9]{11}'),
  ('CU', 'Cuba', null, null),
  ('CW', 'Curaçao', null, null),
  ('CY', 'Cyprus', 'CY', '[0-9]{8}[A-Z]'),
  ('CZ', 'Czechia', 'CZ', '[0-9]{8,10}'),
  ('DK', 'Denmark', 'DK', '[0-9]{8}'),
  ('DJ', 'Djibouti', null, null),
  ('DM', 'Dominica', null, null),
  ('DO', 'Dominican Republic', null, null),
  ('EC', 'Ecuador', null, null),
  ('EG', 'Egypt', null, null),
  ('SV', 'El Salvador', null, null),
  ('GQ', 'Equatorial Guinea', null, null),
  ('ER', 'Eritrea', null, null),
  ('EE', 'Estonia', 'EE', '[0-9]{9}'),
  ('SZ', 'Eswatini', null, null),
  ('ET', 'Ethiopia', null, null),
  ('FK', 'Falkland Islands', null, null),
  ('FO', 'Faroe Islands', null, null),
  ('FJ', 'Fiji', null, null),
  ('FI', 'Finland', 'FI', '[0-9]{8}'),
  ('FR', 'France', 'FR', '[A-HJ-NP-Z0-9]{2}[0-9]{9}'),
  ('GF', 'French Guiana', null, null),
  ('PF', 'French Polynesia', null, null),
  ('TF', 'French Southern Territories', null, null),
  ('GA', 'Gabon', null, null),
  ('GM', 'Gambia', null, null),
  ('GE', 'Georgia', null, null),
  ('DE', 'Germany', 'DE', '[0-9]{9}'),
  ('GH', 'Ghana', null, null),
  ('GI', 'Gibraltar', null, null),
  ('GR', 'Greece', 'EL', '[0-9]{9}'),
  ('GL', 'Greenland', null, null),
  ('GD', 'Grenada', null, null),
  ('GP', 'Guadeloupe', null, null),
  ('GU', 'Guam', null, null),
  ('GT', 'Guatemala', null, null),
  ('GG', 'Guernsey', null, null),
  ('GN', 'Guinea', null, null),
  ('GW', 'Guinea-Bissau', null, null),
  ('GY', 'Guyana', null, null),
  ('HT', 'Haiti', null, null),
  ('HM', 'Heard & McDonald Islands', null, null),
  ('HN', 'Honduras', null, null),
  ('HK', 'Hong Kong SAR China', null, null),
  ('HU', 'Hungary', 'HU', '[0-9]{8}'),
  ('IS', 'Iceland', null, null),
  ('IN', 'India', null, null),
  ('ID', 'Indonesia', null, null),
  ('IR', 'Iran', null, null),
  ('IQ', 'Iraq', null, null),
  ('IE', 'Ireland', 'IE', '[0-9]{7}[A-W][A-I]?|[0-9][A-Z+*][0-9]{5}[A-W]'),
  ('IM', 'Isle of Man', null, null),
  ('IL', 'Israel', null, null),
  ('IT', 'Italy', 'IT', '[0-9]{11}'),
  ('JM', 'Jamaica', null, null),
  ('JP', 'Japan', null, null),
  ('JE', 'Jersey', null, null),
  ('JO', 'Jordan', null, null),
  ('KZ', 'Kazakhstan', null, null),
  ('KE', 'Kenya', null, null),
  ('KI', 'Kiribati', null, null),
  ('KW', 'Kuwait', null, null),
  ('KG', 'Kyrgyzstan', null, null),
  ('LA', 'Laos', null, null),
  ('LV', 'Latvia', 'LV', '[0-9]{11}'),
  ('LB', 'Lebanon', null, null),
  ('LS', 'Lesotho', null, null),
  ('LR', 'Liberia', null, null),
  ('LY', 'Libya', null, null),
  ('LI', 'Liechtenstein', null, null),
  ('LT', 'Lithuania', 'LT', '[0-9]{9}|[0-9]{12}'),
  ('LU', 'Luxembourg', 'LU', '[0-9]{8}'),
  ('MO', 'Macao SAR China', null, null),
  ('MG', 'Madagascar', null, null),
  ('MW', 'Malawi', null, null),
  ('MY', 'Malaysia', null, null),
  ('MV', 'Maldives', null, null),
  ('ML', 'Mali', null, null),
  ('MT', 'Malta', 'MT', '[0-9]{8}'),
  ('MH', 'Marshall Islands', null, null),
  ('MQ', 'Martinique', null, null),
  ('MR', 'Mauritania', null, null),
  ('MU', 'Mauritius', null, null),
  ('YT', 'Mayotte', null, null),
  ('MX', 'Mexico', null, null),
  ('FM', 'Micronesia', null, null),
  ('MD', 'Moldova', null, null),
  ('MC', 'Monaco', null, null),
  ('MN', 'Mongolia', null, null),
  ('ME', 'Montenegro', null, null),
  ('MS', 'Montserrat', null, null),
  ('MA', 'Morocco', null, null),
  ('MZ', 'Mozambique', null, null),
  ('MM', 'Myanmar (Burma)', null, null),
  ('NA', 'Namibia', null, null),
  ('NR', 'Nauru', null, null),
  ('NP', 'Nepal', null, null),
  ('NL', 'Netherlands', 'NL', '[0-9]{9}B[0-9]{2}'),
  ('NC', 'New Caledonia', null, null),
  ('NZ', 'New Zealand', null, null),
  ('NI', 'Nicaragua', null, null),
  ('NE', 'Niger', null, null),
  ('NG', 'Nigeria', null, null),
  ('NU', 'Niue', null, null),
  ('NF', 'Norfolk Island', null, null),
  ('KP', 'North Korea', null, null),
  ('MK', 'North Macedonia', null, null),
  ('MP', 'Northern Mariana Islands', null, null),
  ('NO', 'Norway', null, null),
  ('OM', 'Oman', null, null),
  ('PK', 'Pakistan', null, null),
  ('PW', 'Palau', null, null),
  ('PS', 'Palestinian Territories', null, null),
  ('PA', 'Panama', null, null),
  ('PG', 'Papua New Guinea', null, null),
  ('PY', 'Paraguay', null, null),
  ('PE', 'Peru', null, null),
  ('PH', 'Philippines', null, null),
  ('PN', 'Pitcairn Islands', null, null),
  ('PL', 'Poland', 'PL', '[0-9]{10}'),
  ('PT', 'Portugal', 'PT', '[0-9]{9}'),
  ('PR', 'Puerto Rico', null, null),
  ('QA', 'Qatar', null, null),
  ('RE', 'Réunion', null, null),
  ('RO', 'Romania', 'RO', '[1-9][0-9]{1,9}'),
  ('RU', 'Russia', null, null),
  ('RW', 'Rwanda', null, null),
  ('WS', 'Samoa', null, null),
  ('SM', 'San Marino', null, null),
  ('ST', 'São Tomé & Príncipe', null, null),
  ('SA', 'Saudi Arabia', null, null),
  ('SN', 'Senegal', null, null),
  ('RS', 'Serbia', null, null),
  ('SC', 'Seychelles', null, null),
  ('SL', 'Sierra Leone', null, null),
  ('SG', 'Singapore', null, null),
  ('SX', 'Sint Maarten', null, null),
  ('SK', 'Slovakia', 'SK', '[0-9]{10}'),
  ('SI', 'Slovenia', 'SI', '[0-9]{8}'),
  ('SB', 'Solomon Islands', null, null),
  ('SO', 'Somalia', null, null),
  ('ZA', 'South Africa', null, null),
  ('GS', 'South Georgia & South Sandwich Islands', null, null),
  ('KR', 'South Korea', null, null),
  ('SS', 'South Sudan', null, null),
  ('ES', 'Spain', 'ES', '[A-Z0-9][0-9]{7}[A-Z0-9]'),
  ('LK', 'Sri Lanka', null, null),
  ('BL', 'St. Barthélemy', null, null),
  ('SH', 'St. Helena', null, null),
  ('KN', 'St. Kitts & Nevis', null, null),
  ('LC', 'St. Lucia', null, null),
  ('MF', 'St. Martin', null, null),
  ('PM', 'St. Pierre & Miquelon', null, null),
  ('VC', 'St. Vincent & Grenadines', null, null),
  ('SD', 'Sudan', null, null),
  ('SR', 'Suriname', null, null),
  ('SJ', 'Svalbard & Jan Mayen', null, null),
  ('SE', 'Sweden', 'SE', '[0-9]{10}01'),
  ('CH', 'Switzerland', null, null),
  ('SY', 'Syria', null, null),
  ('TW', 'Taiwan', null, null),
  ('TJ', 'Tajikistan', null, null),
  ('TZ', 'Tanzania', null, null),
  ('TH', 'Thailand', null, null),
  ('TL', 'Timor-Leste', null, null),
  ('TG', 'Togo', null, null),
  ('TK', 'Tokelau', null, null),
  ('TO', 'Tonga', null, null),
  ('TT', 'Trinidad & Tobago', null, null),
  ('TN', 'Tunisia', null, null),
  ('TR', 'Türkiye', null, null),
  ('TM', 'Turkmenistan', null, null),
  ('TC', 'Turks & Caicos Islands', null, null),
  ('TV', 'Tuvalu', null, null),
  ('UM', 'U.S. Outlying Islands', null, null),
  ('VI', 'U.S. Virgin Islands', null, null),
  ('UG', 'Uganda', null, null),
  ('UA', 'Ukraine', null, null),
  ('AE', 'United Arab Emirates', null, null),
  ('GB', 'United Kingdom', null, null),
  ('US', 'United States', null, null),
  ('UY', 'Uruguay', null, null),
  ('UZ', 'Uzbekistan', null, null),
  ('VU', 'Vanuatu', null, null),
  ('VA', 'Vatican City', null, null),
  ('VE', 'Venezuela', null, null),
  ('VN', 'Vietnam', null, null),
  ('WF', 'Wallis & Futuna', null, null),
  ('EH', 'Western Sahara', null, null),
  ('YE', 'Yemen', null, null),
  ('ZM', 'Zambia', null, null),
  ('ZW', 'Zimbabwe', null, null);
alter table private.countries enable row level security;
revoke all on table private.countries from public, anon, authenticated;
grant select on table private.countries to service_role;

-- True when `vat_number` (normalised: upper case, no separators) has the form of a VAT number of `country`; true
-- for no number at all. Security definer: the table's check calls it for clients, who cannot read the list.
create function private.vat_number_valid(country text, vat_number text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select vat_number_valid.vat_number is null or exists (
    select 1 from private.countries c
    where c.code = vat_number_valid.country
      and c.vat_prefix is not null
      and vat_number_valid.vat_number ~ ('^' || c.vat_prefix || '(' || c.vat_pattern || ')$')
  );
$$;

-- True for a code of the list. Security definer, as above.
create function private.is_country(code text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from private.countries c where c.code = is_country.code);
$$;

-- Billing details ---------------------------------------------------------------------------------------------

-- One row per customer: the details of their last order, or what they saved in Profile.
create table public.billing_details (
  user_id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100 and name = btrim(name)),
  company text check (char_length(company) between 1 and 100 and company = btrim(company)),
  address text not null check (char_length(address) between 1 and 200 and address = btrim(address)),
  postal_code text check (char_length(postal_code) between 1 and 20 and postal_code = btrim(postal_code)),
  city text not null check (char_length(city) between 1 and 100 and city = btrim(city)),
  country text not null check (private.is_country(country)),
  vat_number text check (vat_number ~ '^[A-Z0-9+*]+$' and private.vat_number_valid(country, vat_number)),
  updated_at timestamptz not null default now()
);
alter table public.billing_details enable row level security;
create policy "own billing details: select" on public.billing_details for select to authenticated
  using ((select auth.uid()) = user_id);
create policy "own billing details: insert" on public.billing_details for insert to authenticated
  with check ((select auth.uid()) = user_id);
create policy "own billing details: update" on public.billing_details for update to authenticated
  using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
revoke all on table public.billing_details from public, anon, authenticated;
grant select, insert, update on public.billing_details to authenticated;
grant all on table public.billing_details to service_role;

-- Every change is dated.
create function private.touch_updated_at() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
create trigger billing_details_updated_at before update on public.billing_details
for each row execute function private.touch_updated_at();

revoke all on function private.vat_number_valid(text, text), private.is_country(text), private.touch_updated_at()
  from public, anon, authenticated;
grant execute on function private.vat_number_valid(text, text), private.is_country(text) to authenticated;
grant execute on function private.vat_number_valid(text, text), private.is_country(text), private.touch_updated_at()
  to service_role;
