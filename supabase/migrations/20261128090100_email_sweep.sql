-- The periodic sweep of the e-mail outbox (issue #31): every minute hosted Supabase's scheduler (pg_cron) calls the
-- send-emails Edge Function over HTTP (pg_net), with the project's secret key, so an e-mail whose browser never
-- triggered the function (a closed tab, a network failure) still goes out within a minute or so. This is the setup
-- Supabase recommends ("Scheduling Edge Functions"): the job reads the project's URL and key from Vault, where the
-- agency stores them once (README, "Deploying"); until then each run does nothing but say so.
--
-- Only a database that offers both extensions gets the job: hosted Supabase does. local-supabase (PGlite, or a
-- PostgreSQL server without them) runs the same call on a timer of its own instead (local-supabase/src/functions/
-- schedule.ts), and this migration leaves such a database with the function below and no job.

create function private.request_email_sweep()
returns bigint
language plpgsql volatile security definer set search_path = ''
as $$
declare
  project_url text;
  sweep_key text;
begin
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into sweep_key from vault.decrypted_secrets where name = 'email_sweep_key';
  if project_url is null or sweep_key is null then
    raise notice 'send-emails sweep skipped: store the Vault secrets project_url and email_sweep_key (README, Deploying)';
    return null;
  end if;
  -- The function sends for up to 60 seconds; pg_net records its answer (net._http_response) when it comes.
  return net.http_post(
    url := rtrim(project_url, '/') || '/functions/v1/send-emails',
    headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', sweep_key),
    body := '{}'::jsonb,
    timeout_milliseconds := 90000
  );
end;
$$;

revoke all on function private.request_email_sweep() from public, anon, authenticated;

do $$
begin
  if exists (select from pg_available_extensions where name = 'pg_cron')
    and exists (select from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_cron with schema pg_catalog;
    create extension if not exists pg_net with schema extensions;
    -- A job of the same name is replaced, so applying this again changes nothing.
    perform cron.schedule('send-emails', '* * * * *', 'select private.request_email_sweep()');
  end if;
end;
$$;
