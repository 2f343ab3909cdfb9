import { describe, expect, it } from "vitest";
import { splitStatements } from "../e2e/d1";

describe("splitStatements (the e2e D1 helper)", () => {
  it("splits a script at semicolons and drops empty statements", () => {
    expect(splitStatements("SELECT 1; SELECT 2 ;\n;")).toEqual(["SELECT 1", "SELECT 2"]);
  });

  it("keeps semicolons inside quoted strings and identifiers", () => {
    expect(splitStatements(`INSERT INTO t (a) VALUES ('x; y'); SELECT "a;b" FROM t; SELECT 'it''s; fine'`)).toEqual([
      "INSERT INTO t (a) VALUES ('x; y')",
      'SELECT "a;b" FROM t',
      "SELECT 'it''s; fine'",
    ]);
  });
});
