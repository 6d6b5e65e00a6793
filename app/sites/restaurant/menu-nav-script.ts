/**
 * The restaurant page's Menu and category chips, run where JavaScript is on. The page works
 * without it (the Menu is a `<details>`, the categories are anchors, the chips row scrolls by
 * itself); it adds:
 * - the Menu closes once one of its categories is chosen, on a tap outside it, and on
 *   Escape, which gives focus back to its button (the `<summary>`);
 * - on scroll (once a frame, and once before the first frame), the chip of the section
 *   being read is marked `aria-current` (`currentSectionIndex`) and the chips row scrolls to
 *   keep it in view.
 *
 * How it ships: ./menu-nav-script.browser.ts calls `enhanceMenuNav`, and esbuild bundles that
 * entry into one minified program (app/sites/browser-scripts.build.ts), which the page embeds
 * as an inline `<script>` (the module `virtual:menu-nav-script`) and the public pages' policy
 * allows by its SHA-256. It reads the page through what `PublicMenuPage` and
 * `MenuCategoryChips` render: `.menu-nav`, its `<details>` and the `.menu-chips` list, whose
 * links are `#` plus a section's id. ./menu-nav-script.test.ts holds it under 1 KB;
 * tests/e2e/menu-navigation.spec.ts holds it to its behaviour.
 */

/** Room kept between the sticky bar and the section being read, and around a chip in its row. */
const MARGIN_PX = 16;

/**
 * The section being read: the last whose top (`tops`, from the viewport's top, in page
 * order) has passed `line`, just under the sticky bar; -1 while none has. At the end of the
 * page, where the last sections cannot reach the line, it is the one the address points to
 * (`addressed`, -1 for none) if that one's top is on screen, else the last.
 */
export function currentSectionIndex(
  tops: readonly number[],
  line: number,
  viewportHeight: number,
  atPageEnd: boolean,
  addressed: number,
): number {
  const passed = tops.reduce((last, top, index) => (top <= line ? index : last), -1);
  if (!atPageEnd || passed < 0) return passed;
  const addressedOnScreen =
    addressed >= 0 && tops[addressed]! > 0 && tops[addressed]! < viewportHeight;
  return addressedOnScreen ? addressed : tops.length - 1;
}

/**
 * Wires the Menu and the chips of the page `PublicMenuPage` renders. The document comes as
 * a parameter only so that the minified script names it in one letter: the script is held
 * under 1 KB.
 */
export function enhanceMenuNav(page: Document): void {
  const nav = page.querySelector(".menu-nav")!;
  const menu = nav.querySelector("details")!;
  // No chips on a menu without categories.
  const chipRow = nav.querySelector(".menu-chips");
  const chips = chipRow ? [...chipRow.querySelectorAll("a")] : [];
  let marked: HTMLAnchorElement | undefined;
  let frame = 0;

  const closeMenu = (returnFocus?: boolean) => {
    if (!menu.open) return;
    menu.open = false;
    if (returnFocus) (menu.firstChild as HTMLElement).focus();
  };

  const markCurrentChip = () => {
    frame = 0;
    // The chip of the section being read; none before the first.
    const chip =
      chips[
        currentSectionIndex(
          chips.map((link) => page.getElementById(link.hash.slice(1))!.getBoundingClientRect().top),
          nav.getBoundingClientRect().bottom + MARGIN_PX,
          innerHeight,
          // At the end, give or take the rounding of a fractional scroll position.
          innerHeight + scrollY >= page.documentElement.scrollHeight - 2,
          chips.findIndex((link) => link.hash === location.hash),
        )
      ];
    if (chip === marked) return;
    // Through ARIA's reflected property, which is shorter (Firefox has it from 119 on).
    if (marked) marked.ariaCurrent = null;
    marked = chip;
    if (!chip) return;
    chip.ariaCurrent = "true";
    // Unless the chip shows whole with room to spare, the row scrolls it to its start, where
    // the row snaps (scroll-padding in public-menu.css), so that the chips after it show too.
    // There is a row: this runs only on a menu with chips. On a right-to-left page the row
    // starts at its right edge (and scrolls to negative positions, as its chips' offsets
    // there are measured).
    // `start` and `last` are the row's scroll positions that put the chip at its left edge
    // and at its right edge, each with room to spare.
    const start = chip.offsetLeft - MARGIN_PX;
    const last = start + chip.offsetWidth + MARGIN_PX * 2 - chipRow!.clientWidth;
    if (start < chipRow!.scrollLeft || last > chipRow!.scrollLeft) {
      chipRow!.scrollLeft = page.dir == "rtl" ? last : start;
    }
  };

  // A choice in the Menu is a link; a tap anywhere outside it closes it too.
  page.addEventListener("click", ({ target }) => {
    if (!menu.contains(target as Node) || (target as Element).closest("a")) closeMenu();
  });
  page.addEventListener("keydown", (event) => {
    if (event.key === "Escape") closeMenu(true);
  });
  if (!chips.length) return;
  const markBeforeNextFrame = () => {
    if (!frame) frame = requestAnimationFrame(markCurrentChip);
  };
  // The page's one scroll handler (`onscroll` keeps the script under 1 KB).
  onscroll = markBeforeNextFrame;
  // At start too, but before the first frame rather than now: reading where the sections are
  // while the page is still being parsed made the browser lay it all out an extra time, the
  // page load's longest task on a phone.
  markBeforeNextFrame();
}
