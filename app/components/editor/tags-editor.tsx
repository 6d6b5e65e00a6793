import { useId, useState } from "react";
import { normalizeTags } from "~/lib/limits";
import { MESSAGES } from "~/lib/messages";
import { splitTagText, TAG_MAX_LENGTH } from "~/sites/shoppy/tags";
import { FieldErrors } from "../form";
import { useHydrated } from "../use-hydrated";

/**
 * A tag list: chips with Remove, a field to add new ones (Enter or a comma
 * adds), and the suggested tags one click away. Each chip posts as a `tags`
 * field. Without JavaScript it is one comma-separated `tags` field; the
 * server reads either, and enforces the same limit.
 */
export function TagsEditor({
  label,
  initial,
  suggestions = [],
  max,
  tooManyMessage,
  errors,
}: {
  label: string;
  initial: string[];
  suggestions?: string[];
  max: number;
  tooManyMessage: string;
  errors?: string[] | null;
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [tags, setTags] = useState(initial);
  const [draft, setDraft] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const chosen = new Set(tags.map((tag) => tag.toLowerCase()));
  const offered = suggestions.filter((tag) => !chosen.has(tag.toLowerCase()));
  const shownErrors = [...(notice ? [notice] : []), ...(errors ?? [])];

  const add = (input: string[]) => {
    const { tags: next, overLimit } = normalizeTags([...tags, ...input], max);
    if (next.some((tag) => tag.length > TAG_MAX_LENGTH)) {
      setNotice(MESSAGES.tagTooLong);
      return false;
    }
    if (overLimit) {
      setNotice(tooManyMessage);
      return false;
    }
    setNotice(null);
    setTags(next);
    return true;
  };

  if (!hydrated) {
    return (
      <div className="field">
        <label htmlFor={`${id}-text`}>{label}</label>
        <input
          id={`${id}-text`}
          name="tags"
          defaultValue={initial.join(", ")}
          aria-describedby={`${id}-hint${shownErrors.length ? ` ${id}-error` : ""}`}
        />
        <p id={`${id}-hint`} className="field-hint">
          Separate tags with commas; at most {max}.
        </p>
        <FieldErrors id={`${id}-error`} errors={shownErrors} />
      </div>
    );
  }

  return (
    <fieldset className="tags-editor plain-fieldset">
      <legend>{label}</legend>
      {tags.map((tag) => (
        <input key={tag} type="hidden" name="tags" value={tag} />
      ))}
      {tags.length === 0 ? (
        <p className="muted">{MESSAGES.noTags}</p>
      ) : (
        <ul className="tag-chips" aria-label={`${label}: ${tags.length} of ${max}`}>
          {tags.map((tag) => (
            <li key={tag} className="tag-chip">
              <span>{tag}</span>
              <button
                type="button"
                className="tag-remove"
                aria-label={`Remove ${tag}`}
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
          New tag for {label.toLowerCase()}
        </label>
        <input
          id={`${id}-new`}
          value={draft}
          placeholder="New tag"
          maxLength={TAG_MAX_LENGTH * 4}
          aria-describedby={`${id}-hint${shownErrors.length ? ` ${id}-error` : ""}`}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter" && event.key !== ",") return;
            event.preventDefault();
            if (add(splitTagText(draft))) setDraft("");
          }}
        />
        <button
          type="button"
          className="button secondary small"
          onClick={() => add(splitTagText(draft)) && setDraft("")}
        >
          Add tag
        </button>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {tags.length} of {max} tags. Enter or a comma adds a tag.
      </p>
      {offered.length > 0 ? (
        <div className="tag-suggestions">
          <span className="muted">Shop tags:</span>
          {offered.map((tag) => (
            <button
              key={tag}
              type="button"
              className="tag-suggestion"
              aria-label={`Add tag ${tag}`}
              onClick={() => add([tag])}
            >
              + {tag}
            </button>
          ))}
        </div>
      ) : null}
      <div aria-live="polite">
        <FieldErrors id={`${id}-error`} errors={shownErrors} />
      </div>
    </fieldset>
  );
}
