import { useEffect, useRef, useState, type ReactNode } from "react";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { fill } from "~/lib/i18n/text";
import { chosenFiles } from "./use-choices-before-hydration";
import { useHydrated } from "./use-hydrated";

export interface ZoneImage {
  url: string;
  alt: string;
}

/**
 * A drop zone around a native file input: drag files onto it, paste an image
 * while it has focus, or tap it to choose. The input itself stays the control
 * (stretched, unseen, over the whole zone), so keyboards, screen readers and
 * the field's own handlers work as they do for a plain file input; dropped and
 * pasted files are put into it and announced with the input's own change event.
 * Without JavaScript the input is shown as it is and works alone.
 */
export function ImageDropZone({
  image,
  previewChoice = false,
  shape = "square",
  disabled = false,
  actions,
  children,
}: {
  /** The image stored now, shown as a thumbnail. */
  image?: ZoneImage | null;
  /** Shows a chosen file as the thumbnail before it is sent (a form that sends it on submit). */
  previewChoice?: boolean;
  /** How the thumbnail is cut: a logo or photo is square, a background wide. */
  shape?: "square" | "wide";
  disabled?: boolean;
  /** Buttons beside the zone's text (Remove), kept above the stretched input. */
  actions?: ReactNode;
  /** The field: its label, the file input, its hint and errors. */
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const zoneRef = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState(false);
  const [choice, setChoice] = useState<{ url: string; name: string } | null>(null);

  const input = () => zoneRef.current?.querySelector<HTMLInputElement>("input[type=file]") ?? null;

  // The chosen file's thumbnail follows the input: a new choice, a cleared field, a reset
  // form, and a choice made before the page's script ran.
  // Listened for on the zone and its form, as the input may be replaced meanwhile.
  useEffect(() => {
    const zone = zoneRef.current;
    if (!previewChoice || !zone) return;
    let url: string | null = null;
    const show = () => {
      if (url) URL.revokeObjectURL(url);
      const file = chosenFiles(zone)[0];
      url = file && file.type.startsWith("image/") ? URL.createObjectURL(file) : null;
      setChoice(url && file ? { url, name: file.name } : null);
    };
    // A reset empties the input after the event, so the thumbnail is read once it has.
    const afterReset = () => setTimeout(show, 0);
    const form = zone.closest("form");
    zone.addEventListener("change", show);
    form?.addEventListener("reset", afterReset);
    // A file chosen before the page's script ran is in the input already, unannounced.
    if (chosenFiles(zone).length > 0) show();
    return () => {
      zone.removeEventListener("change", show);
      form?.removeEventListener("reset", afterReset);
      if (url) URL.revokeObjectURL(url);
    };
  }, [previewChoice]);

  /** Puts dropped or pasted files into the input, as if they had been chosen there. */
  const choose = (files: File[]) => {
    const field = input();
    if (!field || field.disabled || files.length === 0) return;
    const chosen = new DataTransfer();
    for (const file of field.multiple ? files : files.slice(0, 1)) chosen.items.add(file);
    field.files = chosen.files;
    field.dispatchEvent(new Event("change", { bubbles: true }));
  };

  const clearChoice = () => {
    const field = input();
    if (!field) return;
    field.value = "";
    field.dispatchEvent(new Event("change", { bubbles: true }));
    field.focus();
  };

  const shown: ZoneImage | null = choice
    ? { url: choice.url, alt: fill(siteFieldWords.chosenImageAlt, { name: choice.name }) }
    : (image ?? null);
  const carriesFiles = (event: React.DragEvent) => event.dataTransfer.types.includes("Files");

  return (
    <div
      ref={zoneRef}
      className={[
        "drop-zone",
        hydrated ? "is-enhanced" : "",
        dragging ? "is-dragging" : "",
        disabled ? "is-disabled" : "",
      ]
        .filter(Boolean)
        .join(" ")}
      onDragEnter={(event) => {
        if (!carriesFiles(event) || disabled) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => {
        if (!carriesFiles(event) || disabled) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={(event) => {
        if (!zoneRef.current?.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        if (!disabled) choose(Array.from(event.dataTransfer.files));
      }}
      onPaste={(event) => {
        const files = Array.from(event.clipboardData.files);
        if (files.length === 0 || disabled) return;
        event.preventDefault();
        choose(files);
      }}
    >
      <div className={`drop-zone-thumb ${shape}`}>
        {shown ? (
          <img src={shown.url} alt={shown.alt} />
        ) : (
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M19 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2Zm0 16H5V5h14v14Zm-5.04-6.71-2.75 3.54-1.96-2.36L6.5 17h11l-3.54-4.71ZM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z"
            />
          </svg>
        )}
      </div>
      <div className="drop-zone-body">
        {children}
        {hydrated ? (
          <p className="drop-zone-cta" aria-hidden="true">
            <span className="drop-zone-choose">
              {shown ? siteFieldWords.chooseNewImage : siteFieldWords.chooseImage}
            </span>
            <span className="drop-zone-how"> {siteFieldWords.orDropOrPaste}</span>
          </p>
        ) : null}
      </div>
      {actions || (choice && hydrated) ? (
        <div className="drop-zone-actions">
          {choice && hydrated ? (
            <button type="button" className="button secondary small" onClick={clearChoice}>
              {siteFieldWords.remove}
              <span className="visually-hidden"> {choice.name}</span>
            </button>
          ) : null}
          {actions}
        </div>
      ) : null}
    </div>
  );
}
