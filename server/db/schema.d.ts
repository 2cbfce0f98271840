// Generated from server/migrations by `npm run db:types` (scripts/db-types.ts): do not edit.
import type { ColumnType } from "kysely";

export type ArrayType<T> = ArrayTypeImpl<T> extends (infer U)[]
  ? U[]
  : ArrayTypeImpl<T>;

export type ArrayTypeImpl<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S[], I[], U[]>
  : T[];

export type Generated<T> = T extends ColumnType<infer S, infer I, infer U>
  ? ColumnType<S, I | undefined, U>
  : ColumnType<T, T | undefined, T>;

export type Json = JsonValue;

export type JsonArray = JsonValue[];

export type JsonObject = {
  [x: string]: JsonValue | undefined;
};

export type JsonPrimitive = boolean | number | string | null;

export type JsonValue = JsonArray | JsonObject | JsonPrimitive;

export type Numeric = ColumnType<number, number | string, number | string>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface AuditLog {
  action: string;
  actor: string;
  actor_id: number | null;
  at: Timestamp;
  from_value: string | null;
  id: Generated<number>;
  order_id: number;
  to_value: string;
}

export interface BookingSeries {
  calendar_sequence: Generated<number>;
  card_consent_at: Timestamp | null;
  card_customer: string | null;
  card_payment_method: string | null;
  card_saved_at: Timestamp | null;
  created_at: Timestamp;
  dd_billing_request: string | null;
  dd_mandate: string | null;
  dd_mandate_at: Timestamp | null;
  dd_mandate_ended_at: Timestamp | null;
  ended_at: Timestamp | null;
  first_date: Timestamp;
  first_order_id: number;
  first_time: string;
  frequency: string;
  id: Generated<number>;
  planned_through: Generated<number>;
  service_id: number;
  user_id: number;
}

export interface ClosureMoves {
  closed_day: Timestamp;
  created_at: Timestamp;
  order_id: number;
  used_at: Timestamp | null;
  version: Generated<number>;
}

export interface Closures {
  created_at: Generated<Timestamp>;
  day: Timestamp;
  reason: Generated<string>;
}

export interface CongestionDistricts {
  district: string;
}

export interface ContactMessages {
  created_at: Generated<Timestamp>;
  email: string;
  id: Generated<number>;
  message: string;
  name: string;
  read_at: Timestamp | null;
}

export interface ContactReplies {
  author: string;
  author_id: number | null;
  body: string;
  id: Generated<number>;
  message_id: number;
  sent_at: Timestamp;
}

export interface Counters {
  id: Generated<number>;
  sort: Generated<number>;
  title: string;
  value: number;
}

export interface CreditNoteCounter {
  id: Generated<boolean>;
  last: Generated<number>;
}

export interface CreditNotes {
  customer_address: string | null;
  customer_name: string;
  gross: number;
  invoice_number: number;
  issued_at: Timestamp;
  ledger_ids: Generated<ArrayType<number>>;
  lines: Json;
  net: number;
  number: number;
  order_id: number | null;
  reason: string;
  vat: number;
}

export interface CustomerCount {
  accounts: number;
  customers: number;
  only_row: Generated<boolean>;
}

export interface CustomerNotes {
  author: string;
  author_id: number | null;
  body: string;
  created_at: Timestamp;
  id: Generated<number>;
  user_id: number;
}

export interface CustomerOrderCounters {
  checked_out: boolean;
  last_placed_at: Timestamp | null;
  orders: Generated<number>;
  status: string;
  user_id: number;
}

export interface DirectDebitPayments {
  amount: number;
  created_at: Timestamp;
  failures: Generated<number>;
  id: string;
  last_event_at: Timestamp | null;
  order_id: number;
  status: string;
}

export interface EmailConfirmations {
  created_at: Generated<Timestamp>;
  email: string;
  expires_at: Timestamp;
  name: string | null;
  password_hash: string | null;
  token_hash: string;
  used_at: Timestamp | null;
  user_id: number | null;
}

export interface Faqs {
  a: string;
  id: Generated<number>;
  q: string;
  sort: Generated<number>;
}

export interface Frequencies {
  code: string;
  discount_percent: Generated<Numeric>;
  name: string;
  position: Generated<number>;
}

export interface IdempotencyKeys {
  created_at: Timestamp;
  key: string;
  request_hash: string;
  response: Json;
  user_id: number;
}

export interface InvoiceCounter {
  id: Generated<boolean>;
  last: Generated<number>;
}

export interface Invoices {
  customer_address: string | null;
  customer_name: string;
  gross: number;
  issued_at: Timestamp;
  ledger_ids: Generated<ArrayType<number>>;
  lines: Json | null;
  net: number;
  number: number;
  order_id: number | null;
  supplied_at: Timestamp | null;
  vat: number;
}

export interface JobLengthDefaults {
  item_name: string | null;
  minutes: number;
  service_slug: string;
}

export interface JobPhotos {
  bytes: Buffer;
  content_type: string;
  order_id: number;
  taken_at: Timestamp;
  taken_by: number | null;
}

export interface JobVisits {
  checked_in_at: Timestamp | null;
  checked_in_by: number | null;
  checked_in_lat: number | null;
  checked_in_lng: number | null;
  checked_out_at: Timestamp | null;
  checked_out_by: number | null;
  checked_out_lat: number | null;
  checked_out_lng: number | null;
  checklist_done: Generated<Json>;
  on_my_way_at: Timestamp | null;
  on_my_way_by: number | null;
  order_id: number;
}

export interface LatePayments {
  amount: number;
  order_id: number;
  payment_ref: string;
  reason: string;
  received_at: Timestamp;
  refund_amount: number;
  refund_ref: string | null;
  refunded_at: Timestamp | null;
}

export interface LocalJobs {
  completed_on: Timestamp | null;
  created_on: Generated<Timestamp>;
  data: Generated<Json>;
  id: Generated<number>;
  name: string;
  output: Json | null;
  retry_count: Generated<number>;
  retry_delay: Generated<number>;
  retry_limit: Generated<number>;
  start_after: Generated<Timestamp>;
  state: Generated<string>;
}

export interface LocalSchedules {
  cron: string;
  name: string;
  next_run: Timestamp;
}

export interface OfficeBookingKeys {
  created_at: Timestamp;
  key: string;
  request_hash: string;
  response: Json | null;
  staff_id: number;
}

export interface OpeningHours {
  closes: Generated<string>;
  open: Generated<boolean>;
  opens: Generated<string>;
  weekday: number;
}

export interface OrderCounters {
  checked_out: boolean;
  orders: Generated<number>;
  payment_method: Generated<string>;
  status: string;
  stripe: Generated<number>;
  total: Generated<number>;
}

export interface OrderItems {
  item_id: number;
  name: string;
  order_id: number;
  quantity: number;
  total_price: number;
  unit_price: number;
}

export interface OrderLedger {
  actor: string;
  actor_id: number | null;
  amount: number;
  created_at: Timestamp;
  id: Generated<number>;
  kind: string;
  name: string;
  order_id: number;
  quantity: number | null;
  reason: string | null;
  reference: string | null;
  unit_price: number | null;
  vat_percent: Numeric | null;
}

export interface OrderReminders {
  due_at: Timestamp;
  order_id: number;
  sent_at: Timestamp;
}

export interface Orders {
  access_notes: string | null;
  address: string | null;
  balance_payment_ref: string | null;
  checked_out_at: Timestamp | null;
  city: string | null;
  client_note: string | null;
  code_postal: string | null;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  due_at: Timestamp | null;
  duration_minutes: number | null;
  frequency: Generated<string>;
  id: Generated<number>;
  job_extras: Json | null;
  paid_amount: number | null;
  paid_at: Timestamp | null;
  payment_failed_at: Timestamp | null;
  payment_failure: string | null;
  payment_method: string | null;
  payment_ref: string | null;
  phone: string | null;
  price_lines: Json | null;
  priced_postcode: string | null;
  quote_id: string | null;
  reference: number | null;
  reschedule_fees: Generated<number>;
  series_id: number | null;
  series_occurrence: number | null;
  service_id: number;
  skipped_at: Timestamp | null;
  skipped_from: string | null;
  status: Generated<string>;
  team_id: number | null;
  total: number;
  user_id: number;
  vat: number | null;
  version: Generated<number>;
}

export interface OrderTexts {
  due_at: Timestamp;
  kind: string;
  order_id: number;
  phone: string;
  queued_at: Timestamp;
  sent_at: Timestamp | null;
  user_id: number;
}

export interface PasswordResetTokens {
  created_at: Generated<Timestamp>;
  expires_at: Timestamp;
  token_hash: string;
  used_at: Timestamp | null;
  user_id: number;
}

export interface PaymentEvents {
  id: string;
  order_id: number | null;
  received_at: Timestamp;
  type: string;
}

export interface PaymentSessionRefunds {
  amount: number;
  created_at: Generated<Timestamp>;
  id: string;
  idempotency_key: string;
  session_id: string;
}

export interface PaymentSessions {
  amount: number;
  created_at: Timestamp;
  description: string;
  email: string;
  id: string;
  idempotency_key: string | null;
  order_id: number;
  paid_at: Timestamp | null;
  refund_key: string | null;
  refunded_amount: Generated<number>;
  status: Generated<string>;
}

export interface PriceExtras {
  active: Generated<boolean>;
  discountable: Generated<boolean>;
  id: Generated<number>;
  kind: string;
  name: string;
  position: Generated<number>;
  price: number;
}

export interface PricingAudit {
  actor: string;
  actor_id: number | null;
  at: Timestamp;
  from_value: string | null;
  id: Generated<number>;
  rule: string;
  subject: string;
  to_value: string | null;
}

export interface PricingSettings {
  congestion_charge: Generated<number>;
  id: Generated<boolean>;
  quote_hold_minutes: Generated<number>;
  travel_minutes: Generated<number>;
  travel_minutes_other_area: Generated<number>;
  vat_percent: Generated<Numeric>;
  waitlist_hold_minutes: Generated<number>;
}

export interface Quotes {
  choices: Json;
  created_at: Timestamp;
  expires_at: Timestamp;
  frequency: string;
  id: string;
  lines: Json;
  postcode: string | null;
  service_id: number;
  total: number;
  vat: number;
}

export interface RateLimits {
  hits: number;
  key: string;
  resets_at: Timestamp;
}

export interface RefundRequests {
  decided_at: Timestamp | null;
  decided_by: number | null;
  fee: number;
  order_id: number;
  provider_refund_ref: string | null;
  reason: string;
  refund_due: number | null;
  refunded_amount: number | null;
  requested_at: Timestamp;
  status: Generated<string>;
  version: Generated<number>;
}

export interface RevenueDays {
  credit_notes: Generated<number>;
  day: Timestamp;
  gross: Generated<number>;
  invoices: Generated<number>;
  net: Generated<number>;
  vat: Generated<number>;
}

export interface SchemaMigrations {
  applied_at: Generated<Timestamp>;
  name: string;
}

export interface ServiceActivities {
  id: Generated<number>;
  service_id: number;
  sort: Generated<number>;
  text: string;
}

export interface ServiceAreaWaitlist {
  created_at: Timestamp;
  district: string;
  email: string;
  id: Generated<number>;
  notified_at: Timestamp | null;
}

export interface ServiceChecklists {
  label: string;
  position: number;
  service_id: number;
}

export interface ServiceDistricts {
  district: string;
}

export interface ServiceFaqs {
  a: string;
  id: Generated<number>;
  q: string;
  service_id: number;
  sort: Generated<number>;
}

export interface ServiceItems {
  discountable: Generated<boolean>;
  duration_minutes: Generated<number>;
  id: Generated<number>;
  name: string;
  price: number;
  service_id: number;
  sort: Generated<number>;
}

export interface Services {
  base_minutes: Generated<number>;
  description: string;
  id: Generated<number>;
  name: string;
  picture: string;
  slug: string;
  sort: Generated<number>;
}

export interface TeamHours {
  closes: Generated<string>;
  opens: Generated<string>;
  team_id: number;
  weekday: number;
  works: Generated<boolean>;
}

export interface TeamRoster {
  only_row: Generated<boolean>;
  token: string;
}

export interface Teams {
  active: Generated<boolean>;
  created_at: Generated<Timestamp>;
  id: Generated<number>;
  name: string;
  position: Generated<number>;
}

export interface TeamTimeOff {
  created_at: Generated<Timestamp>;
  ends_on: Timestamp;
  id: Generated<number>;
  reason: Generated<string>;
  starts_on: Timestamp;
  team_id: number;
}

export interface Testimonies {
  content: string;
  id: Generated<number>;
  sort: Generated<number>;
  user_name: string;
}

export interface TextConsentEvents {
  at: Timestamp;
  id: Generated<number>;
  opted_in: boolean;
  phone: string;
  source: string;
  user_id: number;
}

export interface TextConsents {
  changed_at: Timestamp;
  opted_in: boolean;
  phone: string;
  source: string;
  user_id: number;
}

export interface Users {
  anonymised_at: Timestamp | null;
  created_at: Generated<Timestamp>;
  email: string | null;
  id: Generated<number>;
  name: string;
  name_fold: Generated<string | null>;
  password_hash: string;
  removed_at: Timestamp | null;
  roles: Generated<string[]>;
  team_id: number | null;
  token_version: Generated<number>;
}

export interface WaitlistEntries {
  created_at: Timestamp;
  day: Timestamp;
  held_due_at: Timestamp | null;
  held_minutes: number | null;
  held_until: Timestamp | null;
  id: Generated<number>;
  moves_order: Generated<boolean>;
  offer_hash: string | null;
  offered_at: Timestamp | null;
  order_id: number;
  status: Generated<string>;
  times_of_day: Generated<string[]>;
  user_id: number;
}

export interface DB {
  audit_log: AuditLog;
  booking_series: BookingSeries;
  closure_moves: ClosureMoves;
  closures: Closures;
  congestion_districts: CongestionDistricts;
  contact_messages: ContactMessages;
  contact_replies: ContactReplies;
  counters: Counters;
  credit_note_counter: CreditNoteCounter;
  credit_notes: CreditNotes;
  customer_count: CustomerCount;
  customer_notes: CustomerNotes;
  customer_order_counters: CustomerOrderCounters;
  direct_debit_payments: DirectDebitPayments;
  email_confirmations: EmailConfirmations;
  faqs: Faqs;
  frequencies: Frequencies;
  idempotency_keys: IdempotencyKeys;
  invoice_counter: InvoiceCounter;
  invoices: Invoices;
  job_length_defaults: JobLengthDefaults;
  job_photos: JobPhotos;
  job_visits: JobVisits;
  late_payments: LatePayments;
  local_jobs: LocalJobs;
  local_schedules: LocalSchedules;
  office_booking_keys: OfficeBookingKeys;
  opening_hours: OpeningHours;
  order_counters: OrderCounters;
  order_items: OrderItems;
  order_ledger: OrderLedger;
  order_reminders: OrderReminders;
  order_texts: OrderTexts;
  orders: Orders;
  password_reset_tokens: PasswordResetTokens;
  payment_events: PaymentEvents;
  payment_session_refunds: PaymentSessionRefunds;
  payment_sessions: PaymentSessions;
  price_extras: PriceExtras;
  pricing_audit: PricingAudit;
  pricing_settings: PricingSettings;
  quotes: Quotes;
  rate_limits: RateLimits;
  refund_requests: RefundRequests;
  revenue_days: RevenueDays;
  schema_migrations: SchemaMigrations;
  service_activities: ServiceActivities;
  service_area_waitlist: ServiceAreaWaitlist;
  service_checklists: ServiceChecklists;
  service_districts: ServiceDistricts;
  service_faqs: ServiceFaqs;
  service_items: ServiceItems;
  services: Services;
  team_hours: TeamHours;
  team_roster: TeamRoster;
  team_time_off: TeamTimeOff;
  teams: Teams;
  testimonies: Testimonies;
  text_consent_events: TextConsentEvents;
  text_consents: TextConsents;
  users: Users;
  waitlist_entries: WaitlistEntries;
}
