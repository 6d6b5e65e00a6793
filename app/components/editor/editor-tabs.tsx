import { Link } from "react-router";
import { editorWords } from "~/lib/i18n/portal/editor";

export const EDITOR_TABS = ["items", "add", "info", "orders", "bookings"] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

/** Each tab's name; a tab a site type leaves out (a shop's Reservations) has none. */
export type EditorTabLabels = Partial<Record<EditorTab, string>>;

/** The tab `value` names, when the site type has it (`labels`); else the items list. */
export function parseEditorTab(value: string | null, labels?: EditorTabLabels): EditorTab {
  const tab = EDITOR_TABS.includes(value as EditorTab) ? (value as EditorTab) : "items";
  return labels && !labels[tab] ? "items" : tab;
}

/**
 * Whether the phone's Preview tab is showing. It is kept in page state rather than the
 * URL so that the form it hides stays on the page, unsaved choices and all; without
 * JavaScript the tab is a link (`?preview=1`) the server answers with the preview shown.
 */
export interface PreviewToggle {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The phone's Preview tab: opens the preview in place of loading `to`. */
function PreviewTab({ preview, to }: { preview: PreviewToggle; to: string }) {
  return (
    <Link
      to={to}
      className="editor-tab preview-tab"
      aria-current={preview.open ? "page" : undefined}
      preventScrollReset
      onClick={(event) => {
        event.preventDefault();
        preview.onOpenChange(true);
      }}
    >
      {editorWords.previewTab}
    </Link>
  );
}

/**
 * The editor's sections as links: the chosen one lives in the URL (`?tab=`),
 * so reload, back and a shared link all land on it, with or without JavaScript.
 * On phones a last tab shows the live preview.
 */
export function EditorTabs({
  current,
  labels,
  preview,
  onIntent,
}: {
  current: EditorTab;
  labels: EditorTabLabels;
  preview: PreviewToggle;
  /** The owner is about to open a tab (hover, focus, touch): time to fetch its code. */
  onIntent?: (tab: EditorTab) => void;
}) {
  return (
    <nav className="editor-tabs" aria-label={editorWords.editorSections}>
      {EDITOR_TABS.filter((tab) => labels[tab]).map((tab) => (
        <Link
          key={tab}
          to={`?tab=${tab}`}
          className="editor-tab"
          aria-current={tab === current && !preview.open ? "page" : undefined}
          preventScrollReset
          onPointerEnter={() => onIntent?.(tab)}
          onFocus={() => onIntent?.(tab)}
          onTouchStart={() => onIntent?.(tab)}
          onClick={(event) => {
            // Back from the preview to the tab it hid: nothing to load.
            if (tab === current && preview.open) event.preventDefault();
            preview.onOpenChange(false);
          }}
        >
          {labels[tab]}
        </Link>
      ))}
      <PreviewTab preview={preview} to={`?tab=${current}&preview=1`} />
    </nav>
  );
}

/** A profile editor's two views on a phone: its form, and the live preview. */
export function PreviewTabs({ preview }: { preview: PreviewToggle }) {
  return (
    <nav className="editor-tabs preview-tabs" aria-label={editorWords.editorSections}>
      <Link
        to="?"
        className="editor-tab"
        aria-current={preview.open ? undefined : "page"}
        preventScrollReset
        onClick={(event) => {
          event.preventDefault();
          preview.onOpenChange(false);
        }}
      >
        {editorWords.editTab}
      </Link>
      <PreviewTab preview={preview} to="?preview=1" />
    </nav>
  );
}
