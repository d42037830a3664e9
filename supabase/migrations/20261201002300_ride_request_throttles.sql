-- Migration: ride request limits refuse as the other limits do (issue 24 §1)
-- Purpose: posting and "Me too" (20261201002000_ride_requests.sql) are counted by
--          private.take_throttle, so a refusal says how long to wait and the api sends
--          Retry-After; private.refuse_throttled names their codes (too_many_ride_requests,
--          too_many_me_too).
-- Affects: private.refuse_throttled, private.take_request_throttle (create or replace; same
--          signatures, so grants stay).
-- Rollback: restore both from 20261201002100_refusals_carry_their_codes.sql and
--          20261201002000_ride_requests.sql.

create or replace function private.refuse_throttled(p_limit text, p_message text, p_retry integer) returns void
    language plpgsql
    set search_path to ''
as $$
begin
  raise exception using errcode = 'PT429', message = format(p_message, private.wait_text(p_retry)),
    detail = p_retry::text,
    hint = case p_limit
      when 'rides:created' then 'too_many_rides_today'
      when 'rides:edits' then 'too_many_ride_edits'
      when 'passengers:changes' then 'too_many_joins'
      when 'payments:remind' then 'reminded_recently'
      when 'register:client' then 'too_many_accounts_network'
      when 'register:network' then 'too_many_accounts_network'
      when 'register:all' then 'too_many_accounts'
      when 'ride_requests:posted' then 'too_many_ride_requests'
      when 'ride_requests:me-too' then 'too_many_me_too'
    end;
end;
$$;

create or replace function private.take_request_throttle(p_limit text, p_uid integer)
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform private.take_throttle(p_limit, p_uid::text, case p_limit
    when 'ride_requests:me-too' then 'Too many "Me too" taps. Please try again in %s.'
    else 'Too many ride requests posted. Please try again in %s.'
  end);
end;
$$;
