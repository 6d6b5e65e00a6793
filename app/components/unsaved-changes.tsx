import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { lazyComponent } from "./lazy-component";
import { useBlocker, type Blocker } from "react-router";
import { siteFieldWords } from "~/lib/i18n/portal/site-fields";
import { OnceOpened } from "./once-opened";

const LeaveWithoutSavingDialogLazy = lazyComponent(() =>
  import("./unsaved-changes-dialog").then((module) => module.LeaveWithoutSavingDialog),
);
const LeaveWithoutSavingDialog = LeaveWithoutSavingDialogLazy.Component;

/** What a form would send, files left out: two equal snapshots mean nothing changed. */
function snapshotOf(form: HTMLFormElement): string {
  const values = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") values.append(name, value);
  }
  return values.toString();
}

/**
 * Whether a control shows something other than what the page was served with: a choice
 * made before the page's script ran (or put back by the browser). A select rendered in the
 * browser marks no option as its default, and is left out.
 */
function changedSinceServed(form: HTMLFormElement): boolean {
  for (const control of form.elements) {
    if (control instanceof HTMLInputElement) {
      if (control.type === "checkbox" || control.type === "radio") {
        if (control.checked !== control.defaultChecked) return true;
      } else if (control.type !== "file" && control.value !== control.defaultValue) {
        return true;
      }
    } else if (control instanceof HTMLTextAreaElement) {
      if (control.value !== control.defaultValue) return true;
    } else if (control instanceof HTMLSelectElement) {
      const options = [...control.options];
      if (
        options.some((option) => option.defaultSelected) &&
        options.some((option) => option.selected !== option.defaultSelected)
      ) {
        return true;
      }
    }
  }
  return false;
}

/**
 * Whether a form holds changes that are not saved, and a guard against losing
 * them: the editor's own links ask first (see `UnsavedChangesDialog`), and the
 * browser asks before a reload or closing the tab. The form counts as saved
 * when it mounts and each time `savedVersion` changes (a save landed, the form
 * was reset).
 */
export function useUnsavedChanges(
  formRef: RefObject<HTMLFormElement | null>,
  savedVersion: unknown,
): { dirty: boolean; blocker: Blocker } {
  const [dirty, setDirtyState] = useState(false);
  // What the blocker asks: React Router holds the blocker of the last render it committed,
  // so a tab tapped just after a save lands, before that render, must not find it dirty.
  const dirtyNow = useRef(false);
  const setDirty = useCallback((value: boolean) => {
    dirtyNow.current = value;
    setDirtyState(value);
  }, []);
  const saved = useRef<string | null>(null);
  const submitting = useRef(false);
  // Changes made before the page's script ran count until the next save: the snapshot
  // taken when the form mounts already holds them. Kept per saved version, so an effect
  // run again for the same version (React's strict mode) finds the same.
  const early = useRef<{ version: unknown; changed: boolean } | null>(null);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const changed =
      early.current === null
        ? changedSinceServed(form)
        : early.current.version === savedVersion && early.current.changed;
    early.current = { version: savedVersion, changed };
    saved.current = snapshotOf(form);
    submitting.current = false;
    setDirty(changed);
  }, [formRef, savedVersion, setDirty]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const compare = () =>
      setDirty(
        Boolean(early.current?.changed) ||
          (saved.current !== null && snapshotOf(form) !== saved.current),
      );
    // Compared once the event is over: a controlled field (a colour, the hours) takes its
    // new value in React's own handler, which runs after this one, and a render before
    // it would put the old value back.
    const check = () => window.setTimeout(compare, 0);
    const submit = () => {
      submitting.current = true;
    };
    form.addEventListener("input", check);
    form.addEventListener("change", check);
    form.addEventListener("click", check);
    form.addEventListener("submit", submit);
    return () => {
      form.removeEventListener("input", check);
      form.removeEventListener("change", check);
      form.removeEventListener("click", check);
      form.removeEventListener("submit", submit);
    };
  }, [formRef, setDirty]);

  useEffect(() => {
    if (!dirty) return;
    // A link may now be blocked: its dialog is fetched before then, so it shows at once.
    LeaveWithoutSavingDialogLazy.prefetch();
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  // Any other address unmounts the form (another tab, another page); its own save does not.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search),
  );
  return { dirty, blocker };
}

/**
 * Asks before the editor leaves a form with unsaved changes. The dialog's code is fetched
 * once the form has changes (see `useUnsavedChanges`), and shown when a link is blocked.
 */
export function UnsavedChangesDialog({ blocker, what }: { blocker: Blocker; what: string }) {
  return (
    <OnceOpened open={blocker.state === "blocked"}>
      <LeaveWithoutSavingDialog blocker={blocker} what={what} />
    </OnceOpened>
  );
}

/**
 * The bar holding a form's Save button: it stays at the bottom of the screen
 * while the form scrolls by, and says when there is something to save.
 */
export function SaveBar({ dirty, children }: { dirty: boolean; children: React.ReactNode }) {
  return (
    <div className="save-bar" data-dirty={dirty || undefined}>
      <p className="save-bar-status" role="status">
        {dirty ? siteFieldWords.unsavedChanges : ""}
      </p>
      {children}
    </div>
  );
}
