import { Link } from "react-router";

export const EDITOR_TABS = ["items", "add", "info"] as const;
export type EditorTab = (typeof EDITOR_TABS)[number];

export function parseEditorTab(value: string | null): EditorTab {
  return EDITOR_TABS.includes(value as EditorTab) ? (value as EditorTab) : "items";
}

/**
 * The editor's sections as links: the chosen one lives in the URL (`?tab=`),
 * so reload, back and a shared link all land on it, with or without JavaScript.
 */
export function EditorTabs({
  current,
  labels,
}: {
  current: EditorTab;
  labels: Record<EditorTab, string>;
}) {
  return (
    <nav className="editor-tabs" aria-label="Editor sections">
      {EDITOR_TABS.map((tab) => (
        <Link
          key={tab}
          to={`?tab=${tab}`}
          className="editor-tab"
          aria-current={tab === current ? "page" : undefined}
          preventScrollReset
        >
          {labels[tab]}
        </Link>
      ))}
    </nav>
  );
}
