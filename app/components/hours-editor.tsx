import { useState } from "react";
import { applyHoursChange, HOUR_CHOICES, NOT_CHOSEN, type HoursRow } from "~/lib/hours";
import { useHydrated } from "./use-hydrated";

/**
 * Opening hours for the week: an open and a close select per day, with Closed
 * and the 48 half-hour times. Choosing Closed on either side closes the day;
 * choosing a time clears a Closed partner (SPEC section 4). The server applies
 * the same rule, so the form also works without JavaScript.
 */
export function HoursEditor({ initial }: { initial: HoursRow[] }) {
  const [rows, setRows] = useState(initial);
  const hydrated = useHydrated();
  const first = rows[0];
  const change = (index: number, field: "open" | "close", value: string) =>
    setRows((current) =>
      current.map((row, i) => (i === index ? applyHoursChange(row, field, value) : row)),
    );

  return (
    <fieldset className="hours-editor">
      <legend>Opening hours</legend>
      {rows.map((row, index) => (
        <div key={row.day} className="hours-row" role="group" aria-label={row.day}>
          <span className="hours-day">{row.day}</span>
          {(["open", "close"] as const).map((field) => (
            <label key={field}>
              <span className="visually-hidden">
                {row.day} {field === "open" ? "opens" : "closes"}
              </span>
              <select
                name={`hours[${index}].${field}`}
                value={row[field]}
                onChange={(event) => change(index, field, event.currentTarget.value)}
              >
                <option value={NOT_CHOSEN}>{field === "open" ? "Opens…" : "Closes…"}</option>
                {HOUR_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      ))}
      {/* Most places keep the same hours all week: one tap instead of twelve more choices. */}
      {hydrated && first ? (
        <button
          type="button"
          className="button secondary small hours-copy"
          onClick={() =>
            setRows((current) =>
              current.map((row) => ({ ...row, open: first.open, close: first.close })),
            )
          }
        >
          Use {first.day}'s hours every day
        </button>
      ) : null}
    </fieldset>
  );
}
