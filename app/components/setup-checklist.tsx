import { Link } from "react-router";
import { fillNodes } from "~/lib/i18n/fill-nodes";
import { siteAdminWords } from "~/lib/i18n/portal/site-admin";
import { fill } from "~/lib/i18n/text";
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
        <span aria-hidden="true">✓</span> {fill(siteAdminWords.setupComplete, { name: siteName })}
      </p>
    );
  }
  return (
    <section
      className="setup-checklist"
      aria-label={fill(siteAdminWords.gettingStartedWith, { name: siteName })}
    >
      <div className="setup-head">
        <h3>{siteAdminWords.gettingStarted}</h3>
        <span className="muted">
          {fill(siteAdminWords.stepsDone, { done, total: steps.length })}
        </span>
      </div>
      <progress
        max={steps.length}
        value={done}
        aria-label={fill(siteAdminWords.stepsDoneLabel, { done, total: steps.length })}
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
                <span className="visually-hidden"> {siteAdminWords.stepDone}</span>
              </span>
            ) : step.tab ? (
              <Link to={`${editorPath}?tab=${step.tab}`}>{step.label}</Link>
            ) : (
              <span>
                {fillNodes(siteAdminWords.stepSharedWithHint, {
                  step: <Link to={sharePath}>{step.label}</Link>,
                  hint: <span className="muted">{siteAdminWords.stepSharedHint}</span>,
                })}
              </span>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
