import type { ReactNode } from "react";
import { editorWords } from "~/lib/i18n/portal/editor";

/**
 * What the items tab does now and then (category order, CSV import and export), folded
 * behind one "More" beside the item count, so that on a phone the items come first. It opens
 * by itself when one of its forms has just answered without JavaScript.
 */
export function ItemsMore({
  contents,
  open,
  children,
}: {
  /** What is inside, in a few words: "Category order, CSV". */
  contents: string;
  open: boolean;
  children: ReactNode;
}) {
  return (
    <details className="items-more" open={open || undefined}>
      <summary>
        <span className="items-more-title">{editorWords.more}</span>
        <span className="items-more-contents">{contents}</span>
      </summary>
      <div className="items-more-body">{children}</div>
    </details>
  );
}
