import { describe, expect, it } from "vitest";
import { countCalls, countD1, memoryQueue } from "./helpers/count-d1";
import { useLocalD1 } from "./helpers/local-d1";

/** The budget counters themselves: D1 statements as D1 counts them, fetches and queue sends. */

const d1 = useLocalD1();

describe("countD1", () => {
  it("counts each call, each statement of a batch and each statement of an exec", async () => {
    const counter = countD1(d1.db);
    const db = counter.db;
    await db.exec("CREATE TABLE IF NOT EXISTS counted (n INTEGER);\nDELETE FROM counted;");
    expect(counter.statements).toBe(2);
    await db.prepare("INSERT INTO counted (n) VALUES (?)").bind(1).run();
    await db.prepare("SELECT n FROM counted").first();
    await db.prepare("SELECT n FROM counted").all();
    await db.prepare("SELECT n FROM counted").raw();
    expect(counter.statements).toBe(6);
    const insert = db.prepare("INSERT INTO counted (n) VALUES (?)");
    await db.batch([insert.bind(2), insert.bind(3), insert.bind(4)]);
    expect(counter.statements).toBe(9);
    expect((await d1.db.prepare("SELECT COUNT(*) AS n FROM counted").first<{ n: number }>())?.n).toBe(4);
    counter.reset();
    expect(counter.statements).toBe(0);
  });
});

describe("countCalls", () => {
  it("counts fetches, queue sends and the messages they carry", async () => {
    const calls = countCalls(async () => new Response("ok"));
    await calls.fetch("https://example.com/");
    const queue = calls.queue(memoryQueue<{ id: string }>());
    await queue.send({ id: "a" });
    await queue.sendBatch([{ body: { id: "b" } }, { body: { id: "c" } }]);
    expect([calls.fetches, calls.queueSends, calls.messages]).toEqual([1, 2, 3]);
    calls.reset();
    expect([calls.fetches, calls.queueSends, calls.messages]).toEqual([0, 0, 0]);
  });
});
