-- A promotion's link (issue #42.5): where the banner leads when the campaign is about something other than the
-- newsletter offer. Expand-style: a nullable column, so promotions without one keep opening the newsletter offer
-- and a shell built before it (which asks for id, words and offer only) keeps working. A link is a path on this
-- site ('/' then anything but a second '/', which browsers read as another host) or an https address; no spaces
-- or backslashes ('/\host' is another host too), at most 500 characters.
alter table public.promotions
  add column link text constraint promotions_link_check check (((link is null) or ((char_length(link) <= 500)
    and (strpos(link, '\') = 0)
    and (link ~ '^(/|/[^/[:space:]][^[:space:]]*|https://[^/[:space:]][^[:space:]]*)$'))));

-- staff_save_promotion gains the link, an optional last parameter (a call without it saves none). The old
-- four-parameter function is replaced in this one step, so there is never a second overload for PostgREST to
-- choose between.
drop function public.staff_save_promotion(promotion_id uuid, words text, starts_at timestamp with time zone, ends_at timestamp with time zone);

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
