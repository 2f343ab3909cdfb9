import { decode, encode } from "turbo-stream";
import { describe, expect, it } from "vitest";

/**
 * Loader data reaches the browser through turbo-stream. An object with an own "__proto__" key (as
 * JSON.parse makes from a request body) must come out with that key as data: the decoder may not
 * hand the value to the __proto__ setter, or the sender picks the decoded object's prototype.
 */

function streamOf(text: string): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      controller.close();
    },
  });
}

async function decodeText(text: string): Promise<unknown> {
  const decoded = await decode(streamOf(text));
  await decoded.done;
  return decoded.value;
}

async function roundTrip(value: unknown): Promise<unknown> {
  const encoded = encode(value);
  const text = await new Response(encoded).text();
  return decodeText(text);
}

describe("turbo-stream decodes an own __proto__ key as data", () => {
  it("keeps the key on a stream written by hand", async () => {
    // [object {key 1: value 2}, "__proto__", object {key 3: value 4}, "isAdmin", true]
    const value = (await decodeText('[{"_1":2},"__proto__",{"_3":4},"isAdmin",true]\n')) as Record<string, unknown>;

    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(Object.getOwnPropertyDescriptor(value, "__proto__")?.value).toEqual({ isAdmin: true });
    expect((value as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });

  it("keeps the key on loader data that came from JSON.parse", async () => {
    const sent = { lead: JSON.parse('{"name":"Ada","__proto__":{"role":"admin"}}') as Record<string, unknown> };
    const value = (await roundTrip(sent)) as { lead: Record<string, unknown> };

    expect(Object.getPrototypeOf(value.lead)).toBe(Object.prototype);
    expect(Object.keys(value.lead)).toEqual(["name", "__proto__"]);
    expect((value.lead as { role?: unknown }).role).toBeUndefined();
    expect(value.lead.name).toBe("Ada");
  });
});
