import type { OpenStatus as OpenStatusFacts } from "~/lib/opening-status";

/**
 * "Open now · until 10:00 PM" near the top of a public page. The words carry the meaning;
 * the dot's colour only repeats it.
 */
export function OpenStatus({
  status,
  className = "",
}: {
  status: OpenStatusFacts | null;
  className?: string;
}) {
  if (!status) return null;
  return (
    <p className={`open-status is-${status.tone} ${className}`.trim()}>
      <span className="open-status-dot" aria-hidden="true" />
      {status.text}
    </p>
  );
}
