import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { contentByVariant, type ContentKey } from "#content/index";
import { EMAIL_TEMPLATES, mailKindOf, offersUnsubscribe } from "#content/schemas/emails";
import { renderEmail } from "#emails/render.server";
import { sampleEmailData, sampleUnsubscribeLink } from "#emails/sample-data";
import { EmailPreview } from "~/components/mail/EmailPreview";
import { QaPage } from "~/components/qa/QaPanel";
import { qaMeta } from "~/qa/qa";
import { qaHeaders, qaLoader, qaPanel } from "~/qa/qa.server";
import Home from "./home";

const KEYS: ContentKey[] = ["genius", "icehockey", "tennis"];
/** Genius has no clubs (docs/decisions/039-clubs.md): it never sends their mail, so QA does not see it there. */
const sentBy = (key: ContentKey) => EMAIL_TEMPLATES.filter((template) => key !== "genius" || template !== "club-confirm");

/**
 * /test-email-templates (SPEC 2.15): every template for every variant with sample data.
 * Hidden (404 showing the home page) when QA_PAGES=off, through the shared QA gate.
 */
export const loader = (args: LoaderFunctionArgs) =>
  qaLoader(args, async (ctx) => ({
    panel: qaPanel(ctx),
    editions: await Promise.all(
      KEYS.map(async (key) => ({
        key,
        title: contentByVariant[key].site.title,
        emails: await Promise.all(
          sentBy(key).map(async (template) => ({
            template,
            kind: mailKindOf(template),
            ...(await renderEmail(template, key, {
              ...sampleEmailData(key, ctx.url.origin, ctx.env.APP_SIGNIN_URL),
              // As the mailer renders them: the configured controller, and an unsubscribe link where the mail offers one.
              controller: { name: ctx.env.CONTROLLER_NAME, address: ctx.env.CONTROLLER_ADDRESS, email: ctx.env.CONTROLLER_EMAIL },
              unsubscribeLink: offersUnsubscribe(template) ? sampleUnsubscribeLink(key, ctx.url.origin) : null,
            })),
          })),
        ),
      })),
    ),
  }));

export const headers = qaHeaders;

export const meta = qaMeta("e-mail templates");

export default function TestEmailTemplates() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.qaHidden) return <Home />;
  return (
    <QaPage
      title="E-mail templates"
      purpose="Every template for every variant, rendered with sample data (plan, invite link, app link)."
      panel={loaded.panel}
    >
      {loaded.editions.map((edition) => (
        <section key={edition.key} className="mt-10" data-testid={`edition-${edition.key}`}>
          <h2 className="text-2xl font-semibold text-slate-900">
            {edition.title} ({edition.key})
          </h2>
          {edition.emails.map((email) => (
            <article key={email.template} className="mt-6" data-testid={`email-${edition.key}-${email.template}`}>
              <h3 className="text-lg font-semibold text-slate-900">
                {email.template} <span className="text-sm font-normal text-slate-600">({email.kind})</span>
              </h3>
              <p className="mb-2 text-sm text-slate-700">
                Subject: <span data-testid="subject">{email.subject}</span>
              </p>
              <EmailPreview title={`${edition.title} ${email.template} e-mail`} html={email.html} />
            </article>
          ))}
        </section>
      ))}
    </QaPage>
  );
}
