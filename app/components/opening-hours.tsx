import { DAYS, formatHoursRow, type HoursRow } from "~/lib/hours";
import { weekdayName } from "~/lib/i18n/formats";
import { usePageLanguage } from "~/lib/i18n/page-language-context";
import type { PublicOpening } from "~/lib/opening-status";

/**
 * The week's hours, one row a day, today's marked; the caption is for screen readers when
 * a heading is not shown.
 */
export function HoursTable({
  hours,
  today = null,
  caption,
}: {
  hours: HoursRow[];
  /** Today's weekday where the business is ("Monday"), or null when unknown. */
  today?: string | null;
  caption?: string;
}) {
  const page = usePageLanguage();
  return (
    <table className="hours">
      {caption ? <caption className="visually-hidden">{caption}</caption> : null}
      <tbody>
        {hours.map((row) => {
          const isToday = row.day === today;
          const index = DAYS.indexOf(row.day as (typeof DAYS)[number]);
          return (
            <tr key={row.day} className={isToday ? "is-today" : undefined}>
              <th scope="row">
                {index < 0 ? row.day : weekdayName(index, page)}
                {isToday ? <span className="hours-today">{page.words.todayMark}</span> : null}
              </th>
              <td>{formatHoursRow(row, page)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The special days of the next two weeks: "Thu, Dec 24 · 11:00 AM – 3:00 PM · Christmas Eve". */
export function SpecialHoursList({ opening }: { opening: Pick<PublicOpening, "upcomingSpecial"> }) {
  const { words } = usePageLanguage();
  if (opening.upcomingSpecial.length === 0) return null;
  return (
    <div className="special-hours">
      <h3 id="special-hours-title">{words.specialHours}</h3>
      <ul aria-labelledby="special-hours-title">
        {opening.upcomingSpecial.map((special) => (
          <li key={special.from}>
            <time dateTime={special.from}>{special.dates}</time>
            <span className="special-hours-time">{special.hours}</span>
            {special.note ? <span className="special-hours-note">{special.note}</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * A public page's "Opening hours": the special days coming up, then the week with today
 * marked. Nothing at all for a business that keeps no hours (rather than "Closed" seven times).
 */
export function OpeningHours({
  hours,
  opening,
  headingId = "hours-title",
  className,
}: {
  hours: HoursRow[];
  opening: PublicOpening;
  headingId?: string;
  className?: string;
}) {
  const { words } = usePageLanguage();
  if (!opening.keepsHours) return null;
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId}>{words.openingHours}</h2>
      <SpecialHoursList opening={opening} />
      <HoursTable hours={hours} today={opening.today} />
    </section>
  );
}
