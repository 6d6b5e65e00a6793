/**
 * The objects the fake keeps and answers with, shaped as Stripe's (the fields the portal may
 * read; Stripe's own carry more).
 */

export type Metadata = Record<string, string>;

export interface AccountRequirements {
  alternatives: unknown[];
  current_deadline: number | null;
  currently_due: string[];
  disabled_reason: string | null;
  errors: unknown[];
  eventually_due: string[];
  past_due: string[];
  pending_verification: string[];
}

export interface FakeAccount {
  id: string;
  object: "account";
  type: string;
  business_profile: { name: string | null; url: string | null; mcc: string | null };
  business_type: string | null;
  capabilities: Record<string, "active" | "inactive" | "pending">;
  charges_enabled: boolean;
  controller: { type: "application" | "account"; is_controller?: boolean };
  country: string;
  created: number;
  default_currency: string;
  details_submitted: boolean;
  email: string | null;
  livemode: false;
  metadata: Metadata;
  payouts_enabled: boolean;
  requirements: AccountRequirements;
}

export interface FakeAccountLink {
  object: "account_link";
  created: number;
  expires_at: number;
  url: string;
}

/** An account link as the fake remembers it: where its page sends the owner back to. */
export interface AccountLinkRecord {
  id: string;
  account: string;
  type: "account_onboarding" | "account_update";
  refreshUrl: string;
  returnUrl: string;
  /** A link is used once: opened again after a choice, it sends the owner to refreshUrl. */
  used: boolean;
  link: FakeAccountLink;
}

export interface FakePrice {
  id: string;
  object: "price";
  active: boolean;
  currency: string;
  livemode: false;
  product: string;
  type: "one_time";
  unit_amount: number;
}

export interface FakeLineItem {
  id: string;
  object: "item";
  amount_discount: number;
  amount_subtotal: number;
  amount_tax: number;
  amount_total: number;
  currency: string;
  description: string;
  price: FakePrice;
  quantity: number;
}

export interface FakeCustomerDetails {
  address: null;
  email: string | null;
  name: string | null;
  phone: string | null;
  tax_exempt: "none";
  tax_ids: unknown[];
}

export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: null;
  customer_details: FakeCustomerDetails | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: "payment";
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: "paid" | "unpaid" | "no_payment_required";
  status: "open" | "complete" | "expired";
  success_url: string;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: "hosted";
  /** The hosted page while the session is open; null once it is complete or expired. */
  url: string | null;
}

export interface FakePaymentIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  application_fee_amount: number | null;
  capture_method: "automatic_async";
  created: number;
  currency: string;
  latest_charge: string;
  livemode: false;
  metadata: Metadata;
  payment_method_types: string[];
  receipt_email: string | null;
  status: "succeeded";
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  metadata: Metadata;
  payment_intent: string;
  reason: string | null;
  receipt_number: string | null;
  status: "succeeded";
}

/** What a completed session reports instead of what its lines add up to. */
export interface PaidOverride {
  amountTotal?: number;
  currency?: string;
  /** The customer's email, when the session had none prefilled. */
  email?: string;
}

/** The answer the next refunds get instead of a refund. */
export interface RefundFailure {
  /** HTTP status (default 500). */
  status?: number;
  /** Stripe's error type (default `api_error` for 5xx, `invalid_request_error` otherwise). */
  type?: string;
  message?: string;
  code?: string;
}
