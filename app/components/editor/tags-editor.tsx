import { useId, useState } from "react";
import { editorWords } from "~/lib/i18n/portal/editor";
import { fill } from "~/lib/i18n/text";
import { portalPlural } from "~/lib/i18n/portal-text";
import { MESSAGES } from "~/lib/messages";
import { addTagsThatFit, splitTagText } from "~/sites/shoppy/tags";
import { Field, FieldErrors, type FieldState } from "../form";
import { useChoicesMadeBeforeHydration } from "../use-choices-before-hydration";
import { useHydrated } from "../use-hydrated";

/**
 * A tag list: chips with Remove, a field to add new ones (Enter or a comma
 * adds), and the suggested tags one click away. Each chip posts as a `tags`
 * field. Without JavaScript it is one comma-separated `tags` field; the
 * server reads either, and enforces the same limit. `field` is the list's
 * field of the form's Conform form, which holds its errors.
 */
export function TagsEditor({
  label,
  field,
  initial,
  suggestions = [],
  max,
  tooManyMessage,
}: {
  label: string;
  field: FieldState;
  initial: string[];
  suggestions?: string[];
  max: number;
  tooManyMessage: string;
}) {
  const id = useId();
  const hydrated = useHydrated();
  // A form sent back with its errors (without JavaScript) shows the tags as they were sent.
  const start = field.initialValue === undefined ? initial : tagsOf(field.initialValue);
  const [tags, setTags] = useState(start);
  const [draft, setDraft] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const chosen = new Set(tags.map((tag) => tag.toLowerCase()));
  const offered = suggestions.filter((tag) => !chosen.has(tag.toLowerCase()));
  const shownErrors = [...(notice ? [notice] : []), ...(field.errors ?? [])];

  /** Adds what fits; what does not stays in the field, whole, with the reason beside it. */
  const add = (input: string[], to = tags) => {
    const { tags: next, left, reason } = addTagsThatFit(to, input, max);
    setTags(next);
    setDraft(left.join(", "));
    setNotice(
      reason === "too-many" ? tooManyMessage : reason === "too-long" ? MESSAGES.tagTooLong : null,
    );
  };
  // The chips replace the plain field once the page's script runs: what was typed in it
  // before then becomes the chips (and what does not fit stays to be added).
  const plainField = useChoicesMadeBeforeHydration<HTMLInputElement>((input) => {
    if (input.value !== start.join(", ")) add(splitTagText(input.value), []);
  });

  if (!hydrated) {
    return (
      <Field field={field} label={label} hint={fill(editorWords.tagsHint, { max })}>
        <input ref={plainField} defaultValue={start.join(", ")} />
      </Field>
    );
  }

  return (
    <fieldset className="tags-editor plain-fieldset">
      <legend>{label}</legend>
      {tags.map((tag) => (
        <input key={tag} type="hidden" name={field.name} value={tag} />
      ))}
      {tags.length === 0 ? (
        <p className="muted">{MESSAGES.noTags}</p>
      ) : (
        <ul
          className="tag-chips"
          aria-label={fill(editorWords.tagChips, { label, count: tags.length, max })}
        >
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button
                type="button"
                className="tag-remove"
                aria-label={fill(editorWords.removeTag, { tag })}
                onClick={() => {
                  setNotice(null);
                  setTags(tags.filter((other) => other !== tag));
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="tag-add">
        <label htmlFor={`${id}-new`} className="visually-hidden">
          {fill(editorWords.newTagFor, { label: label.toLowerCase() })}
        </label>
        <input
          id={`${id}-new`}
          // Not a field of the form (the chips are): owned by no form, so it is never
          // sent, and Conform does not take it for the form's own error when focusing.
          form={`${id}-no-form`}
          value={draft}
          placeholder={editorWords.newTag}
          aria-invalid={shownErrors.length ? true : undefined}
          aria-describedby={`${id}-hint${shownErrors.length ? ` ${field.errorId}` : ""}`}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" && event.key !== ",") return;
            event.preventDefault();
            add(splitTagText(draft));
          }}
          onPaste={(event) => {
            // A pasted list becomes chips at once; a single word is just typed.
            const pasted = event.clipboardData.getData("text");
            if (!pasted.includes(",")) return;
            event.preventDefault();
            add(splitTagText(`${draft},${pasted}`));
          }}
        />
        <button
          type="button"
          className="button secondary small"
          onClick={() => add(splitTagText(draft))}
        >
          {editorWords.addTag}
        </button>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {portalPlural(editorWords.tagsUsed, max, { used: tags.length })}
      </p>
      {offered.length > 0 ? (
        <div className="tag-suggestions">
          <span className="muted">{editorWords.shopTags}</span>
          {offered.map((tag) => (
            <button
              key={tag}
              type="button"
              className="tag-suggestion"
              aria-label={fill(editorWords.addTagNamed, { tag })}
              onClick={() => add([tag])}
            >
              + {tag}
            </button>
          ))}
        </div>
      ) : null}
      <div aria-live="polite">
        <FieldErrors id={field.errorId} errors={shownErrors} />
      </div>
    </fieldset>
  );
}

/** The tags of a value sent back with a form: repeated fields or one comma-separated field. */
function tagsOf(value: unknown): string[] {
  const values = Array.isArray(value) ? value : [value];
  return values.filter((tag) => typeof tag === "string").flatMap(splitTagText);
}
