import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { MESSAGES } from "~/lib/messages";
import { useHydrated } from "./use-hydrated";

/**
 * Copies a public URL and says so to sighted and screen-reader users alike. Copying an
 * owner's own site link (`productId`) also ticks its Getting started "Share your link" step.
 */
export function CopyLinkButton({
  url,
  label,
  productId,
}: {
  url: string;
  label: string;
  productId?: string;
}) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const hydrated = useHydrated();
  const shared = useFetcher();

  useEffect(() => {
    if (status === "idle") return;
    const timer = setTimeout(() => setStatus("idle"), 2500);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("copied");
      if (productId) {
        void shared.submit({}, { method: "post", action: `/user/link-shared/${productId}` });
      }
    } catch {
      setStatus("failed");
    }
  };

  return (
    <span className="copy-link">
      <button
        type="button"
        className="button secondary small"
        onClick={() => void copy()}
        aria-label={label}
        disabled={!hydrated}
      >
        Copy link
      </button>
      <span role="status" aria-live="polite" className="copy-status">
        {status === "copied" ? MESSAGES.linkCopied : status === "failed" ? MESSAGES.copyFailed : ""}
      </span>
    </span>
  );
}
