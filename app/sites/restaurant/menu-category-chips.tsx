import { usePageLanguage } from "~/lib/i18n/page-language-context";

/**
 * A row of the menu's categories under the sticky bar, one tap from any of them: anchors,
 * so it works without JavaScript; on a narrow screen the row scrolls sideways and snaps.
 * The page's script (menu-nav-script.ts) marks the chip of the section being read with
 * `aria-current` and keeps it in view. Styled in public-menu.css (`.menu-chips`).
 */
export function MenuCategoryChips({ sections }: { sections: Array<{ id: string; name: string }> }) {
  const { words } = usePageLanguage();
  if (sections.length === 0) return null;
  return (
    <div className="menu-chips-row">
      <ul className="menu-chips menu-container" aria-label={words.menuSections}>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.name}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
