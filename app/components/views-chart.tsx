/**
 * How many people looked, drawn on the server as plain SVG: a trend line per site on
 * Your Products, and views per day by where they came from on the share page. No chart
 * library and no script: these render in the portal only, never on public pages. Each
 * chart carries its numbers in words or a table for screen readers.
 */
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { fill } from "~/lib/i18n/text";
import { portalNumber, portalPlural } from "~/lib/i18n/portal-text";
import { SOURCE_LABELS, VIEW_SOURCES, type SourceViewsOfDay } from "~/lib/page-views";

const DAY_LABEL = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

export function dayLabel(day: string): string {
  return DAY_LABEL.format(new Date(`${day}T00:00:00Z`));
}

/** One site's views per day, oldest first, as a small line with its total beside it. */
export function ViewsTrend({ siteName, counts }: { siteName: string; counts: number[] }) {
  const total = counts.reduce((sum, count) => sum + count, 0);
  const width = 96;
  const height = 28;
  const max = Math.max(1, ...counts);
  const step = counts.length > 1 ? width / (counts.length - 1) : 0;
  const points = counts
    .map((count, index) => {
      const x = index * step;
      const y = height - 2 - (count / max) * (height - 4);
      return `${x.toFixed(1)},${y.toFixed(1)}`;
    })
    .join(" ");
  return (
    <p className="views-trend">
      <svg
        className="views-trend-line"
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        role="img"
        aria-label={fill(siteAdminWords.viewsTrendLabel, {
          name: siteName,
          counts: counts.join(", "),
        })}
      >
        <polyline points={points} fill="none" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span>
        {fillNodes(
          // The total is a slot of its own, `{views}`, as it is bold.
          portalPlural(siteAdminWords.viewsTrendTotal, total, { days: counts.length }),
          { views: <strong>{portalNumber(total)}</strong> },
        )}
      </span>
    </p>
  );
}

/** Views per day stacked by source, with a legend, and the same numbers as a table. */
export function ViewsBySourceChart({ days }: { days: SourceViewsOfDay[] }) {
  const width = 600;
  const height = 160;
  const totals = days.map((day) => VIEW_SOURCES.reduce((sum, source) => sum + day[source], 0));
  const max = Math.max(1, ...totals);
  const slot = width / Math.max(1, days.length);
  const barWidth = Math.max(2, slot * 0.7);
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <figure className="views-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        aria-hidden="true"
        className="views-chart-bars"
      >
        {days.map((day, index) => {
          let top = height;
          return VIEW_SOURCES.map((source) => {
            const barHeight = (day[source] / max) * (height - 4);
            if (barHeight === 0) return null;
            top -= barHeight;
            return (
              <rect
                key={`${day.day}-${source}`}
                className={`views-${source}`}
                x={index * slot + (slot - barWidth) / 2}
                y={top}
                width={barWidth}
                height={barHeight}
              />
            );
          });
        })}
      </svg>
      {first && last ? (
        <div className="views-chart-axis" aria-hidden="true">
          <span>{dayLabel(first.day)}</span>
          <span>{fill(siteAdminWords.viewsPerDayMax, { max: portalNumber(max) })}</span>
          <span>{dayLabel(last.day)}</span>
        </div>
      ) : null}
      <figcaption>
        <ul className="views-legend">
          {VIEW_SOURCES.map((source) => (
            <li key={source}>
              <span className={`views-swatch views-${source}`} aria-hidden="true" />
              {SOURCE_LABELS[source]}
            </li>
          ))}
        </ul>
      </figcaption>
      <details className="views-table">
        <summary>{siteAdminWords.showAsTable}</summary>
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">{siteAdminWords.viewsTableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{siteAdminWords.day}</th>
                {VIEW_SOURCES.map((source) => (
                  <th key={source} scope="col">
                    {SOURCE_LABELS[source]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{dayLabel(day.day)}</th>
                  {VIEW_SOURCES.map((source) => (
                    <td key={source}>{portalNumber(day[source])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
