import { useEffect, useRef } from "react";
import { toast, Toaster } from "sonner";

/**
 * Where the portal's confirmations appear: a short toast at the top of the screen, clear
 * of a phone's sticky Save bar, read out by screen readers from sonner's polite live region.
 * Refusals and errors stay next to the form they concern.
 */
export function PortalToaster() {
  return <Toaster position="top-center" richColors closeButton duration={4000} />;
}

/** Says a save went through. */
export function announceSaved(message: string) {
  toast.success(message);
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
