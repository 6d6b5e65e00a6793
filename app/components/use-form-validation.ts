import { parse, type Submission } from "@conform-to/react";
import { useEffect, useRef, useState } from "react";
import type { ProductType } from "~/sites";
import type { EditorFormName } from "./form-validators";

type Validators = typeof import("./form-validators");

let loading: Promise<Validators> | null = null;

/** The validators' chunk, fetched once for the page however many forms ask for it. */
function loadValidators(): Promise<Validators> {
  loading ??= import("./form-validators").catch((error: unknown) => {
    // A failed fetch (a deploy replaced the chunk, the network dropped) may be retried.
    loading = null;
    throw error;
  });
  return loading;
}

interface ValidateContext {
  form: HTMLFormElement;
  submitter: HTMLInputElement | HTMLButtonElement | null;
  formData: FormData;
}

/**
 * Conform's `onValidate` for one of a site type's editor forms. Its zod schema arrives in a
 * chunk of its own once the form is on screen (./form-validators.ts), which keeps zod out
 * of the editor's first load; from then on errors show as the owner types, and a form with
 * errors is not sent. A form sent in the moment before the chunk has arrived is held and
 * sent again once it has, so it is checked the same way. Should the chunk not arrive at
 * all, forms are sent as they are and the server's answer shows any errors, as without
 * JavaScript; the server checks every form either way.
 */
export function useFormValidation(type: ProductType, form: EditorFormName) {
  const [validators, setValidators] = useState<Validators | "unavailable" | null>(null);
  const heldSubmit = useRef<(() => void) | null>(null);

  useEffect(() => {
    let current = true;
    loadValidators().then(
      (loaded) => current && setValidators(loaded),
      () => current && setValidators("unavailable"),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (validators === null || !heldSubmit.current) return;
    const submitAgain = heldSubmit.current;
    heldSubmit.current = null;
    submitAgain();
  }, [validators]);

  return ({ form: element, submitter, formData }: ValidateContext): Submission<unknown> => {
    const loaded = validators !== null && validators !== "unavailable" ? validators : null;
    const schema = loaded?.editorSchemas(type)[form];
    if (loaded && schema) return loaded.validate(formData, schema);
    const unchecked = parse<unknown, string[]>(formData, { resolve: () => ({ value: undefined }) });
    // Only a submit (not a check as the owner types) is held, and only while the chunk is on its way.
    if (validators !== null || unchecked.status !== "success") return unchecked;
    heldSubmit.current = () => {
      if (element.isConnected)
        element.requestSubmit(submitter?.form === element ? submitter : null);
    };
    // An error with no field named stops this submit without showing anything.
    return parse<unknown, string[]>(formData, { resolve: () => ({ error: {} }) });
  };
}
