/**
 * The inbox's "Sold out today" list of each restaurant and shop: what is sold out now (until
 * when, and a button to put it back on sale), and under "Mark a dish sold out" every dish and
 * choice with one button for today and one until the owner turns it back. Each line posts on
 * its own (a fetcher), so the kitchen can mark several in a row; without JavaScript the same
 * forms post and the page comes back with the answer.
 */
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { soldOutWords } from "~/lib/i18n/portal/sold-out";
import { fill } from "~/lib/i18n/text";
import type { SoldOutSpan } from "~/lib/sold-out";
import type {
  SoldOutActionResult,
  SoldOutIntent,
  SoldOutLine,
  SoldOutList,
} from "~/server/editing/sold-out.server";
import { announceSaved } from "../toasts";

export function SoldOutLists({ lists, several }: { lists: SoldOutList[]; several: boolean }) {
  return (
    <>
      {lists.map((list) => (
        <SoldOutSection key={list.siteId} list={list} several={several} />
      ))}
    </>
  );
}

function SoldOutSection({ list, several }: { list: SoldOutList; several: boolean }) {
  const titleId = `sold-out-${list.siteId}-title`;
  const soldOut = list.lines.filter((line) => line.soldOut);
  const onSale = list.lines.filter((line) => !line.soldOut);
  return (
    <section className="sold-out-list" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {several ? fill(soldOutWords.listTitleOf, { name: list.siteName }) : soldOutWords.listTitle}
      </h2>
      {list.lines.length === 0 ? (
        <p className="muted">{soldOutWords.noItems}</p>
      ) : soldOut.length === 0 ? (
        <p className="muted">{soldOutWords.nothingSoldOut}</p>
      ) : (
        <ul className="sold-out-lines">
          {soldOut.map((line) => (
            <SoldOutLineRow key={lineKey(line)} siteId={list.siteId} line={line} />
          ))}
        </ul>
      )}
      {onSale.length > 0 ? (
        <details className="sold-out-mark">
          <summary>
            {list.itemsAreDishes ? soldOutWords.markSoldOut : soldOutWords.markSoldOutShop}
          </summary>
          <ul
            className="sold-out-lines"
            aria-label={fill(soldOutWords.markListLabel, { name: list.siteName })}
          >
            {onSale.map((line) => (
              <SoldOutLineRow key={lineKey(line)} siteId={list.siteId} line={line} />
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}

function lineKey(line: SoldOutLine): string {
  return `${line.itemId}-${line.choiceId ?? ""}`;
}

/** The answers already said, so that the line's other instance does not say one again. */
const announcedAnswers = new WeakSet<SoldOutActionResult>();

/** One dish or choice: its name, and what can be done to it now. */
function SoldOutLineRow({ siteId, line }: { siteId: string; line: SoldOutLine }) {
  // Keyed by the line: once marked, the line moves to the other list (another instance of
  // this row), which shares the fetcher and so its answer.
  const fetcher = useFetcher<SoldOutActionResult>({
    key: `sold-out-${siteId}-${lineKey(line)}`,
  });
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  // The answer arrives while the page's data is still reloading, and the line may move to
  // the other list before or after that reload ends (the event stream can reload it first):
  // whichever instance holds the answer first says it, once.
  const arrived = fetcher.data;
  useEffect(() => {
    if (!arrived?.ok || announcedAnswers.has(arrived)) return;
    announcedAnswers.add(arrived);
    announceSaved(arrived.message);
  }, [arrived]);
  /** One action of the line, a form of its own posting through the line's fetcher. */
  const action = (
    intent: SoldOutIntent,
    span: SoldOutSpan | null,
    text: string,
    label: string,
    secondary = false,
  ) => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={siteId} />
      <input type="hidden" name="itemId" value={line.itemId} />
      {line.choiceId ? <input type="hidden" name="choiceId" value={line.choiceId} /> : null}
      {span ? <input type="hidden" name="span" value={span} /> : null}
      <button
        type="submit"
        className={secondary ? "button secondary small" : "button small"}
        disabled={busy}
        aria-label={label}
      >
        {text}
      </button>
    </fetcher.Form>
  );
  return (
    <li className="sold-out-line" data-choice={line.choiceId ? "" : undefined}>
      <span className="sold-out-name">
        {line.name}
        {line.soldOut ? (
          <span className="sold-out-when">{line.backText ?? soldOutWords.untilTurnedBack}</span>
        ) : null}
      </span>
      <span className="sold-out-actions">
        {line.soldOut ? (
          action(
            "back-on-sale",
            null,
            soldOutWords.backOnSale,
            fill(soldOutWords.backOnSaleOf, { name: line.name }),
          )
        ) : (
          <>
            {action(
              "sell-out",
              "today",
              soldOutWords.soldOutToday,
              fill(soldOutWords.soldOutTodayOf, { name: line.name }),
            )}
            {action(
              "sell-out",
              "until-back",
              soldOutWords.untilIturnItBack,
              fill(soldOutWords.untilIturnItBackOf, { name: line.name }),
              true,
            )}
          </>
        )}
      </span>
      {answer && !answer.ok ? (
        <p className="field-error sold-out-error" role="alert">
          {answer.error}
        </p>
      ) : null}
    </li>
  );
}
