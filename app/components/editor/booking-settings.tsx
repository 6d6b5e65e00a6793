import { getFormProps, useForm } from "@conform-to/react";
import { useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  BOOKING_SLOT_LENGTHS,
  CLOSURE_NOTE_MAX_LENGTH,
  MAX_BOOKING_DAYS_AHEAD,
  MAX_CAPACITY,
  MAX_HOLD_MINUTES,
  MAX_LAST_SEATING_MINUTES,
  MAX_PARTY_SIZE,
  MIN_HOLD_MINUTES,
} from "~/lib/booking-settings";
import {
  ADD_CLOSURE_INTENT,
  BOOKING_SETTINGS_MESSAGES,
  NOTICE_CHOICES,
  REMOVE_CLOSURE_INTENT,
  SAVE_BOOKINGS_INTENT,
  type BookingsTabData,
  type BookingsTabResult,
} from "~/lib/booking-settings-form";
import type { BookingClosureInput, BookingSettingsInput } from "~/lib/booking-settings-schema";
import { bookingSettingsWords } from "~/lib/i18n/portal/bookings";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { Field, FieldErrors, type FieldState } from "../form";
import { useSavedToast } from "../toasts";
import { SaveBar, UnsavedChangesDialog, useUnsavedChanges } from "../unsaved-changes";
import { useFormValidation } from "../use-form-validation";
import { useHydrated } from "../use-hydrated";

/** "None", "30 minutes", "1 hour 30 minutes", "2 hours", "1 day": a span said as the owner thinks of it. */
export function minutesText(minutes: number): string {
  if (minutes === 0) return bookingSettingsWords.noneNeeded;
  const days = minutes % (24 * 60) === 0 ? minutes / (24 * 60) : 0;
  if (days > 0) return portalPlural(bookingSettingsWords.days, days);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return portalPlural(bookingSettingsWords.minutes, rest);
  if (rest === 0) return portalPlural(bookingSettingsWords.hours, hours);
  return fill(bookingSettingsWords.hoursAndMinutes, {
    hours: portalPlural(bookingSettingsWords.hours, hours),
    minutes: portalPlural(bookingSettingsWords.minutes, rest),
  });
}

/** The offered spans, with a stored one the list does not hold (set before the list changed). */
function noticeChoices(stored: unknown): number[] {
  const value = typeof stored === "string" && /^\d+$/.test(stored) ? Number(stored) : null;
  const choices: number[] = [...NOTICE_CHOICES];
  if (value !== null && !choices.includes(value)) choices.push(value);
  return choices.sort((a, b) => a - b);
}

/** A checkbox on a row as tall as a thumb, its label beside it and its errors under it. */
function CheckField({ field, label, hint }: { field: FieldState; label: string; hint?: string }) {
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
        defaultChecked={field.initialValue === "on" || field.initialValue === true}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy || undefined}
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
 * A restaurant's Reservations tab: whether guests may book a table online and on what terms
 * (party sizes, the times, the room's covers, whether each request waits for the owner, the
 * guest's cancel cutoff), and the closures for a private event. Checked in the browser with the
 * schemas the server uses; works without JavaScript.
 */
export function BookingSettingsForm({
  data,
  result,
}: {
  data: BookingsTabData;
  result: BookingsTabResult | undefined;
}) {
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === SAVE_BOOKINGS_INTENT;
  const settingsResult = result?.intent === SAVE_BOOKINGS_INTENT ? result : undefined;
  const validate = useFormValidation("restaurant", "bookings");
  const [form, fields] = useForm<Record<keyof BookingSettingsInput, string>, unknown>({
    id: "booking-settings",
    lastResult: settingsResult?.result,
    defaultValue: data.values,
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  const hydrated = useHydrated();
  useSavedToast(settingsResult?.result, BOOKING_SETTINGS_MESSAGES.saved);
  const formRef = useRef<HTMLFormElement>(null);
  const { dirty, blocker } = useUnsavedChanges(
    formRef,
    settingsResult?.result.status === "success" ? settingsResult : null,
  );
  const formErrors = form.errors?.length
    ? form.errors
    : form.valid
      ? null
      : [BOOKING_SETTINGS_MESSAGES.failed];
  const notice = noticeChoices(fields.noticeMinutes.initialValue);
  const cutoff = noticeChoices(fields.cancelCutoffMinutes.initialValue);

  return (
    <div className="order-settings booking-settings">
      <div className="order-settings-status card" data-on={data.enabled || undefined}>
        <p className="order-settings-state">
          <span className="order-settings-dot" aria-hidden="true" />
          {data.enabled ? bookingSettingsWords.takingBookings : bookingSettingsWords.bookingsOff}
        </p>
        {data.enabled ? (
          <p className="order-settings-links">
            <Link to="/user/bookings">{bookingSettingsWords.goToBookings}</Link>
          </p>
        ) : (
          <p className="muted">{bookingSettingsWords.turnOnBelow}</p>
        )}
      </div>
      <Form
        ref={formRef}
        method="post"
        {...getFormProps(form)}
        className="form order-settings-form"
      >
        <input type="hidden" name="intent" value={SAVE_BOOKINGS_INTENT} />
        <div id={form.errorId} aria-live="polite">
          {form.status === "success" && !hydrated ? (
            <p className="alert success" role="status">
              {BOOKING_SETTINGS_MESSAGES.saved}
            </p>
          ) : null}
          {formErrors ? (
            <p className="alert error" role="alert">
              {formErrors.join(" ")}
            </p>
          ) : null}
        </div>

        <CheckField
          field={fields.enabled}
          label={bookingSettingsWords.takeBookings}
          hint={bookingSettingsWords.takeBookingsHint}
        />

        <fieldset className="plain-fieldset order-settings-group">
          <legend>{bookingSettingsWords.guests}</legend>
          <Field
            field={fields.maxPartySize}
            label={bookingSettingsWords.maxPartySize}
            hint={bookingSettingsWords.maxPartySizeHint}
          >
            <input type="number" inputMode="numeric" min={1} max={MAX_PARTY_SIZE} step={1} />
          </Field>
          <Field
            field={fields.capacity}
            label={bookingSettingsWords.capacity}
            hint={bookingSettingsWords.capacityHint}
          >
            <input type="number" inputMode="numeric" min={1} max={MAX_CAPACITY} step={1} />
          </Field>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>{bookingSettingsWords.times}</legend>
          <Field
            field={fields.slotMinutes}
            label={bookingSettingsWords.slotLength}
            hint={bookingSettingsWords.slotLengthHint}
          >
            <select>
              {BOOKING_SLOT_LENGTHS.map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {fill(bookingSettingsWords.everyMinutes, { minutes })}
                </option>
              ))}
            </select>
          </Field>
          <Field
            field={fields.holdMinutes}
            label={bookingSettingsWords.holdMinutes}
            hint={bookingSettingsWords.holdMinutesHint}
          >
            <input
              type="number"
              inputMode="numeric"
              min={MIN_HOLD_MINUTES}
              max={MAX_HOLD_MINUTES}
              step={1}
            />
          </Field>
          <Field
            field={fields.lastSeatingMinutes}
            label={bookingSettingsWords.lastSeating}
            hint={bookingSettingsWords.lastSeatingHint}
          >
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_LAST_SEATING_MINUTES}
              step={1}
            />
          </Field>
          <Field
            field={fields.noticeMinutes}
            label={bookingSettingsWords.notice}
            hint={bookingSettingsWords.noticeHint}
          >
            <select>
              {notice.map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {minutesText(minutes)}
                </option>
              ))}
            </select>
          </Field>
          <Field
            field={fields.daysAhead}
            label={bookingSettingsWords.daysAhead}
            hint={fill(bookingSettingsWords.daysAheadHint, { max: MAX_BOOKING_DAYS_AHEAD })}
          >
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_BOOKING_DAYS_AHEAD}
              step={1}
            />
          </Field>
        </fieldset>

        <fieldset className="plain-fieldset order-settings-group">
          <legend>{bookingSettingsWords.confirmation}</legend>
          <fieldset
            className="plain-fieldset booking-confirmation"
            aria-describedby={
              fields.confirmation.errors?.length ? fields.confirmation.errorId : undefined
            }
          >
            <legend className="booking-subtitle">
              {bookingSettingsWords.confirmationChoiceLabel}
            </legend>
            <label className="booking-choice">
              <input
                type="radio"
                name={fields.confirmation.name}
                value="automatic"
                defaultChecked={fields.confirmation.initialValue !== "each"}
                key={`${fields.confirmation.key}-automatic`}
              />
              <span>
                {bookingSettingsWords.confirmAutomatic}
                <span className="field-hint">{bookingSettingsWords.confirmAutomaticHint}</span>
              </span>
            </label>
            <label className="booking-choice">
              <input
                type="radio"
                name={fields.confirmation.name}
                value="each"
                defaultChecked={fields.confirmation.initialValue === "each"}
                key={`${fields.confirmation.key}-each`}
              />
              <span>
                {bookingSettingsWords.confirmEach}
                <span className="field-hint">{bookingSettingsWords.confirmEachHint}</span>
              </span>
            </label>
          </fieldset>
          <FieldErrors id={fields.confirmation.errorId} errors={fields.confirmation.errors} />
          <Field
            field={fields.cancelCutoffMinutes}
            label={bookingSettingsWords.cancelCutoff}
            hint={bookingSettingsWords.cancelCutoffHint}
          >
            <select>
              {cutoff.map((minutes) => (
                <option key={minutes} value={String(minutes)}>
                  {minutesText(minutes)}
                </option>
              ))}
            </select>
          </Field>
        </fieldset>

        <SaveBar dirty={dirty}>
          <button type="submit" className="button" disabled={saving}>
            {saving ? bookingSettingsWords.saving : bookingSettingsWords.save}
          </button>
        </SaveBar>
        <UnsavedChangesDialog blocker={blocker} what={bookingSettingsWords.unsavedWhat} />
      </Form>
      <Closures data={data} result={result} />
    </div>
  );
}

/** The closures to come, each with Remove, and the form that adds one. */
function Closures({
  data,
  result,
}: {
  data: BookingsTabData;
  result: BookingsTabResult | undefined;
}) {
  const navigation = useNavigation();
  const adding =
    navigation.state === "submitting" && navigation.formData?.get("intent") === ADD_CLOSURE_INTENT;
  const addResult = result?.intent === ADD_CLOSURE_INTENT ? result : undefined;
  const removeResult = result?.intent === REMOVE_CLOSURE_INTENT ? result : undefined;
  const validate = useFormValidation("restaurant", "bookingClosure");
  const [form, fields] = useForm<Record<keyof BookingClosureInput, string>, unknown>({
    id: "booking-closure",
    lastResult: addResult?.result,
    defaultValue: { date: data.today, wholeDay: "on" },
    shouldRevalidate: "onInput",
    onValidate: validate,
  });
  useSavedToast(addResult?.result, BOOKING_SETTINGS_MESSAGES.closureAdded);
  useSavedToast(removeResult?.result, BOOKING_SETTINGS_MESSAGES.closureRemoved);
  const removeError =
    removeResult?.result.status === "error" ? BOOKING_SETTINGS_MESSAGES.closureNotFound : null;

  return (
    <section className="booking-closures card" aria-labelledby="booking-closures-title">
      <h2 id="booking-closures-title">{bookingSettingsWords.closures}</h2>
      <p className="muted">{bookingSettingsWords.closuresHint}</p>
      {removeError ? (
        <p className="alert error" role="alert">
          {removeError}
        </p>
      ) : null}
      {data.closures.length === 0 ? (
        <p className="booking-closures-empty">{bookingSettingsWords.noClosures}</p>
      ) : (
        <ul className="booking-closure-list" aria-label={bookingSettingsWords.closuresListLabel}>
          {data.closures.map((closure) => (
            <li key={closure.id} className="booking-closure">
              <span className="booking-closure-text">
                <strong>{closure.whenText}</strong>
                {closure.note ? <span className="muted">{closure.note}</span> : null}
              </span>
              <Form method="post">
                <input type="hidden" name="intent" value={REMOVE_CLOSURE_INTENT} />
                <input type="hidden" name="closureId" value={closure.id} />
                <button
                  type="submit"
                  className="button secondary small"
                  aria-label={fill(bookingSettingsWords.removeClosureLabel, {
                    when: closure.whenText,
                  })}
                >
                  {bookingSettingsWords.removeClosure}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" {...getFormProps(form)} className="form booking-closure-form">
        <input type="hidden" name="intent" value={ADD_CLOSURE_INTENT} />
        <h3>{bookingSettingsWords.addClosure}</h3>
        <div id={form.errorId} aria-live="polite">
          {form.errors?.length ? (
            <p className="alert error" role="alert">
              {form.errors.join(" ")}
            </p>
          ) : null}
        </div>
        <Field field={fields.date} label={bookingSettingsWords.closureDate}>
          <input type="date" required />
        </Field>
        <CheckField field={fields.wholeDay} label={bookingSettingsWords.wholeDay} />
        <div className="booking-closure-times">
          <Field
            field={fields.from}
            label={bookingSettingsWords.closureFrom}
            hint={bookingSettingsWords.closureTimesHint}
          >
            <input type="time" step={60 * 15} />
          </Field>
          <Field field={fields.to} label={bookingSettingsWords.closureTo}>
            <input type="time" step={60 * 15} />
          </Field>
        </div>
        <Field
          field={fields.note}
          label={bookingSettingsWords.closureNote}
          hint={bookingSettingsWords.closureNoteHint}
        >
          <input autoComplete="off" maxLength={CLOSURE_NOTE_MAX_LENGTH} />
        </Field>
        <p>
          <button type="submit" className="button secondary" disabled={adding}>
            {bookingSettingsWords.addClosureButton}
          </button>
        </p>
      </Form>
    </section>
  );
}
