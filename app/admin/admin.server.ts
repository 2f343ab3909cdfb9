import { data, redirect } from "@remix-run/cloudflare";
import { getPage } from "#content/index";
import type { AuthService, AuthUser } from "~/auth/auth";
import { requestAuth } from "~/auth/session-auth.server";
import { getLeadStore } from "~/data/lead-store.server";
import type { RequestContext } from "~/utils/context.server";
import { linkTo } from "~/utils/links";
import { addToast, commitSession, getSession, takeToasts, type AppSession, type Toast } from "~/utils/session.server";
import { leadEditValidator, type LeadEditErrors } from "./edit-schema";
import { backValue, listQueryParams, parseBack } from "./list-query";

/**
 * The admin guard and the shared update/delete handlers of the admin pages (SPEC 2.14, 6, 8).
 * The guard runs in every loader and every action: the role is re-read on the server each time.
 */

export type Denied = { status: 401 | 403; message: string; signInHref: string | null; homeHref: string };

export type AdminAccess =
  | { ok: true; user: AuthUser; session: AppSession; auth: AuthService }
  | { ok: false; denied: Denied; session: AppSession; auth: AuthService };

export async function checkAdmin(request: Request, ctx: RequestContext): Promise<AdminAccess> {
  const session = await getSession(request, ctx);
  const auth = requestAuth(request, ctx, session);
  const user = await auth.getUser();
  const copy = getPage(ctx.contentKey, "admin").access;
  const homeHref = linkTo(ctx.variant, "home");
  if (!user) {
    return {
      ok: false,
      session,
      auth,
      denied: { status: 401, message: copy.notLoggedIn, signInHref: linkTo(ctx.variant, "signup", { mode: "signin" }), homeHref },
    };
  }
  if (user.role !== "admin") {
    return { ok: false, session, auth, denied: { status: 403, message: copy.accessDenied, signInHref: null, homeHref } };
  }
  return { ok: true, user, session, auth };
}

/** Headers of every admin response: not indexed, never cached, plus the auth adapter's cookies. */
export function adminHeaders(access: Pick<AdminAccess, "auth">, setCookie?: string): Headers {
  const headers = new Headers({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });
  access.auth.responseHeaders.forEach((value, key) => headers.append(key, value));
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return headers;
}

/** The refusal of a guarded action: the message and its status, nothing done. */
export function deniedResponse(access: Extract<AdminAccess, { ok: false }>) {
  return data(
    { ok: false as const, denied: access.denied, formError: access.denied.message, fieldErrors: {} as LeadEditErrors },
    { status: access.denied.status, headers: adminHeaders(access) },
  );
}

/** Takes the queued toasts for rendering; the returned Set-Cookie removes them from the session. */
export async function popToasts(access: Extract<AdminAccess, { ok: true }>, ctx: RequestContext) {
  const toasts: Toast[] = takeToasts(access.session);
  return { toasts, setCookie: toasts.length ? await commitSession(access.session, ctx) : undefined };
}

export function adminListHref(ctx: RequestContext, back: FormDataEntryValue | null) {
  return linkTo(ctx.variant, "admin/leads", listQueryParams(parseBack(back)));
}

/**
 * The shared loader of the single-lead pages (edit, delete): the guard, then the lead.
 * Returns `response` for a refusal or a missing lead; otherwise the lead and the way back to the list.
 */
export async function loadAdminLead(request: Request, ctx: RequestContext, id: string) {
  const copy = getPage(ctx.contentKey, "admin");
  const access = await checkAdmin(request, ctx);
  if (!access.ok) {
    const denied = { view: "denied" as const, copy, denied: access.denied };
    return { response: data(denied, { status: access.denied.status, headers: adminHeaders(access) }) };
  }
  const back = backValue(parseBack(ctx.url.searchParams.get("back")));
  const listHref = adminListHref(ctx, back);
  const missing = (message: string, status: number) => ({
    response: data({ view: "missing" as const, copy, listHref, message }, { status, headers: adminHeaders(access) }),
  });
  try {
    const lead = await getLeadStore(ctx).getById(ctx.leadTable, id);
    if (!lead) return missing(copy.messages.notFound, 404);
    return { response: null, copy, access, lead, back, listHref };
  } catch (error) {
    console.error("admin: loading a lead failed", error);
    return missing(copy.messages.fetchFailed, 503);
  }
}

export function planIdsOf(ctx: RequestContext): string[] {
  return getPage(ctx.contentKey, "plans").plans.map((plan) => plan.id);
}

type Ok = Extract<AdminAccess, { ok: true }>;

function failure(access: Ok, formError: string, status: number, fieldErrors: LeadEditErrors = {}) {
  return data({ ok: false as const, denied: null, formError, fieldErrors }, { status, headers: adminHeaders(access) });
}

async function backToList(access: Ok, ctx: RequestContext, back: FormDataEntryValue | null, toast: string) {
  addToast(access.session, { type: "success", message: toast });
  return redirect(adminListHref(ctx, back), {
    headers: adminHeaders(access, await commitSession(access.session, ctx)),
  });
}

/** Validates and saves the edit form of lead `id`; success goes back to the list with a toast. */
export async function updateLead(access: Ok, ctx: RequestContext, id: string, form: FormData) {
  const copy = getPage(ctx.contentKey, "admin");
  const result = await leadEditValidator(planIdsOf(ctx), copy.edit.errors).validate(form);
  if (result.error) return failure(access, copy.messages.invalid, 400, result.error.fieldErrors as LeadEditErrors);
  let saved = false;
  try {
    saved = (await getLeadStore(ctx).update(ctx.leadTable, id, result.data)) !== null;
  } catch (error) {
    console.error("admin: lead update failed", error);
    return failure(access, copy.messages.updateFailed, 503);
  }
  if (!saved) return failure(access, copy.messages.updateFailed, 404);
  return backToList(access, ctx, form.get("back"), copy.messages.updated);
}

/** Deletes lead `id`; success goes back to the list with a toast. */
export async function deleteLead(access: Ok, ctx: RequestContext, id: string, form: FormData) {
  const copy = getPage(ctx.contentKey, "admin");
  let removed = false;
  try {
    removed = await getLeadStore(ctx).delete(ctx.leadTable, id);
  } catch (error) {
    console.error("admin: lead delete failed", error);
    return failure(access, copy.messages.deleteFailed, 503);
  }
  if (!removed) return failure(access, copy.messages.deleteFailed, 404);
  return backToList(access, ctx, form.get("back"), copy.messages.deleted);
}

export type AdminActionData = {
  ok: false;
  denied: Denied | null;
  formError: string;
  fieldErrors: LeadEditErrors;
};
