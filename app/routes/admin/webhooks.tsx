import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { adminRoute } from "~/admin/admin-route.server";
import { auditChange } from "~/admin/audit.server";
import { getBackend } from "~/data/backend.server";
import { formatUtc } from "~/admin/columns";
import { adminDocumentHeaders } from "~/admin/headers";
import { AdminErrorBoundary } from "~/components/admin/AdminErrorBoundary";
import { AdminPage } from "~/components/admin/AdminPage";
import { ACTION_CELL, AdminTable } from "~/components/admin/AdminTable";
import { log } from "~/platform/log.server";
import { useLinkTo } from "~/utils/root-data";
import { addEndpoint, replayDelivery, rotateSecret, sendTestEvent, setEnabled, webhooksPage } from "~/webhooks/admin.server";

/**
 * /admin/webhooks (issue 35, ADR 038): endpoints with the events they want, the secret shown once
 * (in the answer that made it, never stored in a cookie or shown again), rotate, disable, the
 * delivery log with replay, and a test event. Works without JavaScript: every button is a form.
 */
export const headers = adminDocumentHeaders;
export const ErrorBoundary = AdminErrorBoundary;

export async function loader(args: LoaderFunctionArgs) {
  const admin = await adminRoute(args);
  const page = await admin.read("webhooks", () => webhooksPage(admin.ctx));
  return admin.respond({ copy: admin.copy, ...page, toasts: admin.takeToasts() });
}

export async function action(args: ActionFunctionArgs) {
  const admin = await adminRoute(args);
  const { ctx } = admin;
  const text = admin.copy.webhooks;
  const form = await args.request.formData();
  const field = (name: string) => String(form.get(name) ?? "").slice(0, 2000);
  const intent = form.get("intent");
  const page = await webhooksPage(ctx);
  const answer = async (payload: { error?: string; secret?: string; notice?: string; url?: string; events?: string[] }, status = 200) =>
    admin.respond({ copy: admin.copy, ...page, toasts: [], ...payload }, { status, headers: { "Cache-Control": "no-store" } });
  try {
    if (intent === "add") {
      const outcome = await addEndpoint(ctx, { id: field("id"), url: field("url"), events: form.getAll("events").map(String) });
      // A refused form comes back as it was typed: the URL and the ticked events.
      const typed = { url: field("url"), events: form.getAll("events").map(String) };
      if (outcome.kind === "refused") return answer({ error: text.refused[outcome.reason], ...typed }, 400);
      if (outcome.kind === "no-events") return answer({ error: text.noEvents, ...typed }, 400);
      if (outcome.kind === "already") return answer({ notice: text.alreadyAdded });
      // The host only: a receiver's path or query may carry its own token.
      await auditChange(admin, "webhooks.add", field("id"), new URL(field("url")).host);
      // Answered, not redirected: the secret is in this one response and nowhere else.
      return answer({ notice: text.added, secret: outcome.secret, ...(await webhooksPage(ctx)) });
    }
    if (intent === "rotate") {
      const outcome = await rotateSecret(ctx, field("id"), field("version"));
      if (outcome.kind === "missing") return answer({ error: text.unknownAction }, 404);
      if (outcome.kind === "already") return answer({ notice: text.alreadyRotated });
      await auditChange(admin, "webhooks.rotate", field("id"));
      return answer({
        notice: `${text.rotated} ${text.rotatedGrace.replace("{until}", formatUtc(outcome.until))}`,
        secret: outcome.secret,
        ...(await webhooksPage(ctx)),
      });
    }
    if (intent === "enable" || intent === "disable") {
      const before = await getBackend(ctx).webhooks.getEndpoint(field("id"));
      if (!(await setEnabled(ctx, field("id"), intent === "enable"))) return answer({ error: text.unknownAction }, 404);
      // A repeat finds it so already: one audit row.
      if (before && before.enabled !== (intent === "enable")) await auditChange(admin, `webhooks.${intent}`, field("id"));
      admin.toast(intent === "enable" ? text.enabled : text.disabled);
    } else if (intent === "test") {
      admin.toast((await sendTestEvent(ctx, field("id"), field("event"))) ? text.testSent : text.testNotSent);
    } else if (intent === "replay") {
      const replayed = await replayDelivery(ctx, field("id"));
      if (replayed === "missing") return answer({ error: text.unknownAction }, 404);
      if (replayed === "cancelled") return answer({ error: text.replayCancelled }, 409);
      await auditChange(admin, "webhooks.replay", field("id"));
      admin.toast(text.replayed);
    } else {
      return answer({ error: text.unknownAction }, 400);
    }
  } catch (error) {
    log.error("admin.action_failed", { action: `webhooks-${String(intent)}` }, error);
    return answer({ error: admin.copy.messages.updateFailed }, 503);
  }
  return admin.redirect(ctx.url.pathname + ctx.url.search, 303);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.copy.webhooks.title ?? "Webhooks" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Webhooks() {
  const loaded = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // An answer carries the page as it was after the action (the new endpoint listed) and the secret once.
  const { copy, endpoints, deliveries, eventTypes, formId, toasts } = answer ?? loaded;
  const text = copy.webhooks;
  const linkTo = useLinkTo();
  const here = linkTo("admin/webhooks");
  const button = "rounded border border-slate-400 px-2 py-1 font-semibold whitespace-nowrap hover:bg-slate-100";
  const urlOf = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return (
    <AdminPage title={text.title} intro={text.intro} toasts={toasts} toastCopy={copy.toasts} dismissHref={here}>
      {answer?.error ? (
        <p role="alert" className="mb-4 rounded-lg bg-red-50 px-4 py-2 text-red-900">
          {answer.error}
        </p>
      ) : null}
      {answer?.notice ? (
        <p role="status" className="mb-4 rounded-lg bg-green-50 px-4 py-2 text-green-900">
          {answer.notice}
        </p>
      ) : null}
      {answer?.secret ? (
        <section className="mb-6 rounded-lg border border-amber-400 bg-amber-50 p-4" aria-labelledby="secret-heading">
          <h2 id="secret-heading" className="font-semibold text-slate-900">
            {text.secretHeading}
          </h2>
          <p className="text-sm text-slate-800">{text.secretNote}</p>
          <output data-testid="webhook-secret" className="mt-2 block font-mono break-all text-slate-900">
            {answer.secret}
          </output>
        </section>
      ) : null}

      <h2 className="mb-2 text-lg font-semibold text-slate-900">{text.addHeading}</h2>
      <Form method="post" action={here} className="mb-8 space-y-3" key={formId}>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="id" value={formId} />
        <label className="flex flex-col text-sm">
          {text.url}
          <input
            name="url"
            type="url"
            required
            defaultValue={answer?.url}
            aria-describedby="webhook-url-hint"
            className="mt-1 max-w-xl rounded border border-slate-400 px-2 py-1 font-mono"
          />
          <span id="webhook-url-hint" className="text-slate-600">
            {text.urlHint}
          </span>
        </label>
        <fieldset className="text-sm">
          <legend>{text.events}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {eventTypes.map((type) => (
              <label key={type} className="flex items-center gap-1 font-mono">
                <input type="checkbox" name="events" value={type} defaultChecked={answer?.events?.includes(type)} />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={button}>
          {text.add}
        </button>
      </Form>

      <h2 className="mb-2 text-lg font-semibold text-slate-900">{text.endpointsHeading}</h2>
      {endpoints.length === 0 ? (
        <p className="mb-8">{text.none}</p>
      ) : (
        <AdminTable
          columns={{ url: text.columns.url, events: text.columns.events, state: text.columns.state, actions: text.columns.actions }}
          caption={text.endpointsHeading}
          testId="webhook-endpoints"
          className="mb-8"
          actions
        >
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id} className="border-b border-slate-200 align-top" data-url={endpoint.url}>
              <td className="min-w-56 px-3 py-2 font-mono break-all">{endpoint.url}</td>
              <td className="min-w-48 px-3 py-2 font-mono">{endpoint.events.join(", ")}</td>
              <td className="px-3 py-2">{endpoint.enabled ? text.enabled : text.disabled}</td>
              <td className={`px-3 py-2 ${ACTION_CELL}`}>
                <div className="flex flex-wrap gap-2">
                  <Form method="post" action={here}>
                    <input type="hidden" name="intent" value={endpoint.enabled ? "disable" : "enable"} />
                    <input type="hidden" name="id" value={endpoint.id} />
                    <button type="submit" className={button}>
                      {endpoint.enabled ? text.disable : text.enable}
                    </button>
                  </Form>
                  <Form method="post" action={here}>
                    <input type="hidden" name="intent" value="rotate" />
                    <input type="hidden" name="id" value={endpoint.id} />
                    <input type="hidden" name="version" value={endpoint.updated_at} />
                    <button type="submit" className={button}>
                      {text.rotate}
                    </button>
                  </Form>
                  <Form method="post" action={here}>
                    <input type="hidden" name="intent" value="test" />
                    <input type="hidden" name="id" value={endpoint.id} />
                    <input type="hidden" name="event" value={`${formId}:${endpoint.id}`} />
                    <button type="submit" className={button}>
                      {text.sendTest}
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      <h2 className="mb-2 text-lg font-semibold text-slate-900">{text.deliveriesHeading}</h2>
      {deliveries.length === 0 ? (
        <p>{text.noDeliveries}</p>
      ) : (
        <AdminTable columns={text.deliveryColumns} caption={text.deliveriesHeading} testId="webhook-deliveries" actions>
          {deliveries.map((delivery) => (
            <tr key={delivery.id} className="border-b border-slate-200" data-id={delivery.id} data-status={delivery.status}>
              <td className="px-3 py-2 font-mono text-xs break-all">{delivery.id}</td>
              <td className="px-3 py-2 font-mono">{delivery.event_type}</td>
              <td className="px-3 py-2 font-mono" title={urlOf.get(delivery.endpoint_id)}>
                {hostOf(urlOf.get(delivery.endpoint_id)) ?? delivery.endpoint_id}
              </td>
              <td className="px-3 py-2">{text.statuses[delivery.status]}</td>
              <td className="px-3 py-2">{delivery.attempts}</td>
              <td className="px-3 py-2">{delivery.last_response_code ?? "–"}</td>
              <td className="px-3 py-2">{delivery.last_latency_ms === null ? "–" : `${delivery.last_latency_ms} ms`}</td>
              <td className="px-3 py-2">
                <time dateTime={delivery.created_at}>{formatUtc(delivery.created_at)}</time>
              </td>
              <td className={`px-3 py-2 ${ACTION_CELL}`}>
                {/* A cancelled delivery's lead was erased: there is nothing to send again. */}
                {delivery.status === "cancelled" ? null : (
                  <Form method="post" action={here}>
                    <input type="hidden" name="intent" value="replay" />
                    <input type="hidden" name="id" value={delivery.id} />
                    <button type="submit" className={button}>
                      {text.replay}
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </AdminPage>
  );
}

/** The log names an endpoint by its host (the whole URL in its title): a catch-hook URL would fill the row. */
function hostOf(url: string | undefined): string | undefined {
  return url ? new URL(url).host : undefined;
}
