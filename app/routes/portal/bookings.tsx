/**
 * The table bookings of a restaurant (/user/bookings?pid=&date=): one day at a time (today
 * unless another is chosen; the day before and after are links), its bookings by time with
 * their guests and each one's earlier no-shows, the covers per time against the room's
 * capacity, and one-tap actions by state. Requests waiting anywhere are counted, with a sound
 * as the orders have; the page follows changes live. Below: the day sheet to print, the CSV and
 * the private calendar feed. Works without JavaScript.
 */
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, type ShouldRevalidateFunctionArgs } from "react-router";
import { CopyLinkButton } from "~/components/copy-link-button";
import { lazyComponent } from "~/components/lazy-component";
import { useOwnerLiveUpdates } from "~/components/live-updates";
import { OnceOpened } from "~/components/once-opened";
import { DeclineFields } from "~/components/bookings/decline-fields";
import { useOrderSound } from "~/components/order-sound";
import { announceSaved } from "~/components/toasts";
import { useHydrated } from "~/components/use-hydrated";
import { ownerContext, servicesContext } from "~/context";
import { bookingsWords } from "~/lib/i18n/portal/bookings";
import { ROLE_LABELS } from "~/lib/i18n/portal/staff";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { pageMeta } from "~/lib/seo";
import {
  loadBookingDay,
  runBookingIntent,
  type BookingActionResult,
  type DayBooking,
  type DaySlot,
  type WaitingDay,
} from "~/server/bookings/booking-day.server";
import { readFormOrRefuse } from "~/server/http/forms.server";
import { exportRangeDefaults } from "~/server/orders/order-export.server";
import { publicPagesNow } from "~/server/runtime/env.server";
import { stylesheetLinks } from "~/styles/portal-stylesheet";
import type { Route } from "./+types/bookings";
import bookingsStylesHref from "./bookings.css?url";

/** Radix's Dialog with the Decline form, fetched when Decline is first reached for. */
const DeclineDialogLazy = lazyComponent(() =>
  import("~/components/bookings/decline-dialog").then((module) => module.DeclineDialog),
);
const DeclineDialog = DeclineDialogLazy.Component;

export const links: Route.LinksFunction = () => stylesheetLinks(bookingsStylesHref);

export const meta: Route.MetaFunction = (args) => {
  const waiting = args.data?.requestsWaiting ?? 0;
  return pageMeta(args, {
    title:
      waiting > 0
        ? fill(bookingsWords.pageTitleWaiting, { count: waiting })
        : bookingsWords.pageTitle,
    description: bookingsWords.pageDescription,
    noIndex: true,
  });
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const owner = context.get(ownerContext);
  const services = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const page = await loadBookingDay(services, owner.id, query);
  return { ...page, exportRange: exportRangeDefaults(publicPagesNow(services.env).getTime()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const form = await readFormOrRefuse(request);
  return runBookingIntent(context, services, form);
}

export function shouldRevalidate({ defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return defaultShouldRevalidate;
}

type LoaderData = Route.ComponentProps["loaderData"];
type PageSite = NonNullable<LoaderData["site"]>;
type PageDay = NonNullable<LoaderData["day"]>;

/** The page's address for a site and a day. */
function dayPath(siteId: string, date?: string): string {
  const query = new URLSearchParams({ pid: siteId });
  if (date) query.set("date", date);
  return `/user/bookings?${query.toString()}`;
}

export default function Bookings({ loaderData, actionData }: Route.ComponentProps) {
  useOwnerLiveUpdates();
  const { sites, site, day, waiting, requestsWaiting } = loaderData;

  return (
    <div className="container bookings-page">
      <div className="page-header bookings-header">
        <h1>{bookingsWords.pageTitle}</h1>
        <BookingSoundControl requests={requestsWaiting} />
      </div>
      {/* Without JavaScript, an action's answer comes back with the page. */}
      {actionData ? (
        <p className={actionData.ok ? "alert success" : "alert error"} role="alert">
          {actionData.ok ? actionData.message : actionData.error}
        </p>
      ) : null}
      {!site || !day ? (
        <div className="card">
          <p>{bookingsWords.noSites}</p>
          <p>
            <Link className="button" to="/user/create">
              {bookingsWords.createSite}
            </Link>
          </p>
        </div>
      ) : (
        <>
          {sites.length > 1 ? <SitePicker sites={sites} current={site.id} /> : null}
          <WaitingLine waiting={waiting} total={requestsWaiting} several={sites.length > 1} />
          {!site.enabled ? (
            <p className="alert warning bookings-off">
              {bookingsWords.bookingsOff}{" "}
              {site.editorPath ? (
                <Link to={site.editorPath}>{bookingsWords.turnOnBookings}</Link>
              ) : null}
            </p>
          ) : null}
          <DayNav site={site} day={day} />
          <div className="bookings-day">
            <section className="bookings-list-section" aria-labelledby="bookings-list-title">
              <h2 id="bookings-list-title" className="visually-hidden">
                {fill(bookingsWords.listLabel, { day: day.label })}
              </h2>
              <p className="bookings-summary">
                {portalPlural(bookingsWords.daySummary, day.bookings.length, {
                  covers: day.covers,
                })}
              </p>
              {day.bookings.length === 0 ? (
                <p className="bookings-empty">{bookingsWords.emptyDay}</p>
              ) : (
                <ul className="booking-list">
                  {day.bookings.map((booking) => (
                    <BookingCard key={booking.id} booking={booking} />
                  ))}
                </ul>
              )}
            </section>
            <CoversPanel slots={day.slots} capacity={site.capacity} enabled={site.enabled} />
          </div>
          <DayTools site={site} day={day} exportRange={loaderData.exportRange} />
        </>
      )}
    </div>
  );
}

/** A fetcher's answer that went through, said once in a toast (refusals stay in place). */
function useDoneToast(answer: BookingActionResult | undefined) {
  useEffect(() => {
    if (answer?.ok) announceSaved(answer.message);
  }, [answer]);
}

// The sound ----------------------------------------------------------------------------

/** The orders' chime, by the orders' rule: when a request arrives, then every 30 seconds. */
function BookingSoundControl({ requests }: { requests: number }) {
  const hydrated = useHydrated();
  const sound = useOrderSound(requests);
  if (!hydrated || !sound.supported) return null;
  return (
    <div className="booking-sound" data-state={sound.state}>
      {sound.state === "on" ? (
        <>
          <p className="booking-sound-status" role="status">
            {bookingsWords.soundOn}
          </p>
          <button type="button" className="button secondary small" onClick={sound.turnOff}>
            {bookingsWords.turnOffSound}
          </button>
        </>
      ) : (
        <>
          {sound.state === "blocked" ? (
            <p className="booking-sound-status" role="status">
              {bookingsWords.soundBlocked}
            </p>
          ) : null}
          <button type="button" className="button secondary" onClick={sound.turnOn}>
            {bookingsWords.turnOnSound}
          </button>
        </>
      )}
    </div>
  );
}

// The restaurant and the day ------------------------------------------------------------

function SitePicker({ sites, current }: { sites: LoaderData["sites"]; current: string }) {
  return (
    <nav className="bookings-sites" aria-label={bookingsWords.sitesLabel}>
      {sites.map((site) => (
        <Link
          key={site.id}
          to={dayPath(site.id)}
          className="bookings-site"
          aria-current={site.id === current ? "page" : undefined}
        >
          {site.name}
          {site.role !== "owner" ? (
            <span className="role-badge">{ROLE_LABELS[site.role]}</span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}

function WaitingLine({
  waiting,
  total,
  several,
}: {
  waiting: WaitingDay[];
  total: number;
  several: boolean;
}) {
  return (
    <div className="bookings-waiting" role="status">
      {total > 0 ? (
        <>
          <strong>{portalPlural(bookingsWords.requestsWaiting, total)}</strong>
          <ul className="bookings-waiting-days" aria-label={bookingsWords.waitingDaysLabel}>
            {waiting.map((day) => (
              <li key={`${day.siteId}-${day.date}`}>
                <Link to={dayPath(day.siteId, day.date)}>
                  {several
                    ? fill(bookingsWords.waitingAtSite, {
                        site: day.siteName,
                        day: day.dateText,
                        count: day.count,
                      })
                    : fill(bookingsWords.waitingOnDay, { day: day.dateText, count: day.count })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function DayNav({ site, day }: { site: PageSite; day: PageDay }) {
  return (
    <div className="bookings-day-nav">
      <Link
        className="button secondary small"
        to={dayPath(site.id, day.previous)}
        aria-label={bookingsWords.previousDayLabel}
      >
        <span aria-hidden="true">←</span> {bookingsWords.previousDay}
      </Link>
      <h2 className="bookings-day-title">
        {day.label}
        {day.isToday ? <span className="bookings-today">{bookingsWords.today}</span> : null}
      </h2>
      <Link
        className="button secondary small"
        to={dayPath(site.id, day.next)}
        aria-label={bookingsWords.nextDayLabel}
      >
        {bookingsWords.nextDay} <span aria-hidden="true">→</span>
      </Link>
      <Form method="get" className="bookings-day-form">
        <input type="hidden" name="pid" value={site.id} />
        <label htmlFor="bookings-date" className="visually-hidden">
          {bookingsWords.chooseDay}
        </label>
        <input id="bookings-date" type="date" name="date" defaultValue={day.date} key={day.date} />
        <button type="submit" className="button secondary small">
          {bookingsWords.showDay}
        </button>
        {!day.isToday ? (
          <Link className="bookings-today-link" to={dayPath(site.id)}>
            {bookingsWords.backToToday}
          </Link>
        ) : null}
      </Form>
    </div>
  );
}

// One booking ------------------------------------------------------------------------

type CardFetcher = ReturnType<typeof useFetcher<BookingActionResult>>;

function BookingCard({ booking }: { booking: DayBooking }) {
  const fetcher = useFetcher<BookingActionResult>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const error = answer && !answer.ok ? answer.error : null;
  useDoneToast(fetcher.data);
  const titleId = `booking-${booking.id}-title`;
  const who = { name: booking.name, time: booking.timeText };
  return (
    <li className="booking-card" data-state={booking.state} aria-labelledby={titleId}>
      <div className="booking-time">
        <strong>{booking.timeText}</strong>
        <span className="booking-party">
          {portalPlural(bookingsWords.guests, booking.partySize)}
        </span>
      </div>
      <div className="booking-body">
        <div className="booking-head">
          <h3 id={titleId} className="booking-name">
            {booking.name}
          </h3>
          <span className="booking-state" data-state={booking.state}>
            {booking.stateLabel}
          </span>
        </div>
        {booking.noShows > 0 ? (
          <p className="booking-no-shows">
            {portalPlural(bookingsWords.earlierNoShows, booking.noShows)}
          </p>
        ) : null}
        <p className="booking-contact">
          {booking.phone ? (
            <a href={`tel:${booking.phone.replace(/[^\d+]/g, "")}`}>{booking.phone}</a>
          ) : null}
          {booking.email ? <a href={`mailto:${booking.email}`}>{booking.email}</a> : null}
        </p>
        {booking.note ? (
          <p className="booking-note">
            <strong>{bookingsWords.note}</strong> {booking.note}
          </p>
        ) : null}
        {booking.state === "declined" && booking.declineReason ? (
          <p className="muted">
            {fill(bookingsWords.declinedBecause, { reason: booking.declineReason })}
          </p>
        ) : null}
        {booking.handledBy ? <p className="muted booking-handled">{booking.handledBy}</p> : null}
        {error ? (
          <p className="alert error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="booking-actions">
          {booking.can.confirm ? (
            <IntentButton
              fetcher={fetcher}
              intent="confirm"
              bookingId={booking.id}
              className="button"
              label={bookingsWords.confirm}
              accessibleLabel={fill(bookingsWords.confirmLabel, who)}
            />
          ) : null}
          {booking.can.seat ? (
            <IntentButton
              fetcher={fetcher}
              intent="seat"
              bookingId={booking.id}
              className={booking.state === "confirmed" ? "button" : "button secondary"}
              label={bookingsWords.seat}
              accessibleLabel={fill(bookingsWords.seatLabel, who)}
            />
          ) : null}
          {booking.can.noShow ? (
            <IntentButton
              fetcher={fetcher}
              intent="no-show"
              bookingId={booking.id}
              className="button secondary"
              label={bookingsWords.noShow}
              accessibleLabel={fill(bookingsWords.noShowLabel, who)}
            />
          ) : null}
          {booking.can.decline ? (
            <DeclineControl booking={booking} fetcher={fetcher} busy={busy} />
          ) : null}
          {booking.can.cancel ? (
            <IntentButton
              fetcher={fetcher}
              intent="cancel"
              bookingId={booking.id}
              className="button secondary danger-text"
              label={bookingsWords.cancel}
              accessibleLabel={fill(bookingsWords.cancelLabel, who)}
            />
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** One button that sends one intent for one booking; disabled while the booking is busy. */
function IntentButton({
  fetcher,
  intent,
  bookingId,
  className,
  label,
  accessibleLabel,
}: {
  fetcher: CardFetcher;
  intent: string;
  bookingId: string;
  className: string;
  label: string;
  accessibleLabel: string;
}) {
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="bookingId" value={bookingId} />
      <button
        type="submit"
        className={className}
        disabled={fetcher.state !== "idle"}
        aria-label={accessibleLabel}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

function DeclineControl({
  booking,
  fetcher,
  busy,
}: {
  booking: DayBooking;
  fetcher: CardFetcher;
  busy: boolean;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const reasonId = `decline-${booking.id}-reason`;
  const label = fill(bookingsWords.declineLabel, { name: booking.name, time: booking.timeText });
  if (!hydrated) {
    // Without JavaScript: the same form, opened in place.
    return (
      <details className="reject-details">
        <summary className="button secondary danger-text">{bookingsWords.decline}</summary>
        <Form method="post" className="reject-form">
          <DeclineFields bookingId={booking.id} reasonId={reasonId} />
          <button type="submit" className="button danger">
            {label}
          </button>
        </Form>
      </details>
    );
  }
  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        className="button secondary danger-text"
        disabled={busy}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={DeclineDialogLazy.prefetch}
        onFocus={DeclineDialogLazy.prefetch}
        onClick={() => setOpen(true)}
      >
        {bookingsWords.decline}
      </button>
      <OnceOpened open={open}>
        <DeclineDialog
          bookingId={booking.id}
          guestName={booking.name}
          reasonId={reasonId}
          fetcher={fetcher}
          busy={busy}
          open={open}
          onOpenChange={setOpen}
          triggerRef={triggerRef}
        />
      </OnceOpened>
    </>
  );
}

// The covers ---------------------------------------------------------------------------

/** Each time's covers at its busiest against the room: a bar and "12 / 20". */
function CoversPanel({
  slots,
  capacity,
  enabled,
}: {
  slots: DaySlot[];
  capacity: number;
  enabled: boolean;
}) {
  return (
    <section className="bookings-covers card" aria-labelledby="bookings-covers-title">
      <h2 id="bookings-covers-title">{bookingsWords.coversTitle}</h2>
      {!enabled || slots.length === 0 ? (
        <p className="muted">{bookingsWords.noTimes}</p>
      ) : (
        <>
          <p className="field-hint">{fill(bookingsWords.coversHint, { capacity })}</p>
          <ul className="covers-list">
            {slots.map((slot) => {
              const full = slot.covers >= capacity;
              return (
                <li key={slot.time} className="covers-row" data-full={full || undefined}>
                  <span className="covers-time">{slot.time}</span>
                  <span className="covers-bar" aria-hidden="true">
                    <span
                      className="covers-fill"
                      style={{ width: `${Math.min(100, (slot.covers / capacity) * 100)}%` }}
                    />
                  </span>
                  <span className="covers-count">
                    <span className="visually-hidden">{bookingsWords.coversTaken} </span>
                    {fill(bookingsWords.coversOf, { covers: slot.covers, capacity })}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

// Print, export, calendar ----------------------------------------------------------------

function DayTools({
  site,
  day,
  exportRange,
}: {
  site: PageSite;
  day: PageDay;
  exportRange: { from: string; to: string };
}) {
  const fetcher = useFetcher<BookingActionResult>();
  useDoneToast(fetcher.data);
  const renewError = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <div className="bookings-tools">
      <section className="card" aria-labelledby="bookings-print-title">
        <h2 id="bookings-print-title">{bookingsWords.printTitle}</h2>
        <p>
          <Link
            className="button secondary"
            to={`/user/bookings/${site.id}/sheet/${day.date}`}
            target="_blank"
            rel="noreferrer"
            reloadDocument
          >
            {bookingsWords.printDaySheet}
          </Link>
        </p>
      </section>
      <section className="card" aria-labelledby="bookings-export-title">
        <h2 id="bookings-export-title">{bookingsWords.downloadBookings}</h2>
        <Form
          method="get"
          action="/user/bookings/export"
          reloadDocument
          className="bookings-export-form"
        >
          <input type="hidden" name="pid" value={site.id} />
          <div className="field">
            <label htmlFor="bookings-export-from">{bookingsWords.exportFrom}</label>
            <input
              id="bookings-export-from"
              type="date"
              name="from"
              defaultValue={exportRange.from}
              required
            />
          </div>
          <div className="field">
            <label htmlFor="bookings-export-to">{bookingsWords.exportTo}</label>
            <input
              id="bookings-export-to"
              type="date"
              name="to"
              defaultValue={exportRange.to}
              required
            />
          </div>
          <button type="submit" className="button secondary">
            {bookingsWords.downloadCsv}
          </button>
        </Form>
      </section>
      <section className="card bookings-feed" aria-labelledby="bookings-feed-title">
        <h2 id="bookings-feed-title">{bookingsWords.feedTitle}</h2>
        <p className="field-hint">{bookingsWords.feedHint}</p>
        <label htmlFor="bookings-feed-url" className="visually-hidden">
          {bookingsWords.feedAddress}
        </label>
        <input
          id="bookings-feed-url"
          className="bookings-feed-url"
          readOnly
          value={site.feedUrl}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="bookings-feed-actions">
          <CopyLinkButton
            url={site.feedUrl}
            label={bookingsWords.copyFeedLabel}
            text={bookingsWords.copyFeed}
          />
          {site.mayRenewFeed ? (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="renew-feed" />
              <input type="hidden" name="productId" value={site.id} />
              <button
                type="submit"
                className="button secondary"
                disabled={fetcher.state !== "idle"}
              >
                {bookingsWords.renewFeed}
              </button>
            </fetcher.Form>
          ) : null}
        </div>
        {site.mayRenewFeed ? <p className="field-hint">{bookingsWords.renewFeedHint}</p> : null}
        {renewError ? (
          <p className="alert error" role="alert">
            {renewError}
          </p>
        ) : null}
      </section>
    </div>
  );
}
