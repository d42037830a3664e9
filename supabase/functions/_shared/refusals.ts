import { fillTemplate, type MessageDescriptor, type MessageValues } from './message-template.ts';

// Every refusal the api sends has a stable `code` and the values its text names (`params`),
// beside a `message` for clients that just print it (issue 39 §2, ADR 0047):
// { "code": "spots_remaining", "params": { "count": 3 }, "message": "Only 3 spots remaining",
//   "requestId": "…" }. The message is SPEC §8's English, or the member's language from the
// server catalogues (api/lib/refusal-language.ts); the PWA says the code with its params in the
// member's language itself (src/lib/refusal-text.ts) and shows the server's message for a code
// it does not know. Nothing reads values back out of a sentence.
//
// This is the one list of them: each code with its English text, written as Lingui message
// descriptors (the extractor reads the /*i18n*/ objects; no macros here, this file runs in Deno
// and Node too). A text may hold placeholders ({count}, {username}, {wait}: message-template.ts),
// each a key of the refusal's params. {wait} is given in seconds and said in words (waitText).
//
// Where a code comes from:
// - the api's own refusals name theirs: new HttpError(404, refusal('ride_not_found')), with
//   their values: refusal('party_too_big', { count: 2 });
// - a database refusal names its own, beside its status and text, and sends its values as JSON
//   in DETAIL:
//     raise exception using errcode = 'PT409', message = format('Only %s spots remaining', v),
//       detail = json_build_object('count', v)::text, hint = 'spots_remaining';
//   the api reads the HINT and the DETAIL (lib/http-error.ts), never the English, so rewording
//   a message keeps its code. tests/api/refusal-codes.test.ts checks that every raise of
//   supabase/schemas/ (and every function in a migrated database) names a code of this list,
//   or 'invalid_input', and that a text with values sends the ones its code's text names;
// - a refusal that names no code (or one this list lacks) gets the generic code of its status
//   (GENERIC_REFUSAL_CODES). A generic code says what kind of refusal it is, not which: a client
//   shows the server's message for it;
// - validation failures (zod, and the database's own field checks, hint = 'invalid_input') have
//   the code 'invalid_input', the schema's message, and as params the rule of validation.ts
//   with its values and the field ({ rule: 'required', label: 'Name', field: 'name' }).
// Codes never change once shipped: a client may keep one. A new refusal gets a new code.

export const REFUSALS = {
  // Sessions and accounts
  login_required: /*i18n*/ { id: 'refusal.login_required', message: 'You must be logged in' },
  not_logged_in: /*i18n*/ { id: 'refusal.not_logged_in', message: 'Not logged in' },
  login_to_join: /*i18n*/ { id: 'refusal.login_to_join', message: 'You must be logged in to join a ride' },
  login_to_see_passengers: /*i18n*/ {
    id: 'refusal.login_to_see_passengers',
    message: 'Log in to see the passengers of this ride',
  },
  invalid_credentials: /*i18n*/ { id: 'refusal.invalid_credentials', message: 'Invalid Discord username or password' },
  wrong_current_password: /*i18n*/ { id: 'refusal.wrong_current_password', message: 'Current password is incorrect' },
  own_account_only: /*i18n*/ { id: 'refusal.own_account_only', message: 'You can only delete your own account' },
  admin_account_stays: /*i18n*/ { id: 'refusal.admin_account_stays', message: 'The admin account cannot be deleted' },
  reset_code_invalid: /*i18n*/ {
    id: 'refusal.reset_code_invalid',
    message: 'That reset code is invalid or has expired. Ask the admin for a new one.',
  },
  username_taken: /*i18n*/ { id: 'refusal.username_taken', message: 'Discord username already exists' },
  username_reserved: /*i18n*/ {
    id: 'refusal.username_reserved',
    message: 'That Discord username is reserved. Please choose another.',
  },
  username_lookalike: /*i18n*/ {
    id: 'refusal.username_lookalike',
    message: "That Discord username looks too much like another member's. Please choose another.",
  },
  display_name_reserved: /*i18n*/ {
    id: 'refusal.display_name_reserved',
    message: "That name is reserved for the app's team. Please choose another.",
  },
  common_password: /*i18n*/ {
    id: 'refusal.common_password',
    message: 'That password is one of the most common ones, which are guessed first. Please choose another.',
  },
  username_unchangeable: /*i18n*/ {
    id: 'refusal.username_unchangeable',
    message: 'Your Discord username cannot be changed',
  },
  own_profile_only: /*i18n*/ { id: 'refusal.own_profile_only', message: 'You can only update your own profile' },
  user_not_found: /*i18n*/ { id: 'refusal.user_not_found', message: 'User not found' },
  no_such_username: /*i18n*/ {
    id: 'refusal.no_such_username',
    message: 'No user with Discord username {username}',
    comment: '{username} is a Discord username, as the admin typed it',
  },
  admin_only: /*i18n*/ { id: 'refusal.admin_only', message: 'Only the admin can do that' },
  checklist_admin_only: /*i18n*/ {
    id: 'refusal.checklist_admin_only',
    message: 'Only the admin can edit the border checklist',
  },

  // Too many at once (429): {wait} is how long, in English ("5 minutes", "2 hours", "3 days")
  too_many_failed_attempts: /*i18n*/ {
    id: 'refusal.too_many_failed_attempts',
    message: 'Too many failed attempts. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  too_many_accounts_network: /*i18n*/ {
    id: 'refusal.too_many_accounts_network',
    message: 'Too many new accounts from your network. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  too_many_accounts: /*i18n*/ {
    id: 'refusal.too_many_accounts',
    message: 'Too many new accounts right now. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  too_many_rides_today: /*i18n*/ {
    id: 'refusal.too_many_rides_today',
    message: 'Too many rides created today. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  too_many_upcoming_rides: /*i18n*/ {
    id: 'refusal.too_many_upcoming_rides',
    message: 'You already have {count} upcoming rides, the most allowed. Please try again in {wait}.',
    comment: '{count} is a number of rides; {wait} is a duration such as "5 minutes"',
  },
  too_many_joins: /*i18n*/ {
    id: 'refusal.too_many_joins',
    message: 'Too many joins and leaves. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  too_many_ride_edits: /*i18n*/ {
    id: 'refusal.too_many_ride_edits',
    message: 'Too many ride edits. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  reminded_recently: /*i18n*/ {
    id: 'refusal.reminded_recently',
    message: 'You already reminded your passengers to pay. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },

  // Rides
  ride_not_found: /*i18n*/ { id: 'refusal.ride_not_found', message: 'Ride not found' },
  ride_date_past: /*i18n*/ { id: 'refusal.ride_date_past', message: 'The ride date must be in the future' },
  vendor_cannot_create_ride: /*i18n*/ {
    id: 'refusal.vendor_cannot_create_ride',
    message: 'Vendors cannot create rides',
  },
  not_ride_editor: /*i18n*/ { id: 'refusal.not_ride_editor', message: 'You are not authorized to edit this ride' },
  not_ride_deleter: /*i18n*/ { id: 'refusal.not_ride_deleter', message: 'You are not authorized to delete this ride' },
  party_too_big: /*i18n*/ {
    id: 'refusal.party_too_big',
    message: 'Only {count} spots remaining for your party',
    comment: '{count} is a number of seats',
  },
  max_below_joined: /*i18n*/ {
    id: 'refusal.max_below_joined',
    message: 'Maximum passengers cannot be lower than the passengers already in this ride',
  },
  organizer_exceeds_max: /*i18n*/ {
    id: 'refusal.organizer_exceeds_max',
    message: 'Passengers at your location cannot exceed the maximum passengers',
  },
  driver_contact_missing: /*i18n*/ {
    id: 'refusal.driver_contact_missing',
    message: 'That recommended driver does not exist',
  },
  past_ride_unchangeable: /*i18n*/ {
    id: 'refusal.past_ride_unchangeable',
    message: 'This ride is in the past and can no longer be changed: it is the record of the trip',
  },
  past_ride_undeletable: /*i18n*/ {
    id: 'refusal.past_ride_undeletable',
    message: 'This ride is in the past and can no longer be deleted: it is the record of the trip',
  },
  ride_in_past: /*i18n*/ { id: 'refusal.ride_in_past', message: 'This ride is in the past' },
  ride_completed: /*i18n*/ { id: 'refusal.ride_completed', message: 'This ride is completed' },
  seats_limit: /*i18n*/ { id: 'refusal.seats_limit', message: 'A ride has at most 9 seats besides the organizer' },

  // Weekly series (issue 27)
  series_not_found: /*i18n*/ { id: 'refusal.series_not_found', message: 'Weekly ride not found' },
  own_series: /*i18n*/ { id: 'refusal.own_series', message: 'You cannot join your own weekly ride' },
  series_ended: /*i18n*/ { id: 'refusal.series_ended', message: 'This weekly ride has ended' },
  not_series_organiser: /*i18n*/ {
    id: 'refusal.not_series_organiser',
    message: 'Only the organiser can change this weekly ride',
  },
  series_weekdays_required: /*i18n*/ {
    id: 'refusal.series_weekdays_required',
    message: 'Choose the weekdays the ride repeats on',
  },
  series_until_before_start: /*i18n*/ {
    id: 'refusal.series_until_before_start',
    message: 'A weekly ride ends on or after its first date',
  },
  series_until_too_far: /*i18n*/ {
    id: 'refusal.series_until_too_far',
    message: 'A weekly ride ends at most 12 weeks after its first date',
  },
  series_extend_too_far: /*i18n*/ {
    id: 'refusal.series_extend_too_far',
    message: 'A weekly ride can be extended to at most 12 weeks from today',
  },
  series_no_dates: /*i18n*/ {
    id: 'refusal.series_no_dates',
    message: 'None of the chosen weekdays falls before the weekly ride ends',
  },
  too_many_series: /*i18n*/ {
    id: 'refusal.too_many_series',
    message: 'You already run {count} weekly rides, the most allowed. Please try again in {wait}.',
    comment: '{count} is a number of weekly series; {wait} is a duration such as "5 minutes"',
  },
  not_in_series: /*i18n*/ { id: 'refusal.not_in_series', message: 'This ride is not part of a weekly ride' },
  series_ride_not_found: /*i18n*/ {
    id: 'refusal.series_ride_not_found',
    message: 'That ride is not a date of this weekly ride',
  },
  series_day_change: /*i18n*/ {
    id: 'refusal.series_day_change',
    message:
      'Changing this and every later date keeps each on its own day: change the time only, or one date at a time',
  },
  series_seats_taken: /*i18n*/ {
    id: 'refusal.series_seats_taken',
    message: 'A later date already has more passengers than that',
  },

  // Joining and leaving
  ride_full: /*i18n*/ { id: 'refusal.ride_full', message: 'This ride is full' },
  one_spot_remaining: /*i18n*/ { id: 'refusal.one_spot_remaining', message: 'Only 1 spot remaining' },
  spots_remaining: /*i18n*/ {
    id: 'refusal.spots_remaining',
    message: 'Only {count} spots remaining',
    comment: '{count} is a number of seats, 2 or more',
  },
  past_ride_unjoinable: /*i18n*/ {
    id: 'refusal.past_ride_unjoinable',
    message: 'This ride is in the past and cannot be joined',
  },
  own_ride: /*i18n*/ { id: 'refusal.own_ride', message: 'You cannot join your own ride' },
  own_ride_driver: /*i18n*/ { id: 'refusal.own_ride_driver', message: 'You are the driver of this ride' },
  already_joined: /*i18n*/ { id: 'refusal.already_joined', message: 'You have already joined this ride' },
  ride_id_mismatch: /*i18n*/ {
    id: 'refusal.ride_id_mismatch',
    message: 'rideId does not match the ride being joined',
  },
  passenger_not_found: /*i18n*/ { id: 'refusal.passenger_not_found', message: 'Passenger not found on this ride' },
  remove_passenger_forbidden: /*i18n*/ {
    id: 'refusal.remove_passenger_forbidden',
    message: 'Only the organizer or the passenger can remove this entry',
  },
  past_ride_passengers_stay: /*i18n*/ {
    id: 'refusal.past_ride_passengers_stay',
    message: 'Passengers cannot be removed from a past ride',
  },
  past_ride_passengers_unchangeable: /*i18n*/ {
    id: 'refusal.past_ride_passengers_unchangeable',
    message: 'The passengers of a past ride can no longer be changed: they are the record of the trip',
  },

  // Waitlist
  already_waitlisted: /*i18n*/ {
    id: 'refusal.already_waitlisted',
    message: 'You are already on the waitlist for this ride',
  },
  not_waitlisted: /*i18n*/ { id: 'refusal.not_waitlisted', message: 'You are not on the waitlist for this ride' },
  waitlist_one_spot_free: /*i18n*/ {
    id: 'refusal.waitlist_one_spot_free',
    message: 'This ride still has 1 spot: join the ride instead',
  },
  waitlist_spots_free: /*i18n*/ {
    id: 'refusal.waitlist_spots_free',
    message: 'This ride still has {count} spots: join the ride instead',
    comment: '{count} is a number of seats, 2 or more',
  },

  // Drop-off sequence
  sequence_organizer_only: /*i18n*/ {
    id: 'refusal.sequence_organizer_only',
    message: 'Only the organizer can change the drop-off sequence',
  },
  // No longer sent since SG->FC rides have a pickup order (ADR 0040); kept, as codes are.
  sequence_fc_to_sg_only: /*i18n*/ {
    id: 'refusal.sequence_fc_to_sg_only',
    message: 'A drop-off sequence applies only to Forest City to Singapore rides',
  },
  sequence_locked: /*i18n*/ { id: 'refusal.sequence_locked', message: 'The drop-off sequence is locked' },
  sequence_not_locked: /*i18n*/ { id: 'refusal.sequence_not_locked', message: 'The drop-off sequence is not locked' },
  past_sequence_change: /*i18n*/ {
    id: 'refusal.past_sequence_change',
    message: 'The drop-off sequence of a past ride cannot be changed',
  },
  past_sequence_unlock: /*i18n*/ {
    id: 'refusal.past_sequence_unlock',
    message: 'The drop-off sequence of a past ride cannot be unlocked',
  },
  sequence_out_of_range: /*i18n*/ {
    id: 'refusal.sequence_out_of_range',
    message: 'Sequence must be between 1 and {count}',
    comment: '{count} is the number of passengers',
  },
  no_passengers_yet: /*i18n*/ { id: 'refusal.no_passengers_yet', message: 'No passengers have joined this ride yet' },

  // Pickup order and times (SG->FC, issue 37 §3, ADR 0040)
  pickup_order_forbidden: /*i18n*/ {
    id: 'refusal.pickup_order_forbidden',
    message: 'Only the organizer or the assigned driver can change the pickup order',
  },
  pickup_order_locked: /*i18n*/ { id: 'refusal.pickup_order_locked', message: 'The pickup order is locked' },
  pickup_order_not_locked: /*i18n*/ {
    id: 'refusal.pickup_order_not_locked',
    message: 'The pickup order is not locked',
  },
  past_pickup_order_change: /*i18n*/ {
    id: 'refusal.past_pickup_order_change',
    message: 'The pickup order of a past ride cannot be changed',
  },
  past_pickup_order_unlock: /*i18n*/ {
    id: 'refusal.past_pickup_order_unlock',
    message: 'The pickup order of a past ride cannot be unlocked',
  },
  pickup_time_sg_to_fc_only: /*i18n*/ {
    id: 'refusal.pickup_time_sg_to_fc_only',
    message: 'A pickup time applies only to Singapore to Forest City rides',
  },
  past_pickup_time_change: /*i18n*/ {
    id: 'refusal.past_pickup_time_change',
    message: 'The pickup times of a past ride cannot be changed',
  },

  // Return trips
  return_outbound_not_found: /*i18n*/ {
    id: 'refusal.return_outbound_not_found',
    message: 'The ride to plan the return of was not found',
  },
  return_own_ride_only: /*i18n*/ {
    id: 'refusal.return_own_ride_only',
    message: 'You can only plan the return of your own ride',
  },
  return_same_direction: /*i18n*/ {
    id: 'refusal.return_same_direction',
    message: 'A return trip goes the opposite way of the ride it returns from',
  },
  return_too_early: /*i18n*/ {
    id: 'refusal.return_too_early',
    message: 'The return trip must leave after the ride it returns from',
  },
  return_already_planned: /*i18n*/ {
    id: 'refusal.return_already_planned',
    message: 'A return trip is already planned for this ride',
  },

  // Ride requests
  ride_request_not_found: /*i18n*/ { id: 'refusal.ride_request_not_found', message: 'Ride request not found' },
  ride_request_closed: /*i18n*/ { id: 'refusal.ride_request_closed', message: 'This ride request is closed' },
  ride_request_window_order: /*i18n*/ {
    id: 'refusal.ride_request_window_order',
    message: 'The time window must end after it starts',
  },
  ride_request_window_past: /*i18n*/ {
    id: 'refusal.ride_request_window_past',
    message: 'The time window must end in the future',
  },
  ride_request_too_far: /*i18n*/ {
    id: 'refusal.ride_request_too_far',
    message: 'A ride request can be at most 90 days ahead',
  },
  ride_request_exists: /*i18n*/ {
    id: 'refusal.ride_request_exists',
    message: 'You already have an open ride request for this direction and day',
  },
  not_ride_request_owner: /*i18n*/ {
    id: 'refusal.not_ride_request_owner',
    message: 'Only the member who asked can change this ride request',
  },
  own_ride_request: /*i18n*/ { id: 'refusal.own_ride_request', message: 'This is your own ride request' },
  ride_request_offer_own_ride: /*i18n*/ {
    id: 'refusal.ride_request_offer_own_ride',
    message: 'You can only offer your own ride for a request',
  },
  ride_request_offer_mismatch: /*i18n*/ {
    id: 'refusal.ride_request_offer_mismatch',
    message: 'The ride must go the same way and leave within the time window of the request',
  },
  ride_request_offer_seats: /*i18n*/ {
    id: 'refusal.ride_request_offer_seats',
    message: "The ride needs free seats for the request's party of {count}",
  },
  ride_request_offer_repeat: /*i18n*/ {
    id: 'refusal.ride_request_offer_repeat',
    message: 'You have already offered a ride for this request',
  },
  // Said without the reason, as join_not_allowed: the requester blocked the organiser (or the
  // other way), and nobody is told of a block (ADR 0026).
  ride_request_offer_not_allowed: /*i18n*/ {
    id: 'refusal.ride_request_offer_not_allowed',
    message: 'You cannot offer a ride for this request',
  },
  // No longer sent: several organisers may offer a ride for one request (issue 35 §2). Kept, as
  // a client may still know it.
  ride_request_offered: /*i18n*/ {
    id: 'refusal.ride_request_offered',
    message: 'A ride is already offered for this request',
  },
  too_many_ride_requests: /*i18n*/ {
    id: 'refusal.too_many_ride_requests',
    message: 'Too many ride requests posted. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  too_many_me_too: /*i18n*/ {
    id: 'refusal.too_many_me_too',
    message: 'Too many "Me too" taps. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"; "Me too" is the button that adds a party to a ride request',
  },

  // Ride chat (issue 25)
  not_in_ride_chat: /*i18n*/ {
    id: 'refusal.not_in_ride_chat',
    message: 'Only the people on this ride can read and write its chat',
  },
  ride_chat_read_only: /*i18n*/ {
    id: 'refusal.ride_chat_read_only',
    message: 'This chat is read-only: the ride was more than a week ago',
  },
  ride_message_not_found: /*i18n*/ { id: 'refusal.ride_message_not_found', message: 'Message not found' },
  not_message_author: /*i18n*/ {
    id: 'refusal.not_message_author',
    message: 'You can only delete your own messages',
  },
  not_ride_chat_pinner: /*i18n*/ {
    id: 'refusal.not_ride_chat_pinner',
    message: 'Only the organizer can pin a message',
  },
  too_many_messages: /*i18n*/ {
    id: 'refusal.too_many_messages',
    message: 'Too many messages. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  // The day of the trip (issue 40)
  not_on_trip: /*i18n*/ { id: 'refusal.not_on_trip', message: 'Only the people on this ride can follow its trip' },
  trip_day_closed: /*i18n*/ {
    id: 'refusal.trip_day_closed',
    message: 'The trip can be followed from 2 hours before the ride until 8 hours after it',
  },
  not_trip_driver: /*i18n*/ {
    id: 'refusal.not_trip_driver',
    message: 'Only the driver or the organizer can set where the car is',
  },
  trip_stop_unknown: /*i18n*/ { id: 'refusal.trip_stop_unknown', message: "That stop is not on this ride's route" },
  trip_step_not_undoable: /*i18n*/ {
    id: 'refusal.trip_step_not_undoable',
    message: 'Only a step set in the last 2 minutes can be taken back',
  },
  trip_passenger_not_found: /*i18n*/ {
    id: 'refusal.trip_passenger_not_found',
    message: 'That member is not a passenger on this ride',
  },
  not_trip_passenger: /*i18n*/ {
    id: 'refusal.not_trip_passenger',
    message: 'Only the passenger can say this, but the driver or the organizer can mark them picked up',
  },
  // The car's position (issue 40 §2)
  not_car_position_sharer: /*i18n*/ {
    id: 'refusal.not_car_position_sharer',
    message: 'Only the driver, or the organizer of a ride with no driver, can share where the car is',
  },
  car_arrived: /*i18n*/ {
    id: 'refusal.car_arrived',
    message: 'The car has arrived, so its position is no longer shared',
  },
  car_position_latitude: /*i18n*/ {
    id: 'refusal.car_position_latitude',
    message: 'Latitude must be between -90 and 90',
  },
  car_position_longitude: /*i18n*/ {
    id: 'refusal.car_position_longitude',
    message: 'Longitude must be between -180 and 180',
  },
  car_position_accuracy: /*i18n*/ {
    id: 'refusal.car_position_accuracy',
    message: 'Accuracy must be more than 0 and at most {max} metres',
    comment: '{max} is a number of metres such as 5000',
  },
  car_position_future: /*i18n*/ {
    id: 'refusal.car_position_future',
    message: "The position's time is in the future",
  },
  car_position_too_old: /*i18n*/ {
    id: 'refusal.car_position_too_old',
    message: 'The position was taken more than {minutes} minutes ago',
    comment: '{minutes} is a number such as 10',
  },
  too_many_trip_updates: /*i18n*/ {
    id: 'refusal.too_many_trip_updates',
    message: 'Too many trip updates. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  // The day before: still coming? (issue 40 §5)
  still_coming_not_asked: /*i18n*/ {
    id: 'refusal.still_coming_not_asked',
    message: 'Only a passenger asked whether they are still coming can answer',
  },
  still_coming_closed: /*i18n*/ {
    id: 'refusal.still_coming_closed',
    message: 'The ride has left, so the question is closed',
  },
  still_coming_organiser_only: /*i18n*/ {
    id: 'refusal.still_coming_organiser_only',
    message: 'Only the organizer can remind the passengers',
  },
  still_coming_already_reminded: /*i18n*/ {
    id: 'refusal.still_coming_already_reminded',
    message: 'The passengers were already reminded once',
  },
  still_coming_nobody_silent: /*i18n*/ {
    id: 'refusal.still_coming_nobody_silent',
    message: 'Every passenger asked has answered',
  },
  // Live chat streams past a member's or an address's share (issue 35 §4); the chat still
  // shows new messages, asked for every few seconds.
  too_many_streams: /*i18n*/ {
    id: 'refusal.too_many_streams',
    message: 'Too many chats open at once. Close one, or wait a moment.',
  },

  // Moderation (issue 26)
  ride_removed: /*i18n*/ { id: 'refusal.ride_removed', message: 'This ride was removed by a moderator' },
  cannot_report_own: /*i18n*/ {
    id: 'refusal.cannot_report_own',
    message: 'You cannot report yourself or what you posted',
  },
  already_reported: /*i18n*/ {
    id: 'refusal.already_reported',
    message: 'You have already reported this. The admin will look at it.',
  },
  too_many_reports: /*i18n*/ {
    id: 'refusal.too_many_reports',
    message: 'Too many reports. Please try again in {wait}.',
    comment: '{wait} is a duration such as "5 minutes"',
  },
  report_not_found: /*i18n*/ { id: 'refusal.report_not_found', message: 'Report not found' },
  report_closed: /*i18n*/ { id: 'refusal.report_closed', message: 'This report has already been dealt with' },
  member_not_hideable: /*i18n*/ {
    id: 'refusal.member_not_hideable',
    message: 'A member cannot be hidden: suspend them instead',
  },
  admin_not_suspendable: /*i18n*/ { id: 'refusal.admin_not_suspendable', message: 'The admin cannot be suspended' },
  suspension_days_range: /*i18n*/ {
    id: 'refusal.suspension_days_range',
    message: 'A suspension lasts 1 to 3650 days, or for good',
  },
  not_suspended: /*i18n*/ { id: 'refusal.not_suspended', message: 'This member is not suspended' },
  member_suspended: /*i18n*/ { id: 'refusal.member_suspended', message: 'Your account is suspended' },
  account_suspended: /*i18n*/ {
    id: 'refusal.account_suspended',
    message: 'Your account has been suspended by a moderator.',
  },
  account_suspended_until: /*i18n*/ {
    id: 'refusal.account_suspended_until',
    message: 'Your account has been suspended by a moderator until {until}.',
    comment: '{until} is a date and time in UTC, such as "2026-12-31 14:00 UTC"',
  },

  // Blocks and the reliability record (issue 26 §1)
  join_not_allowed: /*i18n*/ { id: 'refusal.join_not_allowed', message: 'You cannot join this ride' },
  me_too_not_allowed: /*i18n*/ {
    id: 'refusal.me_too_not_allowed',
    message: 'You cannot join this ride request',
  },
  block_self: /*i18n*/ { id: 'refusal.block_self', message: 'You cannot block yourself' },
  blocks_limit: /*i18n*/ {
    id: 'refusal.blocks_limit',
    message: 'You have blocked 500 members, the most allowed',
  },
  no_show_organizer_only: /*i18n*/ {
    id: 'refusal.no_show_organizer_only',
    message: 'Only the organizer can mark a no-show',
  },
  no_show_too_early: /*i18n*/ {
    id: 'refusal.no_show_too_early',
    message: 'A no-show can be marked only once the ride has left',
  },
  no_show_window_over: /*i18n*/ {
    id: 'refusal.no_show_window_over',
    message: 'A no-show can be marked only within 3 days of the ride',
  },

  // Handing a ride over to a passenger (issue 26 §2)
  handover_organizer_only: /*i18n*/ {
    id: 'refusal.handover_organizer_only',
    message: 'Only the organizer can hand this ride over',
  },
  handover_past_ride: /*i18n*/ {
    id: 'refusal.handover_past_ride',
    message: 'This ride has left: it can no longer be handed over',
  },
  handover_not_passenger: /*i18n*/ {
    id: 'refusal.handover_not_passenger',
    message: 'The ride can only be handed over to one of its passengers',
  },
  handover_not_allowed: /*i18n*/ {
    id: 'refusal.handover_not_allowed',
    message: 'This ride cannot be handed over to that member',
  },
  handover_not_offered: /*i18n*/ {
    id: 'refusal.handover_not_offered',
    message: 'There is no offer of this ride to you',
  },
  too_many_handover_offers: /*i18n*/ {
    id: 'refusal.too_many_handover_offers',
    message: 'Too many hand-over offers. Please try again in {wait}.',
    comment:
      '{wait} is a duration such as "5 minutes"; a hand-over offer asks a passenger to organise the ride instead',
  },

  // Ride alerts
  ride_alerts_limit: /*i18n*/ {
    id: 'refusal.ride_alerts_limit',
    message: 'You already have 10 ride alerts, the most allowed. Delete one to add another.',
  },
  ride_alert_over: /*i18n*/ { id: 'refusal.ride_alert_over', message: 'The days of this alert are already over' },
  ride_alert_not_found: /*i18n*/ { id: 'refusal.ride_alert_not_found', message: 'Ride alert not found' },
  follow_self: /*i18n*/ { id: 'refusal.follow_self', message: 'You cannot follow yourself' },
  follow_not_ridden: /*i18n*/ {
    id: 'refusal.follow_not_ridden',
    message: 'You can only follow an organiser you have ridden with',
  },

  // Payments
  payments_private: /*i18n*/ {
    id: 'refusal.payments_private',
    message: 'Only the organizer and the passengers of this ride see its payments',
  },
  organizer_gone: /*i18n*/ {
    id: 'refusal.organizer_gone',
    message: 'The organizer of this ride is no longer a member',
  },
  organizer_does_not_pay: /*i18n*/ {
    id: 'refusal.organizer_does_not_pay',
    message: 'You organize this ride: your passengers pay you',
  },
  passengers_only_pay: /*i18n*/ {
    id: 'refusal.passengers_only_pay',
    message: 'Only the passengers of this ride pay for it',
  },
  payment_confirmed: /*i18n*/ {
    id: 'refusal.payment_confirmed',
    message: 'The organizer has confirmed your payment: ask them if it needs changing',
  },
  share_changed: /*i18n*/ {
    id: 'refusal.share_changed',
    message: 'The shares of this ride just changed: please try again',
  },
  nothing_to_refund: /*i18n*/ {
    id: 'refusal.nothing_to_refund',
    message: 'This passenger has not paid more than their share',
  },
  confirm_payment_organizer_only: /*i18n*/ {
    id: 'refusal.confirm_payment_organizer_only',
    message: 'Only the organizer can confirm payments',
  },
  remind_organizer_only: /*i18n*/ {
    id: 'refusal.remind_organizer_only',
    message: 'Only the organizer can remind passengers to pay',
  },
  calendar_private: /*i18n*/ {
    id: 'refusal.calendar_private',
    message: 'Only the organizer and the passengers of this ride can add it to their calendar',
  },

  // Vendors
  vendor_dashboard_only: /*i18n*/ {
    id: 'refusal.vendor_dashboard_only',
    message: 'Only vendors have a vendor dashboard',
  },
  vendors_only_assign: /*i18n*/ { id: 'refusal.vendors_only_assign', message: 'Only vendors can assign rides' },
  vendor_pending: /*i18n*/ {
    id: 'refusal.vendor_pending',
    message: "Your vendor account is waiting for the admin's approval",
  },
  vendor_revoked: /*i18n*/ {
    id: 'refusal.vendor_revoked',
    message: 'Your vendor account is no longer approved by the admin, so it cannot take rides',
  },
  already_assigned: /*i18n*/ { id: 'refusal.already_assigned', message: 'This ride has already been assigned' },
  passenger_cannot_drive: /*i18n*/ {
    id: 'refusal.passenger_cannot_drive',
    message: 'You are a passenger on this ride: leave it before you take it as its driver',
  },
  vendor_assignment_limit: /*i18n*/ {
    id: 'refusal.vendor_assignment_limit',
    message:
      'You already have 10 upcoming assigned rides, the most a vendor can hold at once. Release one or wait until one has departed',
  },
  release_forbidden: /*i18n*/ {
    id: 'refusal.release_forbidden',
    message: 'Only the organizer or the assigned vendor can release this ride',
  },
  no_vendor_to_release: /*i18n*/ { id: 'refusal.no_vendor_to_release', message: 'This ride has no vendor to release' },
  past_ride_vendor_stays: /*i18n*/ {
    id: 'refusal.past_ride_vendor_stays',
    message: 'This ride is in the past: its vendor stays on record',
  },
  vendor_details_private: /*i18n*/ {
    id: 'refusal.vendor_details_private',
    message: 'Only the organizer, the passengers and the vendor of this ride can see its vendor',
  },
  not_a_vendor: /*i18n*/ {
    id: 'refusal.not_a_vendor',
    message: '{username} is not a vendor account',
    comment: '{username} is a Discord username',
  },
  already_approved: /*i18n*/ {
    id: 'refusal.already_approved',
    message: '{username} is already an approved vendor',
    comment: '{username} is a Discord username',
  },
  already_revoked: /*i18n*/ {
    id: 'refusal.already_revoked',
    message: '{username} is already revoked',
    comment: '{username} is a Discord username',
  },

  // Border checklist
  checklist_item_not_found: /*i18n*/ { id: 'refusal.checklist_item_not_found', message: 'Checklist item not found' },

  // Requests themselves
  not_found: /*i18n*/ { id: 'refusal.not_found', message: 'Not found' },
  invalid_id: /*i18n*/ {
    id: 'refusal.invalid_id',
    message: 'Invalid {label} id',
    comment: '{label} names what the id is of, in English: ride, passenger, user, checklist item',
  },
  parameter_repeated: /*i18n*/ {
    id: 'refusal.parameter_repeated',
    message: '{name} must be given once',
    comment: '{name} is the name of a query parameter',
  },
  invalid_json: /*i18n*/ { id: 'refusal.invalid_json', message: 'Request body must be valid JSON' },
  body_not_object: /*i18n*/ { id: 'refusal.body_not_object', message: 'Request body must be a JSON object' },
  body_incomplete: /*i18n*/ { id: 'refusal.body_incomplete', message: 'The request body was not received in full' },
  body_too_large: /*i18n*/ { id: 'refusal.body_too_large', message: 'Request body is too large' },
  body_too_slow: /*i18n*/ {
    id: 'refusal.body_too_slow',
    message: 'The request body took too long to arrive. Please try again.',
  },
  foreign_origin: /*i18n*/ { id: 'refusal.foreign_origin', message: 'Requests from other sites are not accepted' },

  // What the database refuses without a text of ours (lib/http-error.ts)
  not_allowed: /*i18n*/ { id: 'refusal.not_allowed', message: 'You are not allowed to do that' },
  already_exists: /*i18n*/ { id: 'refusal.already_exists', message: 'That already exists' },
  reference_missing: /*i18n*/ { id: 'refusal.reference_missing', message: 'A referenced record does not exist' },
  invalid_value: /*i18n*/ { id: 'refusal.invalid_value', message: 'Invalid value' },
  concurrent_change: /*i18n*/ {
    id: 'refusal.concurrent_change',
    message: 'Someone else changed this at the same moment. Please try again.',
  },

  // Not a refusal: our fault (500). Coded all the same, so the member reads it in their language.
  server_error: /*i18n*/ {
    id: 'refusal.server_error',
    message: 'Something went wrong on our side. Please try again.',
  },
} as const satisfies Record<string, MessageDescriptor>;

export type KnownRefusalCode = keyof typeof REFUSALS;

// The kind of a refusal whose text is not in REFUSALS (a dynamic or new one), by status.
// 'invalid_input' is also every validation failure's code (see validation.ts).
export const GENERIC_REFUSAL_CODES = {
  400: 'invalid_input',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  408: 'request_timeout',
  409: 'conflict',
  413: 'too_large',
  429: 'too_many_requests',
} as const;

export type GenericRefusalCode = (typeof GENERIC_REFUSAL_CODES)[keyof typeof GENERIC_REFUSAL_CODES] | 'refused';
export type RefusalCode = KnownRefusalCode | GenericRefusalCode;

export function isKnownRefusalCode(code: unknown): code is KnownRefusalCode {
  return typeof code === 'string' && Object.hasOwn(REFUSALS, code);
}

export function genericRefusalCode(status: number): GenericRefusalCode {
  return (GENERIC_REFUSAL_CODES as Record<number, GenericRefusalCode>)[status] ?? 'refused';
}

// A refusal's values, by the names its text gives them ({count}, {wait} in seconds, {username}).
export type RefusalParams = Record<string, string | number>;

// A refusal with its code, values and English text, for new HttpError(status, refusal(...)).
export interface Refusal {
  code: RefusalCode;
  message: string;
  params: RefusalParams;
}

// How long to wait, in words, as the database says it (private.wait_text): up to 90 minutes in
// minutes, up to 2 days in hours, then days, each rounded up. So "1 hour" and "1 day" never
// occur, and only a minute is ever singular.
export const WAIT_TEXTS = {
  minute: /*i18n*/ { id: 'refusal.wait.minute', message: '1 minute', comment: 'How long to wait before trying again' },
  minutes: /*i18n*/ {
    id: 'refusal.wait.minutes',
    message: '{count} minutes',
    comment: 'How long to wait before trying again; {count} is 2 to 90',
  },
  hours: /*i18n*/ {
    id: 'refusal.wait.hours',
    message: '{count} hours',
    comment: 'How long to wait before trying again; {count} is 2 to 48',
  },
  days: /*i18n*/ {
    id: 'refusal.wait.days',
    message: '{count} days',
    comment: 'How long to wait before trying again; {count} is 3 or more',
  },
} as const satisfies Record<string, MessageDescriptor>;

// A text in some language: the descriptor's catalogue text (or its English) filled with values.
export type Say = (descriptor: MessageDescriptor, values: MessageValues) => string;

export const sayInEnglish: Say = (descriptor, values) => fillTemplate(descriptor.message, values);

export function waitText(seconds: number, say: Say = sayInEnglish): string {
  if (seconds <= 90 * 60) {
    return seconds <= 60
      ? say(WAIT_TEXTS.minute, {})
      : say(WAIT_TEXTS.minutes, { count: Math.ceil(Math.max(seconds, 1) / 60) });
  }
  if (seconds <= 48 * 3600) return say(WAIT_TEXTS.hours, { count: Math.ceil(seconds / 3600) });
  return say(WAIT_TEXTS.days, { count: Math.ceil(seconds / 86_400) });
}

// The text's values from the params: {wait} in words, the rest as given.
export function refusalValues(params: RefusalParams, say: Say = sayInEnglish): MessageValues {
  const values: MessageValues = { ...params };
  if (typeof params.wait === 'number') values.wait = waitText(params.wait, say);
  return values;
}

export function refusal(code: KnownRefusalCode, params: RefusalParams = {}): Refusal {
  return { code, params, message: fillTemplate(REFUSALS[code].message, refusalValues(params)) };
}
