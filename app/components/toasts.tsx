import { useEffect, useRef, useState } from "react";

type Sonner = typeof import("sonner");
type ShowToast = (toast: Sonner["toast"]) => void;

/**
 * sonner, fetched once, the first time a toast is asked for: a visit that saves nothing
 * never fetches it.
 */
let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import("sonner"));

/** Toasts asked for before the toaster was on the page, shown once it is. */
const waiting: ShowToast[] = [];
/** Set while a toaster is on the page and ready: toasts go straight to it. */
let ready: Sonner["toast"] | null = null;
/** Set while `PortalToaster` is on the page: puts sonner's toaster there. */
let mountToaster: (() => void) | null = null;

/**
 * How long the toaster's live region is on the page before its first toast: a screen reader
 * announces changes to a live region it already knows, not one added with its content.
 */
const LIVE_REGION_SETTLE_MS = 100;

function show(toast: ShowToast) {
  if (ready) {
    toast(ready);
    return;
  }
  waiting.push(toast);
  mountToaster?.();
}

/**
 * Where the portal's confirmations appear: a short toast at the top of the screen, clear
 * of a phone's sticky Save bar, read out by screen readers from sonner's polite live region.
 * Refusals and errors stay next to the form they concern. sonner (its code and its region)
 * comes onto the page with the first toast, not with the page.
 */
export function PortalToaster() {
  const [loaded, setLoaded] = useState<Sonner | null>(null);

  useEffect(() => {
    let gone = false;
    // Asked again by each toast while it loads: the same module each time, so one render.
    const mount = () => {
      void loadSonner().then((module) => {
        if (!gone) setLoaded(module);
      });
    };
    mountToaster = mount;
    if (waiting.length > 0) mount();
    return () => {
      gone = true;
      mountToaster = null;
    };
  }, []);

  useEffect(() => {
    if (!loaded) return;
    // The Toaster's own effects, which listen for toasts, ran before this one (a child's
    // effects run first); the waiting toasts follow once its live region has settled.
    const timer = window.setTimeout(() => {
      ready = loaded.toast;
      for (const toast of waiting.splice(0)) toast(loaded.toast);
    }, LIVE_REGION_SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      ready = null;
    };
  }, [loaded]);

  if (!loaded) return null;
  const { Toaster } = loaded;
  return <Toaster position="top-center" richColors closeButton duration={4000} />;
}

/** Says a save went through. */
export function announceSaved(message: string) {
  show((toast) => toast.success(message));
}

/**
 * Announces `message` each time a new answer (a new object) says the save succeeded;
 * an answer already seen, as after a re-render, is not announced again.
 */
export function useSavedToast(answer: { status?: string } | undefined, message: string) {
  const announced = useRef(answer);
  useEffect(() => {
    if (answer === announced.current) return;
    announced.current = answer;
    if (answer?.status === "success") announceSaved(message);
  }, [answer, message]);
}
