import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { sitePartWords } from "~/lib/i18n/portal/site-parts";
import { fill } from "~/lib/i18n/text";
import { CATEGORY_ORDER_INTENT, type CategoryOrderResult } from "./category-order-form";
import { movedCategory, type CategoryMove } from "./menu";

/**
 * The restaurant editor's Category order: the menu's categories in the order its public
 * page shows them, each with Move up and Move down. Every button is a plain form post (the
 * order shown, and which category to move where), so it works without JavaScript, where the
 * page comes back with the moved button focused. With JavaScript the list moves at once
 * and focus stays on the button that was pressed, or on the other one of the same category
 * once it reaches the top or the bottom. Items inside a category stay sorted by name.
 */
export function CategoryOrder({
  categories,
  result,
}: {
  /** The categories in use, in the menu's order (orderedCategories). */
  categories: string[];
  /** The answer to a post made without JavaScript, if this page is that answer. */
  result: CategoryOrderResult | undefined;
}) {
  const fetcher = useFetcher<CategoryOrderResult>();
  const listRef = useRef<HTMLOListElement>(null);
  const lastMove = useRef<CategoryMove | null>(null);
  // While it saves (and the page reloads its data), the list shows the order asked for.
  const shown = (fetcher.formData && askedOrder(fetcher.formData)) ?? categories;
  const answer = fetcher.data ?? result;
  const failure = answer?.result.status === "error" ? answer.result.error?.[""]?.join(" ") : null;
  // Without JavaScript the answer is a new page, which focuses the moved category's button.
  const serverFocus =
    result?.result.status === "success" && result.moved ? focusAfter(result.moved, shown) : null;
  const shownKey = shown.join("\u0000");

  useEffect(() => {
    const target = lastMove.current && focusAfter(lastMove.current, shown);
    if (!target || !listRef.current) return;
    const button = [...listRef.current.querySelectorAll<HTMLButtonElement>("button")].find(
      (candidate) =>
        candidate.dataset.category === target.category &&
        candidate.dataset.direction === target.direction,
    );
    if (button && document.activeElement !== button) button.focus();
    // Only when the order shown changes: a move was made, or its answer came back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shownKey]);

  return (
    <details className="category-order card" open={result ? true : undefined}>
      <summary>
        <span className="category-order-title">{sitePartWords.categoryOrder}</span>
        <span className="category-order-summary muted">{shown.join(", ")}</span>
      </summary>
      <p className="field-hint" id="category-order-hint">
        {sitePartWords.categoryOrderHint}
      </p>
      <fetcher.Form method="post" aria-describedby="category-order-hint">
        <input type="hidden" name="intent" value={CATEGORY_ORDER_INTENT} />
        {shown.map((category) => (
          <input key={category} type="hidden" name="order" value={category} />
        ))}
        <ol ref={listRef} className="category-order-list">
          {shown.map((category, index) => (
            <li key={category}>
              <span className="category-order-name">{category}</span>
              <span className="category-order-buttons">
                {(["up", "down"] as const).map((direction) => {
                  const atEnd = direction === "up" ? index === 0 : index === shown.length - 1;
                  return (
                    <button
                      key={direction}
                      type="submit"
                      className="button secondary category-order-move"
                      name={direction === "up" ? "moveUp" : "moveDown"}
                      value={category}
                      data-category={category}
                      data-direction={direction}
                      disabled={atEnd}
                      aria-label={fill(
                        direction === "up"
                          ? sitePartWords.moveCategoryUp
                          : sitePartWords.moveCategoryDown,
                        { category },
                      )}
                      title={direction === "up" ? sitePartWords.moveUp : sitePartWords.moveDown}
                      // eslint-disable-next-line jsx-a11y/no-autofocus -- gives focus back to the button just pressed, on the page a post without JavaScript reloads
                      autoFocus={
                        serverFocus?.category === category && serverFocus.direction === direction
                      }
                      onClick={() => (lastMove.current = { category, direction })}
                    >
                      <Arrow direction={direction} />
                    </button>
                  );
                })}
              </span>
            </li>
          ))}
        </ol>
      </fetcher.Form>
      {failure && fetcher.state === "idle" ? (
        <p className="field-error" role="alert">
          {failure}
        </p>
      ) : null}
    </details>
  );
}

/**
 * The button to keep focus on after a move: the same one, or the category's other one
 * once it has reached the end it was moving to (a button there is disabled).
 */
function focusAfter(move: CategoryMove, shown: readonly string[]): CategoryMove | null {
  const index = shown.indexOf(move.category);
  if (index === -1 || shown.length < 2) return null;
  const canGoOn = move.direction === "up" ? index > 0 : index < shown.length - 1;
  if (canGoOn) return move;
  return { category: move.category, direction: move.direction === "up" ? "down" : "up" };
}

/** The order a pending post asks for: the order it sent, with its move applied. */
function askedOrder(formData: FormData): string[] | null {
  if (formData.get("intent") !== CATEGORY_ORDER_INTENT) return null;
  const order = formData.getAll("order").filter((value) => typeof value === "string");
  const up = formData.get("moveUp");
  const down = formData.get("moveDown");
  const move: CategoryMove | null =
    typeof up === "string"
      ? { category: up, direction: "up" }
      : typeof down === "string"
        ? { category: down, direction: "down" }
        : null;
  return move ? (movedCategory(order, move) ?? order) : order;
}

function Arrow({ direction }: { direction: "up" | "down" }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === "up" ? "M12 19V5M5 12l7-7 7 7" : "M12 5v14M5 12l7 7 7-7"}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
