-- Billing details and invoices are the account's own data like its orders and cart: a session of a two-factor
-- account that has not given its second factor (aal1) reads and writes none of them, as #30's restrictive policy
-- holds for every public table with a user_id. Both tables were created after that migration, so they get the same
-- policy here (invoices already reach only through orders, which hold it; stated on the table all the same).
do $$
declare
  t text;
begin
  foreach t in array array['billing_details', 'invoices'] loop
    execute format(
      'create policy "second factor when verified" on public.%I as restrictive for all to authenticated
         using ((select private.aal_sufficient())) with check ((select private.aal_sufficient()))',
      t
    );
  end loop;
end;
$$;
