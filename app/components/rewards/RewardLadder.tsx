import { Form } from "@remix-run/react";
import { counted } from "#content/plural";
import { Gift, Lock, Unlock } from "lucide-react";
import type { Ladder } from "~/rewards/status.server";

/**
 * The reward ladder on the status page (ADR 035): how many friends to the next reward as text, a
 * native <progress> bar (no JavaScript), and each step, unlocked or not, with what it gives: the
 * download link, the code behind "Show my code" (a plain POST), the places, the perk's state.
 */
export function RewardLadder({ ladder }: { ladder: Ladder }) {
  const { copy, credited, steps, next } = ladder;
  const target = next?.threshold ?? Math.max(...steps.map((step) => step.threshold));
  return (
    <section
      id="rewards"
      aria-labelledby="rewards-title"
      className="mt-8 rounded-xl border border-slate-200 p-6"
      data-testid="reward-ladder"
    >
      <h2 id="rewards-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Gift aria-hidden="true" className="h-5 w-5 text-brand" />
        {copy.title}
      </h2>
      <p className="mt-3 text-slate-800" data-testid="reward-next">
        {next ? counted(copy.next, next.count, { title: next.title }) : copy.allUnlocked}
      </p>
      <label className="mt-3 block text-sm text-slate-700">
        {counted(copy.progress, target, { credited: Math.min(credited, target) })}
        <progress
          className="mt-1 block h-3 w-full accent-brand"
          max={target}
          value={Math.min(credited, target)}
          data-testid="reward-progress"
        />
      </label>
      <ol className="mt-4 space-y-3">
        {steps.map((step) => (
          <li
            key={step.id}
            className={`rounded-lg p-4 ${step.unlocked ? "bg-brand-soft" : "bg-slate-50"}`}
            data-testid="reward-step"
            data-unlocked={step.unlocked ? "true" : "false"}
          >
            <p className="flex items-center gap-2 font-semibold text-slate-900">
              {step.unlocked ? <Unlock aria-hidden="true" className="h-4 w-4" /> : <Lock aria-hidden="true" className="h-4 w-4" />}
              <span>{step.title}</span>
              <span className="ml-auto text-sm font-normal text-slate-700">
                {step.unlocked ? copy.unlocked : counted(copy.locked, step.threshold)}
              </span>
            </p>
            <p className="mt-1 text-slate-700">{step.description}</p>
            {step.unlocked ? <Unlocked step={step} copy={copy} /> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Unlocked({ step, copy }: { step: Ladder["steps"][number]; copy: Ladder["copy"] }) {
  if (step.kind === "download" && step.downloadHref) {
    return (
      <a href={step.downloadHref} className="mt-2 inline-block font-semibold text-brand-strong underline" data-testid="reward-download">
        {copy.download}
      </a>
    );
  }
  if (step.kind === "code") {
    if (step.code) {
      return (
        <p className="mt-2 text-slate-900">
          {copy.code}{" "}
          <code className="rounded bg-white px-2 py-1 font-mono font-bold" data-testid="reward-code">
            {step.code}
          </code>
        </p>
      );
    }
    if (step.codeHidden && step.earnedId) {
      return (
        <Form method="post" className="mt-2">
          <input type="hidden" name="reward" value={step.earnedId} />
          <button
            type="submit"
            name="intent"
            value="reveal-code"
            className="rounded-lg bg-brand px-4 py-2 font-semibold text-white shadow hover:bg-brand-strong"
          >
            {copy.revealCode}
          </button>
        </Form>
      );
    }
    return <p className="mt-2 text-slate-700">{copy.codeSoon}</p>;
  }
  if (step.kind === "places" && step.places) return <p className="mt-2 text-slate-800">{counted(copy.places, step.places)}</p>;
  if (step.kind === "perk") return <p className="mt-2 text-slate-800">{step.perkDone ? copy.perkDone : copy.perk}</p>;
  return null;
}
