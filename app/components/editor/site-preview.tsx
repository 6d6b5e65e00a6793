import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type Dispatch,
  type SetStateAction,
} from "react";
import { useFetchers, useNavigation } from "react-router";
import type { ColorKey } from "~/lib/colors";
import { editorWords } from "~/lib/i18n/portal/editor";
import { siteTheme } from "~/lib/site-theme";
import { FONT_STYLES, type FontStyle } from "~/lib/themes";

/** Colours and font the owner is trying on the Info tab, not saved yet. */
export interface PreviewDraft {
  colors: Record<ColorKey, string>;
  fontStyle: FontStyle;
}

const PreviewDraftContext = createContext<Dispatch<SetStateAction<PreviewDraft | null>> | null>(
  null,
);

export const PreviewDraftProvider = PreviewDraftContext.Provider;

/**
 * Shows `draft` on the editor's live preview while the calling form is on screen; the
 * preview goes back to the saved look when the form goes away. Outside an editor with a
 * preview it does nothing.
 */
export function usePreviewDraft(draft: PreviewDraft) {
  const setDraft = useContext(PreviewDraftContext);
  const { colors, fontStyle } = draft;
  const { primary, secondary, text } = colors;
  useEffect(() => {
    setDraft?.({ colors: { primary, secondary, text }, fontStyle });
  }, [setDraft, primary, secondary, text, fontStyle]);
  useEffect(() => () => setDraft?.(null), [setDraft]);
}

/** Wide screens show the preview beside the form; below this, it is a tab of its own. */
export const PREVIEW_BESIDE_FORM_QUERY = "(min-width: 1100px)";

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The element of the public page that carries its colours and font (siteThemeAttributes). */
function themedRoot(frame: HTMLIFrameElement | null): HTMLElement | null {
  try {
    return frame?.contentDocument?.querySelector<HTMLElement>("[data-site-theme]") ?? null;
  } catch {
    // Not loaded yet, or somehow not this site's page: nothing to restyle.
    return null;
  }
}

/** Puts the draft's colours and font on the framed page, as the server would render them. */
function applyDraft(frame: HTMLIFrameElement | null, draft: PreviewDraft) {
  const root = themedRoot(frame);
  if (!root) return;
  const theme = siteTheme(draft.colors);
  root.style.setProperty("--site-primary", theme.primary);
  root.style.setProperty("--site-secondary", theme.secondary);
  root.style.setProperty("--site-text", theme.text);
  root.style.setProperty("--site-on-secondary", theme.onSecondary);
  root.style.setProperty("--site-accent", theme.accent);
  root.style.fontFamily = FONT_STYLES[draft.fontStyle].stack;
  root.dataset.font = draft.fontStyle;
}

/** True while anything on the page is being sent or reloaded. */
function useBusy(): boolean {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  return (
    navigation.state !== "idle" ||
    fetchers.some((fetcher) => fetcher.state !== "idle" && fetcher.formMethod !== undefined)
  );
}

type Device = "phone" | "desktop";
const DESKTOP_WIDTH = 1280;

/**
 * The site's real public page in a frame: beside the form on wide screens, or as the
 * Preview tab on phones (`open`). It reloads when a save or upload has finished (the page
 * cache is already cleared by then), and shows unsaved colours and font from the Info tab
 * at once. The frame is only created once it can be seen, so a phone editing items never
 * loads the public page as well.
 */
export function SitePreview({
  src,
  draft,
  open,
  dataVersion,
}: {
  src: string;
  draft: PreviewDraft | null;
  open: boolean;
  /** Changes whenever the editor's data was loaded again: the saved site may have changed. */
  dataVersion: unknown;
}) {
  const besideForm = useMediaQuery(PREVIEW_BESIDE_FORM_QUERY);
  const shown = open || besideForm;
  const frame = useRef<HTMLIFrameElement>(null);
  const [device, setDevice] = useState<Device>("phone");
  const [scale, setScale] = useState(1);
  const viewport = useRef<HTMLDivElement>(null);
  const busy = useBusy();
  const wasBusy = useRef(busy);
  // The draft for the frame's load handler, which runs outside React's renders.
  const draftRef = useRef(draft);

  const reload = useCallback(() => {
    try {
      frame.current?.contentWindow?.location.reload();
    } catch {
      // A frame that has navigated away from this site cannot be reloaded from here.
    }
  }, []);

  // A save, upload or delete has just finished: show the stored result.
  useEffect(() => {
    if (wasBusy.current && !busy) reload();
    wasBusy.current = busy;
  }, [busy, reload]);

  const firstData = useRef(dataVersion);
  useEffect(() => {
    if (dataVersion !== firstData.current) reload();
  }, [dataVersion, reload]);

  // Unsaved choices on the page as they change; leaving the form unsaved brings back the saved look.
  const hadDraft = useRef(false);
  useEffect(() => {
    draftRef.current = draft;
    if (draft) applyDraft(frame.current, draft);
    else if (hadDraft.current) reload();
    hadDraft.current = draft !== null;
  }, [draft, reload]);

  // The desktop view is a 1280 px page shrunk to the column's width.
  useEffect(() => {
    const element = viewport.current;
    if (!element || device !== "desktop") return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setScale(Math.min(1, entry.contentRect.width / DESKTOP_WIDTH));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [device, shown]);

  return (
    <aside className="editor-preview" aria-labelledby="preview-title" data-open={open}>
      <div className="preview-toolbar">
        <h2 id="preview-title" className="preview-title">
          {editorWords.previewTitle}
        </h2>
        <div className="preview-devices" role="group" aria-label={editorWords.previewSize}>
          {(["phone", "desktop"] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="button secondary small"
              aria-pressed={device === option}
              onClick={() => setDevice(option)}
            >
              {option === "phone" ? editorWords.previewPhone : editorWords.previewDesktop}
            </button>
          ))}
        </div>
        <a
          className="preview-open"
          href={src}
          target="_blank"
          rel="noreferrer"
          aria-label={editorWords.openPageLabel}
        >
          {editorWords.openPage}
        </a>
      </div>
      <div ref={viewport} className="preview-viewport" data-device={device}>
        {shown ? (
          <iframe
            ref={frame}
            className="preview-frame"
            src={src}
            title={editorWords.previewFrameTitle}
            style={
              device === "desktop"
                ? {
                    width: DESKTOP_WIDTH,
                    height: `${100 / scale}%`,
                    transform: `scale(${scale})`,
                  }
                : undefined
            }
            onLoad={() => {
              if (draftRef.current) applyDraft(frame.current, draftRef.current);
            }}
          />
        ) : null}
      </div>
    </aside>
  );
}
