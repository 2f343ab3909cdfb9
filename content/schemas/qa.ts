import { z } from "zod";

const text = z.string().min(1);
/** A site path as the route table has it ("/test-content"); the page adds the variant's query. */
const path = z.string().regex(/^\/[a-z0-9_./-]*$/);

const entry = z.object({ path, what: text });

/**
 * The staff pages' copy (not per variant): the QA index at /qa and the outbox viewer at /dev/outbox.
 * tests/unit/qa.test.ts checks it against this schema and the route table.
 */
export const qaSchema = z.object({
  index: z.object({
    title: text,
    purpose: text,
    /** Sections of the index, each a list of pages with one line on what it is for. */
    sections: z.array(z.object({ heading: text, note: z.string(), pages: z.array(entry).min(1) })).min(1),
    /** Where the route table's pages no section describes are listed. */
    others: z.object({ heading: text, note: z.string() }),
    /** Route table paths that are no page to open (posted to, or machine endpoints). */
    unlisted: z.array(path),
    /** The three variants' landing pages, linked with the variant's query. */
    variants: z.object({
      heading: text,
      note: text,
      list: z.array(z.object({ key: z.enum(["genius", "icehockey", "tennis"]), what: text })).length(3),
    }),
    signIn: z.object({
      heading: text,
      /** On a loopback host: how to make an admin (and the seeded one). '{email}' is the seed's default address. */
      local: z.string().includes("{email}"),
      /** On a preview: never a password, only where to get it. */
      preview: text,
      /** The default SEED_ADMIN_EMAIL (scripts/lib/seed-data.mjs). */
      defaultEmail: z.string().email(),
      link: text,
    }),
  }),
  outbox: z.object({
    title: text,
    local: text,
    preview: text,
    /** Followed by a link to the JSON. */
    sameList: text,
    search: z.object({ label: text, hint: text, submit: text, clear: text }),
    /** '{page}' is filled. */
    pageOf: z.string().includes("{page}"),
    newer: text,
    older: text,
    empty: text,
    /** '{to}' is filled. */
    noMatch: z.string().includes("{to}"),
    badPage: text,
    badTo: text,
    fields: z.object({ to: text, template: text, status: text, lastError: text, created: text }),
    /** '{count}' is filled. */
    attempts: z.object({ one: z.string().includes("{count}"), other: z.string().includes("{count}") }),
    links: text,
    noLinks: text,
    text: text,
    html: text,
  }),
});

export type QaContent = z.infer<typeof qaSchema>;
