import { getFormProps, useForm } from "@conform-to/react";
import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { priceHint } from "~/lib/currency";
import {
  MAX_DAYS_AHEAD,
  MAX_LEAD_MINUTES,
  ORDER_SETTINGS_MESSAGES,
  SLOT_LENGTHS,
} from "~/lib/order-settings";
import {
  SAVE_ORDERS_INTENT,
  type OrderSettingsFormInput,
  type SaveOrderSettingsResult,
} from "~/lib/order-settings-form";
import type { ProductType } from "~/sites";
import type { OrdersDefinition } from "~/sites/site";
import { Field, FieldErrors, type FieldState } from "../form";
import { useSavedToast } from "../toasts";
import { PaymentHandleFields } from "./payment-handle-fields";
import { SaveBar, UnsavedChangesDialog, useUnsavedChanges } from "../unsaved-changes";
import { useFormValidation } from "../use-form-validation";
import { useHydrated } from "../use-hydrated";

export interface OrdersTabData {
  /** The stored settings as the form's starting values (order-settings-form.ts). */
  values: Record<string, string | boolean>;
  /** Whether ordering is on as stored (not as the unsaved form says). */
  enabled: boolean;
  /** The account's address, where orders are mailed while the form's email is empty. */
  accountEmail: string;
  currency: string;
}

const DAYS_AHEAD = Array.from({ length: MAX_DAYS_AHEAD + 1 }, (_, days) => days);

function daysAheadLabel(days: number): string {
  if (days === 0) return "Today only";
  if (days === 1) return "Today and tomorrow";
  return `Up to ${days} days ahead`;
}

/** A checkbox on a row as tall as a thumb, its label beside it and its errors under it. */
function CheckRow({
  field,
  label,
  hint,
  onChange,
}: {
  field: FieldState;
  label: string;
  hint?: string;
  onChange?: (checked: boolean) => void;
}) {
  const hintId = hint ? `${field.id}-hint` : undefined;
  const invalid = Boolean(field.errors?.length);
  const describedBy = [hintId, invalid ? field.errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className="check-row">
      <input
        key={field.key}
        id={field.id}
        type="checkbox"
        name={field.name}
        form={field.formId}
        defaultChecked={field.initialValue === "on"}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
        onChange={onChange ? (event) => onChange(event.currentTarget.checked) : undefined}
      />
      <label htmlFor={field.id}>
        {label}
        {hint ? (
          <span id={hintId} className="field-hint">
            {hint}
          </span>
        ) : null}
      </label>
      <FieldErrors id={field.errorId} errors={field.errors} />
    </div>
  );
}

/**
 * A restaurant's or shop's Orders tab: whether customers may order online, how they get
 * their order, when, the minimums, where new orders are mailed, and how customers pay. It is
 * checked in the browser with the schema the server uses, and works without JavaScript.
 */
export function OrderSettingsForm({
  type,
  definition,
  data,
  publicPath,
  result,
}: {
  type: ProductType;
  definition: OrdersDefinition;
  data: OrdersTabData;
  /** The site's public page; its order page is under it. */
  publicPath: string;
  result: SaveOrderSettingsResult | undefined;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === SAVE_ORDERS_INTENT;
  // The form's checks in the browser, fetched as it shows (use-form-validation.ts).
  const validate = useFormValidation(type, "orders");
  const [form, fields] = useForm<Record<keyof OrderSettingsFormInput, string>, unknown>({
    id: "order-settings",
    lastResult: result?.result,
    defaultValue: data.values,
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const hydrated = useHydrated();
  useSavedToast(result?.result, ORDER_SETTINGS_MESSAGES.saved);
  const formRef = useRef<HTMLFormElement>(null);
  const { dirty, blocker } = useUnsavedChanges(
    formRef,
    result?.result.status === "success" ? result : null,
  );
  // Delivery's own fields show while delivery is chosen (all of them, without JavaScript).
  const [delivery, setDelivery] = useState(data.values.delivery === true);
  const formErrors = form.errors?.length
    ? form.errors
    : form.valid
      ? null
      : [ORDER_SETTINGS_MESSAGES.failed];
  const hint = priceHint(data.currency);

  return (
    <div className="order-settings">
      <div className="order-settings-status card" data-on={data.enabled || undefined}>
        <p className="order-settings-state">
          <span className="order-settings-dot" aria-hidden="true" />
          {data.enabled ? "Taking orders online" : "Online ordering is off"}
        </p>
        {data.enabled ? (
          <p className="order-settings-links">
            <a href={`${publicPath}/order`} target="_blank" rel="noreferrer">
              Open your order page
            </a>
            <Link to="/user/orders">Go to your orders</Link>
          </p>
        ) : (
          <p className="muted">
            Turn it on below: customers order from your page, and you accept each order in Orders.
          </p>
        )}
      </div>
      <Form
        ref={formRef}
        method="post"
        {...getFormProps(form)}
        className="form order-settings-form"
      >
        <input type="hidden" name="intent" value={SAVE_ORDERS_INTENT} />
        <div id={form.errorId} aria-live="polite">
          {form.status === "success" && !hydrated ? (
            <p className="alert success" role="status">
              {ORDER_SETTINGS_MESSAGES.saved}
            </p>
          ) : null}
          {formErrors ? (
            <p className="alert error" role="alert">
              {formErrors.join(" ")}
            </p>
          ) : null}
        </div>

        <CheckRow
          field={fields.enabled}
          label="Take orders online"
          hint="Your page gets an Order button. Off until you turn it on."
        />

        <fieldset className="plain-fieldset order-settings-group">
          <legend>How customers get their order</legend>
          <CheckRow field={fields.pickup} label="Pickup" />
          <CheckRow
            field={fields.delivery}
            label="Delivery"
            onChange={(checked) => setDelivery(checked)}
          />
          <div className="order-settings-delivery" hidden={hydrated && !delivery}>
            <Field field={fields.deliveryFee} label="Delivery fee" hint={hint}>
              <input inputMode="decimal" autoComplete="off" placeholder="0" />
            </Field>
            <Field
              field={fields.deliveryMinimum}
              label="Smallest order for delivery"
              hint="Empty for none."
            >
              <input inputMode="decimal" autoComplete="off" placeholder="0" />
            </Field>
            <Field
              field={fields.deliveryNote}
              label="Delivery note"
              hint="Shown to customers, like “We deliver within 3 km”."
            >
              <input autoComplete="off" />
            </Field>
          </div>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>When</legend>
          <Field
            field={fields.leadMinutes}
            label="Lead time (minutes)"
            hint="The earliest time a customer can choose is at least this far from now."
          >
            <input type="number" inputMode="numeric" min={0} max={MAX_LEAD_MINUTES} step={1} />
          </Field>
          <Field
            field={fields.slotMinutes}
            label="Time slots"
            hint="Customers choose a time on this grid, from your opening time."
          >
            <select>
              {SLOT_LENGTHS.map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  Every {minutes} minutes
                </option>
              ))}
            </select>
          </Field>
          <Field
            field={fields.daysAhead}
            label="Orders for later days"
            hint="Times follow your opening hours on the Info tab."
          >
            <select>
              {DAYS_AHEAD.map((days) => (
                <option key={days} value={String(days)}>
                  {daysAheadLabel(days)}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>Limits</legend>
          <Field field={fields.minimum} label="Smallest order" hint={`${hint} Empty for none.`}>
            <input inputMode="decimal" autoComplete="off" placeholder="0" />
          </Field>
          <Field
            field={fields.slotCap}
            label="Orders per time slot at most"
            hint="Empty for no limit. A full slot is not offered."
          >
            <input inputMode="numeric" autoComplete="off" />
          </Field>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>Where new orders are sent</legend>
          <Field
            field={fields.email}
            label="Email for orders"
            hint={`Empty: your account's address, ${data.accountEmail}.`}
          >
            <input type="email" autoComplete="email" placeholder={data.accountEmail} />
          </Field>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>How customers pay</legend>
          <p className="field-hint order-settings-pay-note">
            Customers can always pay when they pick up or when their order is delivered. Optional:
            with a PayPal.me name or a Venmo username, the order&apos;s page shows Pay buttons with
            the total filled in. Nothing is charged online by us.
          </p>
          {definition.paymentHandlesOn === "orders" ? (
            <PaymentHandleFields
              fields={fields}
              examples={{ paypal: "joesdiner", venmo: "joes-diner" }}
            />
          ) : (
            <p className="order-settings-pay-note">
              PayPal and Venmo links are set on the <Link to="?tab=info">Info tab</Link>.
            </p>
          )}
        </fieldset>

        <SaveBar dirty={dirty}>
          <button type="submit" className="button" disabled={saving}>
            {saving ? "Saving…" : "Save"}
          </button>
        </SaveBar>
        <UnsavedChangesDialog blocker={blocker} what="the order settings" />
      </Form>
    </div>
  );
}
