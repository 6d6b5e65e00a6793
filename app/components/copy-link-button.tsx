import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { sitePartWords } from "~/lib/i18n/portal/site-parts";
import { MESSAGES } from "~/lib/messages";
import { useHydrated } from "./use-hydrated";

/**
 * Ticks an owner's Getting started "Share your link" step of their site, in the
 * background: called when they copy its link, download its QR code or open a printable.
 */
export function useMarkLinkShared(productId: string | undefined) {
  const shared = useFetcher();
  return () => {
    if (productId) {
      void shared.submit({}, { method: "post", action: `/user/link-shared/${productId}` });
    }
  };
}

/**
 * Copies a public URL and says so to sighted and screen-reader users alike. Copying an
 * owner's own site link (`productId`) also ticks its Getting started "Share your link" step.
 */
export function CopyLinkButton({
  url,
  label,
  productId,
  text = sitePartWords.copyLink,
}: {
  url: string;
  label: string;
  productId?: string;
  /** The button's visible text. */
  text?: string;
}) {
  const [status, setStatus] = useState<"idle" | "copied" | "failed">("idle");
  const hydrated = useHydrated();
  const markShared = useMarkLinkShared(productId);

  useEffect(() => {
    if (status === "idle") return;
    const timer = setTimeout(() => setStatus("idle"), 2500);
    return () => clearTimeout(timer);
  }, [status]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("copied");
      markShared();
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
        {text}
      </button>
      <span role="status" aria-live="polite" className="copy-status">
        {status === "copied" ? MESSAGES.linkCopied : status === "failed" ? MESSAGES.copyFailed : ""}
      </span>
    </span>
  );
}
