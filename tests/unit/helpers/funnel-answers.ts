import { getPage, type ContentKey } from "#content/index";

type Fields = [string, string][];

/** Steps 1 and 2 of the assessment answered with the variant's own options (the `ageBand`-th age band, one child). */
export function funnelAnswers(key: ContentKey, ageBand = 0): [Fields, Fields] {
  const options = getPage(key, "options");
  return [
    [
      ["step", "1"],
      ["children[0].ageBand", options.ageBands[ageBand].value],
      ["children[0].time", options.time[0].value],
    ],
    [
      ["step", "2"],
      ["focus", options.focus[0].value],
      ["goals", options.goals[0].value],
      ["concern", options.concerns[0].value],
    ],
  ];
}
