import { getFormProps, useForm } from "@conform-to/react";
import { useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { priceHint } from "~/lib/currency";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { orderSettingsWords } from "~/lib/i18n/portal/order-settings";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import {
  MAX_DAYS_AHEAD,
  MAX_GIVE_UP_MINUTES,
  MAX_LEAD_MINUTES,
  MAX_REMIND_MINUTES,
  MIN_GIVE_UP_MINUTES,
  MIN_REMIND_MINUTES,
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
import { CardPaymentsSection, type CardPaymentsData } from "./card-payments";
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
  /** Null while the operator set up no card payments: nothing of cards is shown then. */
  cardPayments: CardPaymentsData | null;
}

const DAYS_AHEAD = Array.from({ length: MAX_DAYS_AHEAD + 1 }, (_, days) => days);

function daysAheadLabel(days: number): string {
  if (days === 0) return orderSettingsWords.todayOnly;
  if (days === 1) return orderSettingsWords.todayAndTomorrow;
  return portalPlural(orderSettingsWords.upToDaysAhead, days);
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
 * Below it, while the operator set up card payments, the site's Card payments.
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
          {data.enabled ? orderSettingsWords.takingOrdersOnline : orderSettingsWords.orderingOff}
        </p>
        {data.enabled ? (
          <p className="order-settings-links">
            <a href={`${publicPath}/order`} target="_blank" rel="noreferrer">
              {orderSettingsWords.openOrderPage}
            </a>
            <Link to="/user/orders">{orderSettingsWords.goToOrders}</Link>
          </p>
        ) : (
          <p className="muted">{orderSettingsWords.turnOnBelow}</p>
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
          label={orderSettingsWords.takeOrdersOnline}
          hint={orderSettingsWords.takeOrdersOnlineHint}
        />

        <fieldset className="plain-fieldset order-settings-group">
          <legend>{orderSettingsWords.howCustomersGetOrder}</legend>
          <CheckRow field={fields.pickup} label={orderSettingsWords.pickup} />
          <CheckRow
            field={fields.delivery}
            label={orderSettingsWords.delivery}
            onChange={(checked) => setDelivery(checked)}
          />
          <div className="order-settings-delivery" hidden={hydrated && !delivery}>
            <Field field={fields.deliveryFee} label={orderSettingsWords.deliveryFee} hint={hint}>
              <input inputMode="decimal" autoComplete="off" placeholder="0" />
            </Field>
            <Field
              field={fields.deliveryMinimum}
              label={orderSettingsWords.deliveryMinimum}
              hint={orderSettingsWords.emptyForNone}
            >
              <input inputMode="decimal" autoComplete="off" placeholder="0" />
            </Field>
            <Field
              field={fields.deliveryNote}
              label={orderSettingsWords.deliveryNote}
              hint={orderSettingsWords.deliveryNoteHint}
            >
              <input autoComplete="off" />
            </Field>
          </div>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>{orderSettingsWords.when}</legend>
          <Field
            field={fields.leadMinutes}
            label={orderSettingsWords.leadTime}
            hint={orderSettingsWords.leadTimeHint}
          >
            <input type="number" inputMode="numeric" min={0} max={MAX_LEAD_MINUTES} step={1} />
          </Field>
          <Field
            field={fields.slotMinutes}
            label={orderSettingsWords.timeSlots}
            hint={orderSettingsWords.timeSlotsHint}
          >
            <select>
              {SLOT_LENGTHS.map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {fill(orderSettingsWords.everyMinutes, { minutes })}
                </option>
              ))}
            </select>
          </Field>
          <Field
            field={fields.daysAhead}
            label={orderSettingsWords.laterDays}
            hint={orderSettingsWords.laterDaysHint}
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
          <legend>{orderSettingsWords.limits}</legend>
          <Field
            field={fields.minimum}
            label={orderSettingsWords.smallestOrder}
            hint={fill(orderSettingsWords.smallestOrderHint, { priceHint: hint })}
          >
            <input inputMode="decimal" autoComplete="off" placeholder="0" />
          </Field>
          <Field
            field={fields.slotCap}
            label={orderSettingsWords.slotCap}
            hint={orderSettingsWords.slotCapHint}
          >
            <input inputMode="numeric" autoComplete="off" />
          </Field>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>{orderSettingsWords.whereOrdersSent}</legend>
          <Field
            field={fields.email}
            label={orderSettingsWords.orderEmail}
            hint={fill(orderSettingsWords.orderEmailHint, { email: data.accountEmail })}
          >
            <input type="email" autoComplete="email" placeholder={data.accountEmail} />
          </Field>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>{orderSettingsWords.unanswered}</legend>
          <Field
            field={fields.remindMinutes}
            label={orderSettingsWords.remindAfter}
            hint={orderSettingsWords.remindAfterHint}
          >
            <input
              type="number"
              inputMode="numeric"
              min={MIN_REMIND_MINUTES}
              max={MAX_REMIND_MINUTES}
              step={1}
            />
          </Field>
          <Field
            field={fields.giveUpMinutes}
            label={orderSettingsWords.giveUpAfter}
            hint={orderSettingsWords.giveUpAfterHint}
          >
            <input
              type="number"
              inputMode="numeric"
              min={MIN_GIVE_UP_MINUTES}
              max={MAX_GIVE_UP_MINUTES}
              step={1}
            />
          </Field>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>{orderSettingsWords.howCustomersPay}</legend>
          <p className="field-hint order-settings-pay-note">
            {data.cardPayments ? orderSettingsWords.payNoteWithCards : orderSettingsWords.payNote}
          </p>
          {definition.paymentHandlesOn === "orders" ? (
            <PaymentHandleFields
              fields={fields}
              examples={{ paypal: "joesdiner", venmo: "joes-diner" }}
            />
          ) : (
            <p className="order-settings-pay-note">
              {fillNodes(orderSettingsWords.payLinksOnInfoTab, {
                link: <Link to="?tab=info">{orderSettingsWords.infoTab}</Link>,
              })}
            </p>
          )}
        </fieldset>

        <SaveBar dirty={dirty}>
          <button type="submit" className="button" disabled={saving}>
            {saving ? orderSettingsWords.saving : orderSettingsWords.save}
          </button>
        </SaveBar>
        <UnsavedChangesDialog blocker={blocker} what={orderSettingsWords.unsavedWhat} />
      </Form>
      {data.cardPayments ? <CardPaymentsSection data={data.cardPayments} /> : null}
    </div>
  );
}
