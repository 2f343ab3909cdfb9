import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Mail } from "lucide-react";
import { getModePage, getPage } from "#content/index";
import { getRequestContext } from "~/utils/context.server";
import { pageMeta } from "~/utils/seo";

// Static page: no `hydrate` handle, so no JavaScript bundle. <details> accordions need none.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { contentKey, env } = getRequestContext(request, context);
  return {
    faq: getModePage(contentKey, env.LAUNCH_MODE, "faq"),
    contactEmail: getPage(contentKey, "site").contactEmail,
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageMeta(matches, "faq", data?.faq.meta);

export default function Faq() {
  const { faq, contactEmail } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold text-slate-900 sm:text-4xl">{faq.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{faq.intro}</p>

      {faq.categories.map((category, categoryIndex) => (
        <section key={category.title} className="mt-10" aria-labelledby={`faq-category-${categoryIndex}`}>
          <h2 id={`faq-category-${categoryIndex}`} className="text-xl font-bold text-brand-strong">
            {category.title}
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {category.items.map((item, itemIndex) => (
              <details
                key={item.question}
                className="group px-5 py-4"
                // The first question starts open; no `name`, so several can be open at once.
                open={categoryIndex === 0 && itemIndex === 0}
              >
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                  <span>{item.question}</span>
                  <span aria-hidden="true" className="text-xl leading-none text-brand-strong transition-transform group-open:rotate-45">
                    +
                  </span>
                </summary>
                <div className="mt-3 space-y-3 text-slate-700">
                  {item.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}

      <section className="mt-12 rounded-2xl bg-brand-soft px-6 py-8 text-center" aria-labelledby="faq-contact">
        <h2 id="faq-contact" className="text-xl font-bold text-slate-900">
          {faq.contact.title}
        </h2>
        <p className="mt-2 text-slate-700">{faq.contact.text}</p>
        <a
          href={`mailto:${contactEmail}`}
          className="mt-5 inline-flex items-center gap-2 rounded-lg bg-brand-strong px-5 py-3 font-semibold text-white hover:bg-brand"
        >
          <Mail aria-hidden="true" className="h-5 w-5" />
          {faq.contact.buttonLabel}
        </a>
      </section>
    </div>
  );
}
