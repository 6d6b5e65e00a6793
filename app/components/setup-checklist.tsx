import { Link } from "react-router";
import type { SetupStep } from "~/lib/setup-checklist";

/**
 * A site's Getting started checklist on Your Products: progress, and each open step as a
 * link to the editor tab where it is done. Once every step is done it shrinks to one line.
 */
export function SetupChecklist({
  siteName,
  steps,
  editorPath,
  sharePath,
}: {
  siteName: string;
  steps: SetupStep[];
  editorPath: string;
  /** Where its link, QR code and printables are. */
  sharePath: string;
}) {
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) {
    return (
      <p className="setup-complete">
        <span aria-hidden="true">✓</span> {siteName} is set up and shared.
      </p>
    );
  }
  return (
    <section className="setup-checklist" aria-label={`Getting started with ${siteName}`}>
      <div className="setup-head">
        <h3>Getting started</h3>
        <span className="muted">
          {done} of {steps.length} done
        </span>
      </div>
      <progress
        max={steps.length}
        value={done}
        aria-label={`${done} of ${steps.length} steps done`}
      />
      <ol className="setup-steps">
        {steps.map((step) => (
          <li key={step.id} data-done={step.done}>
            <span className="setup-mark" aria-hidden="true">
              {step.done ? "✓" : ""}
            </span>
            {step.done ? (
              <span>
                {step.label}
                <span className="visually-hidden"> (done)</span>
              </span>
            ) : step.tab ? (
              <Link to={`${editorPath}?tab=${step.tab}`}>{step.label}</Link>
            ) : (
              <span>
                <Link to={sharePath}>{step.label}</Link>:{" "}
                <span className="muted">copy it, or print its QR code.</span>
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
