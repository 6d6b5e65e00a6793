import type { ReactNode } from "react";
import { useNonce } from "~/components/nonce";
import { PublicSiteError } from "~/components/public-site";
import { BOOKING_NOTE_MAX_LENGTH } from "~/lib/booking-settings";
import { BOOKING_EMAIL_MAX_LENGTH, type BookingFormField } from "~/lib/booking-form-schema";
import { pageLanguage } from "~/lib/i18n/catalogues";
import { documentLanguage } from "~/lib/i18n/document-language";
import { PageLanguageProvider, usePageLanguage } from "~/lib/i18n/page-language-context";
import { fill, pluralText } from "~/lib/i18n/text";
import { CUSTOMER_NAME_MAX_LENGTH, HONEYPOT_FIELD, PHONE_MAX_LENGTH } from "~/lib/order-form";
import { pageMeta } from "~/lib/seo";
import { siteThemeAttributes } from "~/lib/site-theme";
import {
  bookPageAction,
  bookPageLoader,
  type BookFormState,
} from "~/server/bookings/book-page.server";
import siteStylesHref from "~/styles/public-site.css?url";
import orderStylesHref from "../orders/order-page.css?url";
import { BOOK_PAGE_SCRIPT } from "./book-page-script";
import bookStylesHref from "./book-page.css?url";
import type { Route } from "./+types/book-page";

// Plain HTML forms: choosing the party and the day is a GET form, booking a POST form; both
// work without JavaScript. A small script (./book-page-script.ts) fetches a day's times
// without a reload.
export const handle = { hydrate: false, documentLanguage };

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: siteStylesHref },
  { rel: "stylesheet", href: orderStylesHref },
  { rel: "stylesheet", href: bookStylesHref },
];

export const loader = bookPageLoader;
export const action = bookPageAction;

export const meta: Route.MetaFunction = (args) => {
  const { words } = pageLanguage(args.data?.language);
  const title = args.data
    ? fill(words.bookATableAt, { name: args.data.site.name })
    : words.bookATable;
  return pageMeta(args, { title, description: title, standalone: true, noIndex: true });
};

type LoaderData = Route.ComponentProps["loaderData"];

export default function BookPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <PageLanguageProvider value={pageLanguage(loaderData.language)}>
      <BookPageContent data={loaderData} form={actionData ?? loaderData.form} />
    </PageLanguageProvider>
  );
}

/** A `tel:` address: the digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

function BookPageContent({ data, form }: { data: LoaderData; form: BookFormState }) {
  const nonce = useNonce();
  const page = usePageLanguage();
  const { words, language } = page;
  const { site } = data;
  const errors = form.fieldErrors;
  const partyText = (count: number) => pluralText(words.partyOf, language.tag, count);
  const errorId = (name: BookingFormField) => (errors[name] ? `${name}-error` : null);
  const described = (...ids: Array<string | null>) =>
    ids.filter((id): id is string => id !== null).join(" ") || undefined;
  const fieldError = (name: BookingFormField) =>
    errors[name] ? (
      <p className="field-error" id={`${name}-error`}>
        {errors[name]}
      </p>
    ) : null;
  const timesLegend = `${partyText(form.party)} · ${form.dateLabel}`;
  return (
    <div className="order-page book-page" {...siteThemeAttributes(site.colors, site.fontStyle)}>
      <header className="order-header">
        <div className="site-container order-header-inner">
          <a className="order-back" href={site.menuPath}>
            <span aria-hidden="true">{language.dir === "rtl" ? "→" : "←"}</span> {words.backToMenu}
          </a>
          <p className="order-site-name">{site.name}</p>
        </div>
      </header>
      <main className="site-container order-main" id="main">
        <h1>{fill(words.bookATableAt, { name: site.name })}</h1>
        {data.confirmEach ? (
          <p className="order-hint">{fill(words.requestHint, { name: site.name })}</p>
        ) : null}
        {form.formError ? (
          <p className="order-alert" role="alert">
            {form.formError}
          </p>
        ) : null}

        <form method="get" action={site.bookPath} className="book-choose" data-book-choose="">
          <div className="field">
            <label htmlFor="book-party">{words.partySize}</label>
            <select
              id="book-party"
              name="party"
              defaultValue={String(form.party)}
              aria-invalid={errors.party ? true : undefined}
              aria-describedby={described(site.phone ? "book-groups" : null, errorId("party"))}
            >
              {data.parties.map((count) => (
                <option key={count} value={count}>
                  {partyText(count)}
                </option>
              ))}
            </select>
            {site.phone ? (
              <p className="order-hint" id="book-groups">
                <a href={telHref(site.phone)}>
                  {fill(words.callForGroups, { count: data.maxPartySize })}
                </a>
              </p>
            ) : null}
            {fieldError("party")}
          </div>
          <div className="field">
            <label htmlFor="book-date">{words.bookingDate}</label>
            <input
              id="book-date"
              name="date"
              type="date"
              required
              min={data.firstDate}
              max={data.lastDate}
              defaultValue={form.date}
              aria-invalid={errors.date ? true : undefined}
              aria-describedby={described(errorId("date"))}
            />
            {fieldError("date")}
          </div>
          <button type="submit" className="button secondary" data-show-times="">
            {words.showTimes}
          </button>
        </form>
        <p className="visually-hidden" aria-live="polite" data-book-announce="" />

        <form method="post" className="book-form" data-book-form="" noValidate>
          <input type="hidden" name="placeKey" value={form.placeKey} />
          <input type="hidden" name="party" value={form.party} />
          <input type="hidden" name="date" value={form.date} />
          <div className="order-honeypot" aria-hidden="true">
            <label>
              {words.leaveEmpty}
              <input
                type="text"
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </label>
          </div>
          <fieldset
            className="book-times"
            data-book-times=""
            data-announce={
              form.times.length > 0 ? timesLegend : `${timesLegend}. ${words.noTimesThatDay}`
            }
            aria-describedby={described(errorId("time"))}
          >
            <legend>
              {words.bookingTime} <span className="book-times-for">{timesLegend}</span>
            </legend>
            {form.times.length > 0 ? (
              <div className="book-time-grid">
                {form.times.map((time) => (
                  <label key={time.start} className="order-way book-time">
                    <input
                      type="radio"
                      name="time"
                      value={time.start}
                      defaultChecked={form.values.time === String(time.start)}
                    />
                    <span>{time.time}</span>
                  </label>
                ))}
              </div>
            ) : (
              <p className="order-alert">{words.noTimesThatDay}</p>
            )}
            {fieldError("time")}
          </fieldset>

          <section className="order-details" aria-labelledby="book-details-title">
            <h2 id="book-details-title">{words.yourDetails}</h2>
            <TextField
              label={words.name}
              name="name"
              autoComplete="name"
              maxLength={CUSTOMER_NAME_MAX_LENGTH}
              form={form}
            />
            <TextField
              label={words.phone}
              name="phone"
              type="tel"
              autoComplete="tel"
              maxLength={PHONE_MAX_LENGTH}
              form={form}
            />
            <TextField
              label={words.email}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={BOOKING_EMAIL_MAX_LENGTH}
              hint={words.bookingEmailHint}
              form={form}
            />
            <div className="field">
              <label htmlFor="book-note">{words.bookingNote}</label>
              <textarea
                id="book-note"
                name="note"
                rows={2}
                maxLength={BOOKING_NOTE_MAX_LENGTH}
                defaultValue={form.values.note ?? ""}
                aria-invalid={errors.note ? true : undefined}
                aria-describedby={described("book-note-hint", errorId("note"))}
              />
              <p className="order-hint" id="book-note-hint">
                {words.bookingNoteHint}
              </p>
              {fieldError("note")}
            </div>
          </section>
          <div className="order-bar is-static">
            <button type="submit" className="button order-review-button">
              {data.confirmEach ? words.requestTable : words.bookTable}
            </button>
          </div>
        </form>
      </main>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: BOOK_PAGE_SCRIPT }} />
    </div>
  );
}

function TextField({
  label,
  name,
  type = "text",
  autoComplete,
  maxLength,
  hint,
  form,
}: {
  label: string;
  name: "name" | "phone" | "email";
  type?: string;
  autoComplete: string;
  maxLength: number;
  hint?: string;
  form: BookFormState;
}): ReactNode {
  const id = `book-${name}`;
  const error = form.fieldErrors[name];
  const describedBy = [hint ? `${id}-hint` : null, error ? `${name}-error` : null]
    .filter((each): each is string => each !== null)
    .join(" ");
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        defaultValue={form.values[name] ?? ""}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {hint ? (
        <p className="order-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${name}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  // Bookings off, an unknown site or a language it lacks: said in the page's language.
  return <PublicSiteError />;
}
