import { describe, expect, it } from "vitest";
import { getPage, type ContentKey } from "#content/index";
import { roadmapFor } from "~/funnel/roadmap";

const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];

describe.each(KEYS)("%s: the roadmap from the answers", (key) => {
  const copy = getPage(key, "roadmapPlan");
  const options = getPage(key, "options");

  it("every age band of the form belongs to exactly one stage", () => {
    for (const band of options.ageBands) {
      expect(
        copy.stages.filter((stage) => stage.bands.includes(band.value)),
        band.value,
      ).toHaveLength(1);
    }
  });

  it("every time answer has a schedule and every concern an answer", () => {
    expect(copy.schedule.map((entry) => entry.time).sort()).toEqual(options.time.map((time) => time.value).sort());
    expect(copy.concernAnswers.map((entry) => entry.concern).sort()).toEqual(options.concerns.map((concern) => concern.value).sort());
  });

  it("every number agrees with the session length and the pitch's 10 minutes", () => {
    const pitch = getPage(key, "roadmap").story.benefits.join(" ");
    expect(pitch).toContain(`${copy.sessionMinutes} minutes`);
    for (const { time: value, ...schedule } of copy.schedule) {
      expect(schedule.text, value).toMatch(new RegExp(`\\b${copy.sessionMinutes}[ -]minute`));
      // Any other number of minutes is the parent's own answer, quoted back.
      const label = options.time.find((option) => option.value === value)?.label ?? "";
      for (const [, n] of schedule.text.matchAll(/(\d+)[ -]minute/g)) {
        if (Number(n) !== copy.sessionMinutes) expect(label, `${value}: ${n} minutes`).toContain(n);
      }
    }
  });

  it("shows the parent's answers in the form's words, one outline per stage of their children", () => {
    const [young, old] = [options.ageBands[0], options.ageBands[options.ageBands.length - 1]];
    const focus = options.focus.slice(0, 2);
    const view = roadmapFor(key, {
      age_bands: [young.value, old.value],
      time_available: options.time[1].value,
      focus_areas: focus.map((item) => item.value),
      goals: [options.goals[0].value],
      biggest_concern: options.concerns[0].value,
    });
    const answers = Object.fromEntries(view.answers.map((answer) => [answer.label, answer.values]));
    expect(answers[copy.answers.ages]).toEqual([young.label, old.label]);
    expect(answers[copy.answers.focus]).toEqual(focus.map((item) => item.label));
    expect(answers[copy.answers.goals]).toEqual([options.goals[0].label]);
    expect(answers[copy.answers.concern]).toEqual([options.concerns[0].label]);
    expect(answers[copy.answers.time]).toEqual([options.time[1].label]);
    expect(view.concernAnswer).toBe(copy.concernAnswers.find((entry) => entry.concern === options.concerns[0].value)?.text);
    expect(view.schedule?.sessions).toBe(
      copy.sessionsLabel
        .replace("{sessions}", String(copy.schedule.find((entry) => entry.time === options.time[1].value)?.sessionsPerWeek))
        .replace("{minutes}", "10"),
    );
    expect(view.stages.map((stage) => stage.ages)).toEqual([[young.label], [old.label]]);
  });

  it("labels each week with what that week builds: four different labels per stage, whatever the answers", () => {
    const label = copy.focusLabel.split("{focus}")[0];
    for (const stage of copy.stages) {
      for (const focus_areas of [[], [options.focus[0].value]]) {
        const view = roadmapFor(key, { age_bands: [stage.bands[0]], time_available: null, focus_areas, goals: [], biggest_concern: null });
        const labels = view.stages[0].weeks.map((week) => week.focus);
        expect(labels, stage.id).toEqual(stage.weeks.map((week) => copy.focusLabel.replace("{focus}", week.focus)));
        expect(new Set(labels).size, stage.id).toBe(4);
        for (const text of labels) expect(text.startsWith(label) && text.length > label.length + 3, text).toBe(true);
      }
    }
  });

  it("two children's times: both shown, the schedule follows the tightest", () => {
    const [a, b] = [options.time[0], options.time[1]];
    const view = roadmapFor(key, {
      age_bands: [],
      time_available: `${b.value},${a.value}`,
      focus_areas: [],
      goals: [],
      biggest_concern: null,
    });
    expect(view.answers).toEqual([{ label: copy.answers.time, values: [a.label, b.label] }]);
    const entry = (value: string) => copy.schedule.find((item) => item.time === value)!;
    const tightest = [entry(a.value), entry(b.value)].sort((x, y) => x.sessionsPerWeek - y.sessionsPerWeek)[0];
    expect(view.schedule?.text).toBe(tightest.text);
  });

  it("leaves out what the parent did not answer", () => {
    const view = roadmapFor(key, { age_bands: [], time_available: null, focus_areas: [], goals: [], biggest_concern: null });
    expect(view).toEqual({ answers: [], schedule: null, concernAnswer: null, stages: [] });
  });
});
