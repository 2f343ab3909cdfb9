import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { contentByVariant, type ContentKey } from "#content/index";
import { EMAIL_TEMPLATES } from "#content/schemas/emails";
import { renderEmail } from "#emails/render.server";
import { sampleEmailData } from "#emails/sample-data";
import { EmailPreview } from "~/components/mail/EmailPreview";
import { NOINDEX } from "~/mail/dev-pages.server";
import { getRequestContext } from "~/utils/context.server";
import Home, { loader as homeLoader, meta as homeMeta } from "./home";

const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];

/**
 * /test-email-templates (SPEC 2.15): every template for every variant with sample data.
 * Hidden (404 showing the home page) when QA_PAGES=off.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { env, url } = getRequestContext(args.request, args.context);
  if (env.QA_PAGES === "off") {
    return data({ ...(await homeLoader(args)), hidden: true as const, editions: [] }, { status: 404, headers: NOINDEX });
  }
  const editions = await Promise.all(
    KEYS.map(async (key) => ({
      key,
      title: contentByVariant[key].site.title,
      emails: await Promise.all(
        EMAIL_TEMPLATES.map(async (template) => ({
          template,
          ...(await renderEmail(template, key, sampleEmailData(key, url.origin, env.APP_SIGNIN_URL))),
        })),
      ),
    })),
  );
  return data({ hidden: false as const, editions }, { headers: NOINDEX });
}

export const headers = () => NOINDEX;

export const meta: MetaFunction<typeof loader> = (args) =>
  args.data?.hidden
    ? homeMeta(args as unknown as Parameters<typeof homeMeta>[0])
    : [{ title: "Test: e-mail templates" }, { name: "robots", content: "noindex, nofollow" }];

export default function TestEmailTemplates() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.hidden) return <Home />;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">E-mail templates</h1>
      <p className="mt-2 text-slate-700">
        Every template for every variant, rendered with sample data (plan, invite link, app link).
      </p>
      {loaded.editions.map((edition) => (
        <section key={edition.key} className="mt-10" data-testid={`edition-${edition.key}`}>
          <h2 className="text-2xl font-semibold text-slate-900">
            {edition.title} ({edition.key})
          </h2>
          {edition.emails.map((email) => (
            <article key={email.template} className="mt-6" data-testid={`email-${edition.key}-${email.template}`}>
              <h3 className="text-lg font-semibold text-slate-900">{email.template}</h3>
              <p className="mb-2 text-sm text-slate-700">
                Subject: <span data-testid="subject">{email.subject}</span>
              </p>
              <EmailPreview title={`${edition.title} ${email.template} e-mail`} html={email.html} />
            </article>
          ))}
        </section>
      ))}
    </section>
  );
}
