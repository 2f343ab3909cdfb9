import { getPage, type ContentKey } from "#content/index";
import type { Lead } from "~/data/ports/lead-store";

/**
 * The personal part of /roadmap, from the answers on the parent's lead: their answers in the
 * form's own words, a schedule that agrees with the time they said they have, and four weeks per
 * age stage of their children. It names no child and shows no e-mail.
 */
export type RoadmapAnswers = Pick<Lead, "age_bands" | "time_available" | "focus_areas" | "goals" | "biggest_concern">;

export type RoadmapView = {
  answers: { label: string; values: string[] }[];
  schedule: { text: string; sessions: string } | null;
  concernAnswer: string | null;
  stages: { label: string; ages: string[]; weeks: { label: string; title: string; text: string; focus: string }[] }[];
};

type Option = { value: string; label: string };
const labelsOf = (options: Option[], values: string[]) =>
  values.map((value) => options.find((option) => option.value === value)?.label).filter((label): label is string => Boolean(label));

export function roadmapFor(key: ContentKey, lead: RoadmapAnswers): RoadmapView {
  const copy = getPage(key, "roadmapPlan");
  const options = getPage(key, "options");
  const ages = labelsOf(options.ageBands, lead.age_bands);
  const focus = labelsOf(options.focus, lead.focus_areas);
  // One time answer per child, stored comma-joined; the plan follows the tightest of them (fewest
  // sessions, then the option listed first, which is the least time).
  const answered = (lead.time_available ?? "").split(",");
  const times = options.time.map((option) => option.value).filter((value) => answered.includes(value));
  const time = times
    .map((value) => copy.schedule.find((entry) => entry.time === value))
    .filter((entry) => entry !== undefined)
    .reduce<(typeof copy.schedule)[number] | undefined>(
      (tightest, next) => (tightest && tightest.sessionsPerWeek <= next.sessionsPerWeek ? tightest : next),
      undefined,
    );

  const answers = [
    { label: copy.answers.ages, values: ages },
    { label: copy.answers.focus, values: focus },
    { label: copy.answers.goals, values: labelsOf(options.goals, lead.goals) },
    { label: copy.answers.concern, values: labelsOf(options.concerns, lead.biggest_concern ? [lead.biggest_concern] : []) },
    { label: copy.answers.time, values: labelsOf(options.time, times) },
  ].filter((answer) => answer.values.length > 0);

  // One outline per stage the children are in (two children of one stage share it), youngest first
  // as the content lists them. Each week names what it builds (the parent's focus areas are listed above).
  const stages = copy.stages
    .map((stage) => ({ stage, bands: stage.bands.filter((band) => lead.age_bands.includes(band)) }))
    .filter(({ bands }) => bands.length > 0)
    .map(({ stage, bands }) => ({
      label: stage.label,
      ages: labelsOf(options.ageBands, bands),
      weeks: stage.weeks.map((week, index) => ({
        label: copy.weekLabel.replace("{n}", String(index + 1)),
        title: week.title,
        text: week.text,
        focus: copy.focusLabel.replace("{focus}", week.focus),
      })),
    }));

  return {
    answers,
    schedule: time
      ? {
          text: time.text,
          sessions: copy.sessionsLabel
            .replace("{sessions}", String(time.sessionsPerWeek))
            .replace("{minutes}", String(copy.sessionMinutes)),
        }
      : null,
    concernAnswer: copy.concernAnswers.find((answer) => answer.concern === lead.biggest_concern)?.text ?? null,
    stages,
  };
}
