/**
 * Stripe's request encoding: `application/x-www-form-urlencoded` with bracketed keys, as the
 * `stripe` package writes it (`line_items[0][price_data][product_data][name]=Tea`,
 * `metadata[order]=42`, `expand[0]=payment_intent`). An indexed key makes an array, any other
 * bracket an object; every leaf stays a string, as Stripe receives it.
 */

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue | undefined;
}

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

/** `a[b][0][c]` → ["a", "b", "0", "c"]; `a[]` → ["a", ""]. */
function keyPath(key: string): string[] {
  const open = key.indexOf("[");
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const segment = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = segment.exec(rest)) !== null && match.index === consumed) {
    path.push(match[1] ?? "");
    consumed += match[0].length;
  }
  // A key that is not well bracketed (`a[b`, `a[b]c`) is one plain name, as qs reads it.
  return consumed === rest.length ? path : [key];
}

const isIndex = (segment: string) => segment === "" || /^\d+$/.test(segment);

function assign(target: FormObject | FormValue[], path: string[], value: string): void {
  const [head, ...rest] = path as [string, ...string[]];
  if (UNSAFE_KEYS.has(head)) return;
  if (Array.isArray(target)) {
    const index = head === "" ? target.length : Number(head);
    if (rest.length === 0) {
      target[index] = value;
      return;
    }
    let child = target[index];
    if (child === undefined || typeof child === "string") {
      child = isIndex(rest[0]!) ? [] : {};
      target[index] = child;
    }
    assign(child, rest, value);
    return;
  }
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  let child = target[head];
  if (child === undefined || typeof child === "string") {
    child = isIndex(rest[0]!) ? [] : {};
    target[head] = child;
  }
  assign(child, rest, value);
}

/** Drops the holes a sparse index left (`a[0]`, `a[2]`), as Stripe does. */
function compact(value: FormValue): FormValue {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) {
    return value.filter((item) => item !== undefined).map(compact);
  }
  const out: FormObject = {};
  for (const [key, item] of Object.entries(value)) if (item !== undefined) out[key] = compact(item);
  return out;
}

export function parseForm(text: string): FormObject {
  const root: FormObject = {};
  for (const pair of text.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const key = decode(equals === -1 ? pair : pair.slice(0, equals));
    const value = equals === -1 ? "" : decode(pair.slice(equals + 1));
    if (key === "") continue;
    assign(root, keyPath(key), value);
  }
  return compact(root) as FormObject;
}
