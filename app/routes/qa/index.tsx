import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { qa } from "#content/qa";
import { CodeText } from "~/components/qa/CodeText";
import { QaPage } from "~/components/qa/QaPanel";
import Home from "~/routes/home";
import { qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import { qaMeta } from "~/qa/qa";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import type { Variant } from "~/utils/variant";
import routeConfig from "~/routes";
import type { RouteConfigEntry } from "@remix-run/route-config";

const copy = qa.index;

const VARIANTS: Record<(typeof copy.variants.list)[number]["key"], { variant: Variant; params: Record<string, string> }> = {
  genius: { variant: { domain: "genius" }, params: { domain: "genius" } },
  icehockey: { variant: { domain: "champion", sport: "icehockey" }, params: {} },
  tennis: { variant: { domain: "champion", sport: "tennis" }, params: {} },
};

/** The route table's pages one can open: no path parameters, no machine endpoints. */
function tablePages(): string[] {
  const paths: string[] = [];
  const walk = (entries: RouteConfigEntry[]) => {
    for (const entry of entries) {
      if (entry.children) walk(entry.children);
      else paths.push(`/${entry.path ?? ""}`);
    }
  };
  walk(routeConfig);
  // Not the index itself: it is the page being read.
  return [...new Set(paths)].filter((path) => path !== "/qa" && !/[:*]/.test(path) && !copy.unlisted.includes(path));
}

/** The described sections, then every other page of the route table: a new route is listed without a word here. */
function sections(): { heading: string; note: string; pages: { path: string; what: string }[] }[] {
  const pages = tablePages();
  const described = copy.sections.map((section) => ({ ...section, pages: section.pages.filter((page) => pages.includes(page.path)) }));
  const seen = new Set(described.flatMap((section) => section.pages.map((page) => page.path)));
  const others = pages.filter((path) => !seen.has(path)).map((path) => ({ path, what: "" }));
  return [...described, ...(others.length ? [{ ...copy.others, pages: others }] : [])].filter((section) => section.pages.length);
}

/**
 * Which sign-in hint the index may give: how to make an admin on a loopback host (and the seeded one), only "the password given to QA" on a preview, none on any other host.
 */
function signInMode({ isLocal, env }: RequestContext): "local" | "preview" | null {
  if (isLocal) return "local";
  return env.PREVIEW_MODE === "on" ? "preview" : null;
}

export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, (ctx) => ({
    panel: qaPanel(ctx),
    // Every link keeps the variant the index was opened in, as the other QA pages' links do.
    sections: sections().map((section) => ({
      ...section,
      pages: section.pages.map((page) => ({ ...page, href: linkTo(ctx.variant, page.path) })),
    })),
    variants: copy.variants.list.map(({ key, what }) => {
      const href = linkTo(VARIANTS[key].variant, "/", VARIANTS[key].params);
      return { key, what, href };
    }),
    signIn: signInMode(ctx),
    signInHref: linkTo(ctx.variant, "signup", { mode: "signin" }),
  }));
export const headers = qaHeaders;
export const meta = qaMeta(copy.title);

/** GET /qa: the index of the QA pages, one line each on what it is for, and how to sign in as the QA admin. */
export default function QaIndex() {
  const data = useLoaderData<typeof loader>();
  if (data.qaHidden) return <Home />;
  const link = "font-mono text-brand-strong underline break-all";
  return (
    <QaPage title={copy.title} purpose={copy.purpose} panel={data.panel} panelLast>
      {data.signIn ? (
        <section aria-labelledby="qa-sign-in" className="rounded-xl border border-slate-300 p-5">
          <h2 id="qa-sign-in" className="text-xl font-semibold text-slate-900">
            {copy.signIn.heading}
          </h2>
          <p className="mt-2 text-slate-700">
            <CodeText
              text={data.signIn === "local" ? copy.signIn.local.replace("{email}", `\`${copy.signIn.defaultEmail}\``) : copy.signIn.preview}
            />
          </p>
          <p className="mt-2">
            <a className="text-brand-strong underline" href={data.signInHref}>
              {copy.signIn.link}
            </a>
          </p>
        </section>
      ) : null}
      {data.sections.map((section, index) => (
        <section key={section.heading} aria-labelledby={`qa-section-${index}`}>
          <h2 id={`qa-section-${index}`} className="text-xl font-semibold text-slate-900">
            {section.heading}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{section.note}</p>
          <ul className="mt-3 space-y-2">
            {section.pages.map((page) => (
              <li key={page.path} className="text-slate-800">
                <a className={link} href={page.href}>
                  {page.path}
                </a>
                {page.what ? (
                  <>
                    : <CodeText text={page.what} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ))}
      <section aria-labelledby="qa-variants">
        <h2 id="qa-variants" className="text-xl font-semibold text-slate-900">
          {copy.variants.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{copy.variants.note}</p>
        <ul className="mt-3 space-y-2">
          {data.variants.map((v) => (
            <li key={v.key} className="text-slate-800">
              <a className={link} href={v.href}>
                {v.href}
              </a>
              : {v.what}
            </li>
          ))}
        </ul>
      </section>
    </QaPage>
  );
}
