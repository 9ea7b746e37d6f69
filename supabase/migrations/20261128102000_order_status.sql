-- Order status (issue #31.3, beyond the spec): an order placed to be paid by invoice is awaiting payment; the
-- agency (service role) marks it paid, in progress, delivered, or cancelled, and the customer's order card shows
-- the status and when it last changed. Clients still only read their orders, so no customer changes a status.
--
-- The first schema had a `status` column nobody showed, with 'pending' where an order now waits for its payment.
-- Expand only: every existing value stays valid ('pending' becomes 'awaiting_payment'), the column keeps its name
-- and type, and the one new column has a default, so the remotes and place_order deployed before this migration
-- work unchanged (place_order never named the status: new orders take the default).

alter table public.orders drop constraint orders_status_check;
update public.orders set status = 'awaiting_payment' where status = 'pending';
alter table public.orders
  alter column status set default 'awaiting_payment',
  add constraint orders_status_check
    check (status in ('awaiting_payment', 'paid', 'in_progress', 'delivered', 'cancelled')),
  -- When the status last changed (for an order that never changed, when it was placed).
  add column status_changed_at timestamptz not null default now();
update public.orders set status_changed_at = created_at;

-- The way an order goes: awaiting_payment -> paid -> in_progress -> delivered, and cancelled from any of them
-- (a delivered order is cancelled when it is refunded: spec section 2's refund window). A cancelled order stays
-- cancelled. Anything else is refused, whoever asks, with the move named; setting the same status again changes
-- nothing.
create function private.order_status_allowed(old_status text, new_status text) returns boolean
language sql immutable set search_path = ''
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

create function private.order_status_change() returns trigger
language plpgsql set search_path = ''
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

create trigger orders_status_change before update of status, status_changed_at on public.orders
for each row execute function private.order_status_change();

revoke all on function private.order_status_allowed(text, text), private.order_status_change()
  from public, anon, authenticated;
grant execute on function private.order_status_allowed(text, text), private.order_status_change() to service_role;
